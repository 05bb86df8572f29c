import { Trans } from "react-i18next";

/**
 * "Receipt FEE-2026-000001" in the chosen language, where a narrow screen may break the line
 * between the word and the number but never inside the number at its hyphens: kept whole, the
 * text made Fees History wider than a 360 px phone.
 */
export function ReceiptNumbered({ receiptNo }: { receiptNo: string }) {
  return <Trans i18nKey="fees.receipt" values={{ receiptNo }} components={[<span key="number" className="unbroken" />]} />;
}
