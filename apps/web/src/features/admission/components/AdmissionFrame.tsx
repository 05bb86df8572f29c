import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Panel } from "../../../components/Panel";

/**
 * The admission form's panel and title. Part of the first download, so the title, the largest
 * text of the screen, is drawn before the form's code and data are in (ScreenPlaceholder).
 */
export function AdmissionFrame({ offline, children }: { offline: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Panel className="admission-card">
      <h1 className="page-title">{offline ? t("admission.offlineTitle") : t("admission.onlineTitle")}</h1>
      {children}
    </Panel>
  );
}
