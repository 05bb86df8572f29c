import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Panel } from "./Panel";

/** An honest stand-in for a screen that is not built yet, inside its real layout. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Panel>
      <Typography.Title level={1} className="page-title">
        {t(titleKey)}
      </Typography.Title>
      <Typography.Paragraph>{t("placeholder.text")}</Typography.Paragraph>
    </Panel>
  );
}
