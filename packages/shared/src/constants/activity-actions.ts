/**
 * The activity log's actions and, for each, what its entry's details hold that the log's sentence
 * names. The server's recordActivity is typed with these, so it cannot write an entry without
 * them; the staff screen words each entry in the reader's language from them. An entry may hold
 * more (remarks, tracking ids, filters), and one written before a value was recorded may lack it.
 */

/** A fee term as the fee screens name it: `FART-Y1T1 (year 1, term 1)`. */
export type FeeTermNamed = { feeCode: string; academicYear: number; termNo: number };

/** A staff account's role, state and degrees; `degrees` names `degreeIds` (entries made before it was kept have none). */
export type StaffAccessNamed = { role: string; isActive: boolean; degreeIds: readonly number[]; degrees?: string[] };

/** A decision that took an Approved application elsewhere withdrew its admission: the student record went Cancelled. */
type Withdrawn = { admissionWithdrawn?: boolean };

/** The fields an edit changed, before and after, by field name. */
type Changed = { before: Record<string, unknown>; after: Record<string, unknown> };

/** Money the gateway took that pays nothing: for an application, or for a fee term. */
export type RefundPaidFor = { application: string } | FeeTermNamed;

/** An amount in rupees, as the server writes it: "300.00". */
type Amount = { amount: string };

/** Why the server refused a gateway's answer, for the sentence in the reader's language. */
export const gatewayRefusals = ["undecryptable", "orderNoMismatch", "unknownOrder", "trackingIdTaken", "amountMissing", "amountMismatch", "currencyMismatch"] as const;
export type GatewayRefusal = (typeof gatewayRefusals)[number];

/** What a refusal quotes of the answer and of our order. */
export type RefusalValues = { orderId?: string; orderNo?: string; trackingId?: string; otherOrderId?: string; amount?: string; expected?: string; currency?: string };

type SettledPayment = Amount & { settledBy: "return" | "status" };

export type ActivityNamedDetails = {
  "user.signin": object;
  "user.signout": object;
  "user.signup": object;
  "user.password_reset_requested": object;
  "user.password_reset": object;
  "user.passwordResetSent": { userName: string };
  /** `promoted` when the account existed and was made the administrator rather than created. */
  "user.first_admin": { userName: string; promoted: boolean };
  "user.created": { userName: string } & StaffAccessNamed;
  "user.updated": { userName: string; from: StaffAccessNamed; to: StaffAccessNamed };
  "application.submitted": { paymentOrder: string };
  "application.updated": { paymentOrder: string };
  "application.offline_entry": { userName: string; newAccount: boolean; replaced?: { name: string; status: string; degreeId: number } | null };
  "application.marks_entered": { totalMarkPercent: number };
  "application.approved": { applicantName: string; admissionNo: string };
  "application.transferred": { applicantName: string; fromDegree: string; toDegree: string } & Withdrawn;
  "application.cancelled": { applicantName: string } & Withdrawn;
  "application.rejected": { applicantName: string } & Withdrawn;
  "application.exported": { rows: number };
  "upload.saved": { contentType: string; sizeBytes: number; owner: string };
  "payment.success": SettledPayment;
  "payment.failure": SettledPayment;
  "payment.aborted": SettledPayment;
  /** `reason` is the server's English; `refusal` names it, with the values it quotes, for the other languages. */
  "payment.rejected": { reason: string; refusal: GatewayRefusal } & RefusalValues;
  "payment.duplicate": Amount & RefundPaidFor;
  "payment.amount_changed": Amount & { feeNow: string } & RefundPaidFor;
  "payment.refunded": Amount & { reference: string };
  "course.created": { name: string; applicationFee: number };
  "course.updated": { course: string } & Changed;
  "degree.created": { name: string; course: string };
  "degree.updated": { degree: string; course: string } & Changed;
  "feeStructure.updated": { degree: string; total: string; before: unknown[]; after: unknown[] };
  "academic.year_closed": { course: string; year: number; next: number; moved: number; completed: number };
  "fee.exported": { rows: number };
  "fee.paid_online": Amount & { orderId: string } & FeeTermNamed;
  "fee.payment_started": Amount & FeeTermNamed;
  "fee.recorded_offline": Amount & { admissionNo: string; mode: string } & FeeTermNamed;
  /** The entry's entityId is the receipt number. */
  "fee.cancelled": Amount & { admissionNo: string; mode: string; reason: string } & FeeTermNamed;
  /** The entry's entityId is the new receipt's number; the order's money had been held for refund. */
  "fee.held_payment_applied": Amount & { orderId: string; cancelledReceipt: string } & FeeTermNamed;
  "student.updated": { from: Record<string, unknown>; to: Record<string, unknown>; feeTermsCreated: number };
  "students.imported": { fileName: string; importedRows: number; skippedRows: number };
};

export type ActivityAction = keyof ActivityNamedDetails;

/** Written out so that an action added to the type and not here, or here and not there, fails to compile. */
const everyAction: Record<ActivityAction, true> = {
  "user.signin": true,
  "user.signout": true,
  "user.signup": true,
  "user.password_reset_requested": true,
  "user.password_reset": true,
  "user.passwordResetSent": true,
  "user.first_admin": true,
  "user.created": true,
  "user.updated": true,
  "application.submitted": true,
  "application.updated": true,
  "application.offline_entry": true,
  "application.marks_entered": true,
  "application.approved": true,
  "application.transferred": true,
  "application.cancelled": true,
  "application.rejected": true,
  "application.exported": true,
  "upload.saved": true,
  "payment.success": true,
  "payment.failure": true,
  "payment.aborted": true,
  "payment.rejected": true,
  "payment.duplicate": true,
  "payment.amount_changed": true,
  "payment.refunded": true,
  "course.created": true,
  "course.updated": true,
  "degree.created": true,
  "degree.updated": true,
  "feeStructure.updated": true,
  "academic.year_closed": true,
  "fee.exported": true,
  "fee.paid_online": true,
  "fee.payment_started": true,
  "fee.recorded_offline": true,
  "fee.cancelled": true,
  "fee.held_payment_applied": true,
  "student.updated": true,
  "students.imported": true,
};

/** Every action the server writes. */
export const activityActions = Object.keys(everyAction) as ActivityAction[];
