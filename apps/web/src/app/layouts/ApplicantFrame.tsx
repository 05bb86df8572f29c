import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { routes } from "../../lib/paths";

/**
 * The applicant screens' top bar and main area, without what needs the session (the links) or Ant
 * Design (the language switcher, the menu button): those come as `barEnd` from ApplicantLayout. It is
 * part of the first download, unlike the layout, so a first visit draws the bar while the session
 * and the screen's code are on their way (ScreenPlaceholder).
 */
export function ApplicantFrame({ barEnd, children }: { barEnd?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="applicant-layout">
      <header className="applicant-bar">
        <Link to={routes.root} className="brand">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{t("app.name")}</span>
        </Link>
        {barEnd}
      </header>
      <main className="applicant-layout__main">{children}</main>
    </div>
  );
}
