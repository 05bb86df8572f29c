import { useTranslation } from "react-i18next";
import { isolated } from "../../../lib/bidi";

/**
 * When, by whom and why a receipt was cancelled, in the reader's language and calendar; the reason,
 * typed in any language, is set apart from the sentence's direction. It wraps within a column of
 * its own width, so a long reason neither stretches a table nor squeezes its other columns.
 */
export function CancellationNote({ cancelledAt, cancelledBy, reason }: { cancelledAt: string; cancelledBy: string | null; reason: string | null }) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "medium", timeStyle: "short" });
  return (
    <span className="cancellation-note">
      {t("fees.transactions.cancellations.cancelledAs", { date: isolated(when.format(new Date(cancelledAt))), by: isolated(cancelledBy ?? "-"), reason: isolated(reason ?? "-") })}
    </span>
  );
}
