import { paiseToRupees, type Student, type StudentListItem, type StudentPayment } from "@admissions/shared";
import type { PaymentRecord, StudentRecord } from "./students.repository.js";

/** A row of the students list: amounts in rupees, as every fee screen shows them. */
export function presentStudentListItem(row: StudentRecord): StudentListItem {
  return {
    id: row.id,
    admissionNo: row.admissionNo,
    name: row.name,
    userName: row.userName,
    mobile: row.mobile,
    course: row.course,
    courseId: row.courseId,
    degree: row.degree,
    degreeId: row.degreeId,
    currentYear: row.currentYear,
    admissionYear: row.admissionYear,
    status: row.status,
    feesDue: row.feesDue,
    amountDue: paiseToRupees(row.duePaise),
  };
}

export function presentStudent(row: StudentRecord): Student {
  return { ...presentStudentListItem(row), email: row.email, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export function presentPayment(row: PaymentRecord): StudentPayment {
  return {
    receiptNo: row.receiptNo,
    paidAt: row.paidAt.toISOString(),
    amount: paiseToRupees(row.amountPaise),
    mode: row.mode,
    reference: row.reference,
    academicYear: row.academicYear,
    termNo: row.termNo,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelledBy: row.cancelledBy,
    cancelReason: row.cancelReason,
  };
}
