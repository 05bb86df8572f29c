import { useTranslation } from "react-i18next";

/** When and why a receipt was cancelled, in the reader's language and calendar. */
export function CancellationNote({ cancelledAt, reason }: { cancelledAt: string; reason: string | null }) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "medium", timeStyle: "short" });
  return <>{t("fees.transactions.cancellations.cancelledAs", { date: when.format(new Date(cancelledAt)), reason })}</>;
}
