import type { PaymentRefund } from "@admissions/shared";
import { Alert, Flex, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatRupees } from "../lib/fee-terms";

/**
 * Money the gateway took that paid nothing (a fee paid from two tabs, say): owed back until the office
 * records giving it back, then shown with when and how. Told once on the return from the gateway, it
 * was seen afterwards only in the office's Fees Transaction list. A refund with no year and term came
 * for the application fee: the applicant sees it on Payment Details, and still as a student here.
 */
export function PaymentRefunds({ refunds }: { refunds: PaymentRefund[] }) {
  const { t, i18n } = useTranslation();
  if (refunds.length === 0) return null;
  const day = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "medium" });
  const dayOf = (instant: string | null) => (instant ? day.format(new Date(instant)) : "-");
  return (
    <section aria-labelledby="payment-refunds-title">
      <Typography.Title level={2} id="payment-refunds-title" className="review-section-title payment-refunds__title">
        {t("fees.refundsOwed.title")}
      </Typography.Title>
      <Flex vertical gap={8}>
        {refunds.map((refund) => {
          const about = { amount: formatRupees(refund.amount), date: dayOf(refund.paidAt), year: refund.academicYear, term: refund.termNo, orderId: refund.orderId };
          const forApplication = refund.academicYear === null;
          return refund.status === "Due" ? (
            <Alert key={refund.orderId} type="warning" showIcon title={t(forApplication ? "fees.refundsOwed.dueApplicationFee" : "fees.refundsOwed.due", about)} />
          ) : (
            <Alert
              key={refund.orderId}
              type="info"
              showIcon
              title={t(forApplication ? "fees.refundsOwed.refundedApplicationFee" : "fees.refundsOwed.refunded", { ...about, refundedOn: dayOf(refund.refundedAt), reference: refund.reference ?? "-" })}
            />
          );
        })}
      </Flex>
    </section>
  );
}
