import type { SameAadhaarQuery } from "./same-aadhaar";

/** Every URL the web app calls, in one place (SPEC.md section 7). */
export const apiPaths = {
  signIn: "/booking/api/auth/signin",
  signUp: "/booking/api/auth/signup",
  signOut: "/booking/api/auth/logout",
  me: "/booking/api/auth/me",
  forgotPassword: (email: string) => `/booking/api/auth/forgetpwd?emailid=${encodeURIComponent(email)}`,
  resetPassword: "/booking/api/auth/changepwd",
  admission: (userName: string) => `/booking/admission?userName=${encodeURIComponent(userName)}`,
  submitAdmission: "/booking/admission",
  admissionDraft: "/booking/admission/draft",
  /** PUT: the draft of the form drawn for this account (refused when another has signed in since). */
  admissionDraftOf: (userName: string) => `/booking/admission/draft?userName=${encodeURIComponent(userName)}`,
  verifyPayment: "/booking/payments/verify",
  receipt: (orderId: string) => `/booking/payments/receipt/${encodeURIComponent(orderId)}`,
  applications: (query: string) => `/booking/admissionAll?${query}`,
  /** Staff: the applications the list's filters match, as an .xlsx streamed row by row. */
  exportApplications: (query: string) => `/booking/exportApplication?${query}`,
  dashboard: (query: string) => `/booking/dashboard?${query}`,
  courses: "/booking/courses",
  degrees: "/booking/degrees",
  /** Staff: every course and degree, inactive ones included. */
  allCourses: "/booking/courses?includeInactive=true",
  allDegrees: "/booking/degrees?includeInactive=true",
  /** PUT (admin); POST to `courses` or `degrees` adds one. */
  course: (id: number) => `/booking/courses/${id}`,
  degree: (id: number) => `/booking/degrees/${id}`,
  feeStructure: (degreeId: number) => `/booking/feeStructures?degreeId=${degreeId}`,
  /** PUT (admin): the degree's whole fee structure. */
  saveFeeStructure: (degreeId: number) => `/booking/feeStructures/${degreeId}`,
  uploadFile: "/booking/uploadFile",
  downloadFile: (userName: string, fileName: string) =>
    `/booking/downloadFile/userName/${encodeURIComponent(userName)}/${encodeURIComponent(fileName)}`,
  applicationStatus: (userName: string) => `/booking/applicationStatus?userName=${encodeURIComponent(userName)}`,
  /** POST: a staff decision (Approved, Transferred, Cancelled, Rejected) with its remarks. */
  decideApplication: "/booking/applicationStatus",
  applicationDecision: "/booking/applicationDecision",
  /** The signed-in user's own payments that paid nothing: owed back, or given back. */
  paymentRefunds: "/booking/paymentRefunds",
  sameAadhaar: (query: SameAadhaarQuery) => `/booking/sameAadhaar?${new URLSearchParams(query)}`,
  applicationHistory: (applicationNo: string) => `/booking/applicationHistory?applicationNo=${encodeURIComponent(applicationNo)}`,
  /** Staff: a page of the activity log; the action names it holds. */
  activity: (query: string) => `/booking/activity?${query}`,
  activityActions: "/booking/activity/actions",
  /** Users and roles (ROLE_ADMIN): a page of accounts, one account, its password reset mail; the roles for any staff. */
  roles: "/booking/roles",
  users: (query: string) => `/booking/users?${query}`,
  createUser: "/booking/users",
  user: (id: number) => `/booking/users/${id}`,
  userPasswordReset: (id: number) => `/booking/users/${id}/passwordReset`,
  /** Staff: a page of students by filter (POST), one student, and the edit of one (POST). */
  studentsFilter: "/booking/studentsFilter",
  student: (id: number) => `/booking/students/${id}`,
  saveStudent: "/booking/students",
  /** A student's fee terms (the student's own, or anyone's for staff). */
  feeStatus: (userName: string) => `/booking/feeStatus?userName=${encodeURIComponent(userName)}`,
  /** POST: pay a term online (the gateway form comes back) or, for staff, record it offline. */
  feePayment: "/booking/feePayment",
  feeReceipt: (receiptNo: string) => `/booking/feeReceipt/${encodeURIComponent(receiptNo)}`,
  /** The same receipt shown in the browser's PDF viewer, to print. */
  feeReceiptToPrint: (receiptNo: string) => `/booking/feeReceipt/${encodeURIComponent(receiptNo)}?print=true`,
  /** Staff: fee and application payments, paged and filtered; the same filters as an .xlsx. */
  feeTransactions: (query: string) => `/booking/feeTransactions?${query}`,
  exportFeeTransactions: (query: string) => `/booking/exportFeeTransactions?${query}`,
  /** Staff record how a gateway payment to refund was given back. */
  refund: (orderId: string) => `/booking/refunds/${encodeURIComponent(orderId)}`,
  /** Staff cancel a fee recorded at the office by mistake. */
  receiptCancellation: (receiptNo: string) => `/booking/feeReceipt/${encodeURIComponent(receiptNo)}/cancellation`,
  /** Student import (admins and department admins): the template, the preview of a file, its import (POST, multipart), and the log. */
  studentImportTemplate: "/booking/studentImport/template",
  studentImportPreview: "/booking/studentImport/preview",
  studentImport: "/booking/studentImport",
  importLog: (query: string) => `/booking/importLog?${query}`,
  /** ROLE_ADMIN: preview (process=false) or close (process=true) a course's academic year. */
  closeAcademicYear: (query: string) => `/booking/closeAcademicYear?${query}`,
} as const;

/** SPEC.md: /changepassword/CHANGE_PWD is the forgot-password screen titled Change Password. */
export const CHANGE_PASSWORD_MODE = "CHANGE_PWD";

/** The screens of SPEC.md section 2. */
export const routes = {
  root: "/",
  signIn: "/signin",
  signUp: "/signup",
  forgotPassword: "/forgotpassword",
  changePassword: `/changepassword/${CHANGE_PASSWORD_MODE}`,
  resetPassword: (email: string) => `/resetpassword/${encodeURIComponent(email)}`,
  decider: "/deciderScreen",
  admission: "/admission",
  transactionStatus: "/transactionStatus",
  feesHistory: "/feesHistory",
  feesDetail: "/feesDetail",
  /** Staff: a student's fees, and their offline fee entry (SPEC.md's Fee Entry button). */
  feesHistoryOf: (userName: string) => `/feesHistory/${encodeURIComponent(userName)}`,
  feeEntry: (userName: string) => `/students/feesStatus/${encodeURIComponent(userName)}`,
  feesTransactions: "/feesStatus",
  admin: "/admin",
  offlineAdmission: "/admin-admission",
  report: "/report",
  /** SPEC.md's sidebar: Degree is /master/grade and Course /master/department. */
  degreeMaster: "/master/grade",
  courseMaster: "/master/department",
  users: "/user",
  /** Staff: the students list, a student's page, and the review screen of an applicant's application. */
  students: "/students/list",
  student: (id: number) => `/students/${id}`,
  reviewApplication: (userName: string) => `/admin/${encodeURIComponent(userName)}`,
  studentImport: "/studentImport",
  academicTransfer: "/academicTransfer",
} as const;
