import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** SPEC.md section 8: the generic 404 page. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="error-page">
      <Result
        status="404"
        title="404"
        subTitle={<h1 className="error-page__title">{t("notices.pageNotFound")}</h1>}
        extra={
          <Link to="/">
            <Button type="primary">{t("errors.backHome")}</Button>
          </Link>
        }
      />
    </main>
  );
}

/** SPEC.md section 8: the generic 500 page, shown when a screen fails to render. */
export function ServerErrorPage() {
  const { t } = useTranslation();
  return (
    <main className="error-page">
      <Result
        status="500"
        title="500"
        subTitle={<h1 className="error-page__title">{t("notices.serverError")}</h1>}
        extra={
          <Button type="primary" href="/">
            {t("errors.backHome")}
          </Button>
        }
      />
    </main>
  );
}
