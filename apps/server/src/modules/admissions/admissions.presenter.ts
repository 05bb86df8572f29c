import type { ReadApplication, SubmittedApplication } from "./admissions.repository.js";

/** The application in SPEC.md's wire names: the stored form plus the numbers and statuses the office keeps. */
export function presentApplication(row: ReadApplication, userName: string) {
  return {
    ...(row.data as Record<string, unknown>),
    userName,
    isOffline: row.isOffline,
    applicationNo: row.applicationNo,
    admissionNo: row.admissionNo ?? "",
    applicationDate: row.applicationDate,
    applicationStatus: row.status,
    paymentStatus: row.paymentStatus,
    paymentRefNo: row.paymentRefNo,
    applicationFee: row.applicationFee,
  };
}

/** What a submission answers: enough to show the status or start the payment. */
export function presentSubmission(row: SubmittedApplication) {
  return {
    applicationNo: row.applicationNo,
    applicationStatus: row.status,
    paymentStatus: row.paymentStatus,
    applicationFee: row.applicationFee,
  };
}
