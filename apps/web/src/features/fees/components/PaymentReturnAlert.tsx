import { Alert, Button } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes } from "../../../lib/paths";

/**
 * The outcomes the gateway's return lands on this screen with (`?payment=`); `refund` is money taken
 * for a term that could not take it (already paid, or re-priced), which the office gives back.
 */
const outcomes = ["success", "failure", "aborted", "rejected", "refund"] as const;
type Outcome = (typeof outcomes)[number];

const isOutcome = (value: string | null): value is Outcome => outcomes.includes(value as Outcome);

/** After the gateway: whether the term was paid, and when it was not, the way to try again. */
export function PaymentReturnAlert({ outcome }: { outcome: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!isOutcome(outcome)) return null;
  const paid = outcome === "success";
  // A rejected answer may have taken money: the office sorts it out, so no second attempt is offered.
  const canRetry = outcome === "failure" || outcome === "aborted";
  return (
    <Alert
      type={paid ? "success" : outcome === "refund" ? "warning" : "error"}
      showIcon
      className="notice-alert"
      title={t(`fees.return.${outcome}`)}
      action={
        canRetry ? (
          <Button size="small" onClick={() => void navigate(routes.feesDetail)}>
            {t("fees.tryAgain")}
          </Button>
        ) : undefined
      }
    />
  );
}
