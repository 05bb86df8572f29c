import type { SubmittedApplication } from "./admissions.repository.js";

/** What a submission answers: enough to show the status or start the payment. */
export function presentSubmission(row: SubmittedApplication) {
  return {
    applicationNo: row.applicationNo,
    applicationStatus: row.status,
    paymentStatus: row.paymentStatus,
    applicationFee: row.applicationFee,
  };
}
