import { limits } from "./constants/limits.js";

/**
 * Every user-facing message that SPEC.md quotes, word for word, plus the few the product adds.
 * Schemas on both sides use these; the web app translates them through the key of the same name
 * (`validation.<key>` in its catalogues), so English stays exactly as SPEC.md words it.
 */
export const messages = {
  // SPEC.md section 5, authentication
  usernameInvalid: "The input is not valid email!",
  passwordRequired: "Please input your Password!",
  mobileInvalid: "The input is not valid Mobile!",
  emailInvalid: "The input is not valid E-mail!",
  forgotEmailRequired: "Please input your E-mail!",
  otpRequired: "Please input your OTP!",
  confirmRequired: "Please confirm your password!",
  passwordMismatch: "Password not match",
  // added by the product: a floor and a ceiling for passwords (OWASP ASVS 2.1.1, 2.1.2)
  passwordTooShort: "Password must be at least 8 characters!",
  passwordTooLong: "Password must be at most 128 characters!",
  otpFormat: "The code is the 6 digits we sent to your e-mail!",

  // SPEC.md section 5, admission
  emailRequired: "Please input your email!",
  courseRequired: "Please select course!",
  degreeRequired: "Please select Degree!",
  nameRequired: "Please input your name!",
  nameInTamilRequired: "Please input your name in Tamil!",
  dobRequired: "Please input your date of birth!",
  genderRequired: "Please input your gender!",
  ageRequired: "Please input your age!",
  bloodGroupRequired: "Please input your blood group!",
  communityRequired: "Please input your community!",
  casteRequired: "Please input your caste!",
  nationalityRequired: "Please input your nationality!",
  religionRequired: "Please input your religion!",
  motherTongueRequired: "Please input your mother tongue!",
  fatherNameRequired: "Please input your father's name!",
  motherNameRequired: "Please input your mother's name!",
  occupationRequired: "Please input your parent's occupation!",
  annualIncomeRequired: "Please input your annual income!",
  aadharInvalid: "Aadhar number is not valid!",
  marksScoredRequired: "Enter Marks Scored!",
  maxMarksRequired: "Enter Max Marks!",
  registerNoRequired: "Enter Register No!",
  photoRequired: "Photo Mandatory",
  photoNotImage: "The photo must be a JPG or PNG picture, not a PDF.",
  marksheetRequired: "Marksheet Mandatory",
  aadharImageRequired: "aadhar Mandatory",
  agreementRequired: "Should accept agreement",
  fileTooLarge: "File Size should be less than 1 MB",
  uploadFailed: "upload failure",
  // SPEC.md section 5, staff status change
  remarksRequired: "Enter Remarks",
  // SPEC.md section 5, fees pay
  feeYearRequired: "Please input your Year!",
  feeTermRequired: "Please input your Term!",
  // added by the product, for the fee payment request
  feeModeRequired: "Please choose how the fee was paid!",
  feeReferenceRequired: "Please input the cheque, draft or transfer number!",
  feeStudentRequired: "Please name the student who paid!",
  feeRemarksTooLong: "Remarks can be at most 200 characters!",
  feeReferenceTooLong: "The reference can be at most 100 characters!",
  // added by the product, for the admission fields SPEC.md names without a message
  dobInvalid: "Please enter a real date of birth as YYYY-MM-DD!",
  ageOutOfRange: "The applicant must be between 14 and 60 years old!",
  yesNoRequired: "Please choose yes or no!",
  specifyRequired: "Please specify!",
  transportModeRequired: "Please choose the transport mode!",
  streetNameRequired: "Please input your street name!",
  villageRequired: "Please input your village or town!",
  postRequired: "Please input your post office!",
  talukRequired: "Please input your taluk!",
  stateRequired: "Please select your state!",
  districtRequired: "Please select your district!",
  pincodeInvalid: "Please input a 6-digit pincode!",
  studentMobileRequired: "Please input the student's mobile number!",
  fatherMobileRequired: "Please input the father's mobile number!",
  incomeInvalid: "Annual income must be a number!",
  emisInvalid: "EMIS number must be digits only!",
  examDetailRequired: "Please fill in this exam detail!",
  yearInvalid: "Enter the year as YYYY!",
  yearInFuture: "This year has not come yet!",
  textTooLong: `Keep this to ${limits.formTextMaxLength} characters or fewer!`,
  subjectRequired: "Select Subject!",
  markAboveMax: "Marks cannot be more than the max marks!",
  subjectRepeated: "This subject is already entered in an earlier row!",
  maxMarkNotOfHsc: "Max marks must be 100 for an HSC out of 600, and 200 for one out of 1200!",
  marksRowsRequired: "Enter the marks of at least 5 subjects!",
  documentNotYours: "This document was not uploaded for this applicant!",
  refundReferenceRequired: "Enter how the money went back: the gateway's refund number or the bank transfer's!",
  cancelReasonRequired: "Please say why this receipt is cancelled, in at most 500 characters!",
  textUnstorable: "This text holds a character that cannot be saved: please type it again!",
} as const;

