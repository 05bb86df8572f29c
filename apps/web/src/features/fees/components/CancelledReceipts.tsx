import type { CancelledReceipt } from "@admissions/shared";
import { Alert, Flex, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { isolated } from "../../../lib/bidi";
import { formatRupees } from "../lib/fee-terms";

/**
 * Receipts of the student's that the office cancelled (a fee entered by mistake, a cheque that
 * bounced), with when and why: a term shown due again after a fee paid at the counter says here
 * what happened to that fee, besides the e-mail the student was sent.
 */
export function CancelledReceipts({ receipts }: { receipts: CancelledReceipt[] }) {
  const { t, i18n } = useTranslation();
  if (receipts.length === 0) return null;
  const day = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "medium" });
  return (
    <section aria-labelledby="cancelled-receipts-title">
      <Typography.Title level={2} id="cancelled-receipts-title" className="review-section-title payment-refunds__title">
        {t("fees.cancelledReceipts.title")}
      </Typography.Title>
      <Flex vertical gap={8}>
        {receipts.map((receipt) => (
          <Alert
            key={receipt.receiptNo}
            type="info"
            showIcon
            title={t("fees.cancelledReceipts.receipt", {
              receiptNo: isolated(receipt.receiptNo),
              amount: formatRupees(receipt.amount),
              year: receipt.academicYear,
              term: receipt.termNo,
              date: isolated(day.format(new Date(receipt.paidAt))),
              cancelledOn: isolated(day.format(new Date(receipt.cancelledAt))),
              reason: isolated(receipt.reason),
            })}
          />
        ))}
      </Flex>
    </section>
  );
}
