/**
 * The messages only staff are told: the staff's notices, the master-data and users screens'. A
 * module apart from messages.ts so that the web app's first download (the public screens), which
 * holds that one, does without these: a bundle keeps a module whole in one chunk, and the staff's
 * texts bring these in a chunk of their own (PERFORMANCE.md, sixty-first round).
 */

/**
 * Notices only staff are shown: what a decision, the walk-in entry, a refund or a receipt's
 * cancellation answers. The web app words them through `staffNotices.<key>` in its catalogues.
 */
export const staffNotices = {
  notAnApplicant: "This e-mail belongs to an account that cannot apply.",
  // SPEC.md section 8: a staff decision succeeded; the rest are added by the product
  statusUpdated: "Status updated",
  feeStructureMissing: "This degree has no fee structure yet: add it under Degree before approving.",
  activeStudentElsewhere: "This applicant is already an active student of another degree: end that admission before approving this one.",
  transferToSameDegree: "The application is already in this degree: choose another one to transfer it to.",
  decisionOutdated: "Someone else has decided on this application since you opened it: look at it again before deciding.",
  // Deciding what was already decided would only mail the applicant the same news again; a transfer moves the application on.
  decisionUnchanged: "The application already has this status: choose another decision.",
  transferToOtherCourse: "A transfer stays within the application's course: choose a degree of the same course (UG or PG).",
  onlineFeeStudentOnly: "Only the student can pay a fee online; staff record the fees paid at the college.",
  refundNotDue: "This payment has no refund due: it was refunded already, or it was never to be refunded.",
  refundRecorded: "Refund recorded",
  // A payment the gateway made really happened: it can only be given back, as a refund.
  onlinePaymentNotCancellable: "A fee paid online cannot be cancelled here: the gateway took that money, and only a refund at the gateway can give it back.",
  receiptCancelled: "Receipt cancelled: the term is due again.",
  receiptCancelledHeldPaymentApplied: "Receipt cancelled: the online payment held for refund now pays the term.",
  receiptAlreadyCancelled: "This receipt has been cancelled already: reload the page to see it.",
} as const;

/**
 * What the master-data screens and calls say. The web app shows them through `masters.messages.<key>`
 * in its catalogues; `{{feeCode}}` is filled in by `feeCodeTakenMessage` and read back by the web app.
 */
export const masterMessages = {
  courseNameRequired: "Please input the course name!",
  degreeNameRequired: "Please input the degree name!",
  nameTooLong: "The name can be at most 100 characters!",
  applicationFeeInvalid: "The application fee must be a whole number of rupees from 0 to 100000!",
  activeRequired: "Please say whether it is active!",
  yearInvalid: "The year must be 1, 2 or 3!",
  termInvalid: "The term must be 1 or 2!",
  amountInvalid: "Enter the amount in rupees, with at most 2 decimals, up to 9999999.99!",
  feeCodeInvalid: "Enter a fee code of up to 30 letters, digits, - or _!",
  termRepeated: "Each year and term can appear only once!",
  feeCodeRepeated: "Each fee code can be used only once!",
  courseNameTaken: "A course with this name already exists!",
  degreeNameTaken: "This course already has a degree with this name!",
  degreeCourseLocked: "This degree already has applications or students, so its course cannot be changed!",
  fixedCourseName: "The UG and PG courses keep their names: the admission form depends on them!",
  feeCodeTaken: "The fee code {{feeCode}} is already used by another degree!",
} as const;

export type MasterMessageKey = keyof typeof masterMessages;

export function feeCodeTakenMessage(feeCode: string): string {
  return masterMessages.feeCodeTaken.replace("{{feeCode}}", feeCode);
}

/**
 * What the users screen and its calls say. The web app shows them through `users.messages.<key>`
 * in its catalogues.
 */
export const userMessages = {
  roleRequired: "Please select a role!",
  staffRoleRequired: "Please choose a staff role: applicant and student roles come from admission!",
  roleUnknown: "This role does not exist!",
  degreesRequired: "Please select the degrees this department admin looks after!",
  degreeUnknown: "Please select degrees that exist!",
  activeRequired: "Please say whether the account is active!",
  emailTaken: "An account with this e-mail already exists.",
  admissionRoleFixed: "Applicant and student roles come from admission: they cannot be given or taken away here.",
  lastActiveAdmin: "At least one active admin must remain.",
  ownAccessFixed: "You cannot disable your own account or change your own role: ask another admin.",
  accountDisabled: "This account is disabled. Enable it before sending a password reset.",
  created: "User created. We have e-mailed them a code to set their password.",
  updated: "User updated",
  passwordResetSent: "We have e-mailed this user a code to reset their password.",
} as const;

export type UserMessageKey = keyof typeof userMessages;
