import { Spin } from "antd";
import { useTranslation } from "react-i18next";

export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <div className="full-page-loader" role="status" aria-live="polite">
      <Spin size="large" />
      <span className="visually-hidden">{t("common.loading")}</span>
    </div>
  );
}
