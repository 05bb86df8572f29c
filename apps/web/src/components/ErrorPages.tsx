import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";

/** SPEC.md section 8's generic pages; a plain link home, since the router itself may be what failed. */
function ErrorPage({ status, messageKey }: { status: "404" | "500"; messageKey: string }) {
  const { t } = useTranslation();
  return (
    <div className="error-page">
      <Result
        status={status}
        title={status}
        subTitle={<h1 className="error-page__title">{t(messageKey)}</h1>}
        extra={
          <Button type="primary" href="/">
            {t("errors.backHome")}
          </Button>
        }
      />
    </div>
  );
}

/** Shown inside the public layout, which holds the page's <main>. */
export const NotFoundPage = () => <ErrorPage status="404" messageKey="notices.pageNotFound" />;

/** Shown instead of the whole app when a screen fails, so it brings its own landmark. */
export const ServerErrorPage = () => (
  <main>
    <ErrorPage status="500" messageKey="notices.serverError" />
  </main>
);
