import { Button } from "antd";
import { useTranslation } from "react-i18next";

/**
 * SPEC.md section 8's generic pages; a plain link home, since the router itself may be what failed.
 * Drawn without Ant Design's Result, whose illustrations would be in every visitor's first download,
 * and without a chunk of their own, which a failed download could not fetch.
 */
function ErrorPage({ status, messageKey }: { status: "404" | "500"; messageKey: string }) {
  const { t } = useTranslation();
  return (
    <div className="error-page">
      <p className="error-page__status">{status}</p>
      <h1 className="error-page__title">{t(messageKey)}</h1>
      <Button type="primary" href="/">
        {t("errors.backHome")}
      </Button>
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