export type MessageKey = keyof typeof messages;

/** Notices the server and the web app show after an action, SPEC.md sections 4 and 8. */
export const notices = {
  loginFailed: "Please Enter Correct Username and Password",
  accountCreated: "Account created Successfully",
  passwordResetSuccess: "Password Reset Success",
  saved: "Saved",
  pageNotFound: "Oops, an error has occurred. Page not found!",
  serverError: "Sorry, server goes wrong",
  // added by the product
  emailTaken: "An account with this e-mail already exists. Please sign in or reset your password.",
  resetCodeSent: "If an account exists for this e-mail, we have sent it a 6-digit code. It is valid for 10 minutes.",
  resetCodeInvalid: "The code is wrong or has expired. Please request a new one.",
  tooManyRequests: "Too many attempts. Please wait a few minutes and try again.",
  signedOut: "Signed out",
  notSignedIn: "Please sign in to continue.",
  forbidden: "You are not allowed to do this.",
  notFound: "Not found",
  accountDisabled: "This account is disabled. Please contact the college office.",
  foreignOrigin: "This request came from another site and was refused.",
  bodyTooLarge: "The request is too large.",
  bodyTooDeep: "The request's data is nested too deeply.",
  applicationLocked: "This application has been submitted and can no longer be changed.",
  // A tab drawn for one account saving after another account signed in elsewhere in the browser.
  formOfAnotherAccount: "This form was opened for another account than the one signed in now (perhaps in another tab). Reload the page: nothing was saved.",
  // Staff typing a walk-in applicant's e-mail wrong would otherwise overwrite someone else's own
  // application. Here rather than among staff's: the admission form, the applicant's too, reads it.
  walkInOverOwnApplication: "This e-mail already has an application its applicant started online and has not paid for. Check the e-mail; to replace that application with this entry, confirm the replacement.",
  studentMarksOnly: "Only the marks of an application made before the results can be updated.",
  unsupportedFile: "Only JPG, PNG and PDF files can be uploaded.",
  uploadIncomplete: "The file did not arrive whole. Please send it again.",
  tooManyUploads: "These documents have had as many files uploaded as one application may have: please ask the college office for help.",
  // term fees, added by the product
  notAStudent: "No student record was found for this account.",
  feeTermNotFound: "No fee term matches the year and term you chose.",
  feeTermPaid: "This term has already been paid.",
  // Its terms are no longer owed (isOwedNow): money taken for them would only have to go back. The
  // fee page, the student's and the office's, reads it.
  feeAdmissionCancelled: "This student's admission was cancelled: no fee can be paid for it. Make the student Active again first if the cancellation was a mistake.",
  feeAmountChanged: "The fee amount has changed; reload the page.",
} as const;

export type NoticeKey = keyof typeof notices;
