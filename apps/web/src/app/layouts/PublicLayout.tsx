import { Outlet } from "react-router";
import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "../../components/LanguageSwitcher";

export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="public-layout">
      <header className="public-layout__header">
        <a href="/" className="brand">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{t("app.name")}</span>
        </a>
        <LanguageSwitcher variant="dark" />
      </header>
      <main className="public-layout__main">
        <Outlet />
      </main>
    </div>
  );
}
