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
  verifyPayment: "/booking/payments/verify",
  receipt: (orderId: string) => `/booking/payments/receipt/${encodeURIComponent(orderId)}`,
  applications: (query: string) => `/booking/admissionAll?${query}`,
  courses: "/booking/courses",
  degrees: "/booking/degrees",
  uploadFile: "/booking/uploadFile",
  downloadFile: (userName: string, fileName: string) =>
    `/booking/downloadFile/userName/${encodeURIComponent(userName)}/${encodeURIComponent(fileName)}`,
  applicationStatus: (userName: string) => `/booking/applicationStatus?userName=${encodeURIComponent(userName)}`,
} as const;

/** The screens of SPEC.md section 2. */
export const routes = {
  root: "/",
  signIn: "/signin",
  signUp: "/signup",
  forgotPassword: "/forgotpassword",
  changePassword: "/changepassword/CHANGE_PWD",
  resetPassword: (email: string) => `/resetpassword/${encodeURIComponent(email)}`,
  decider: "/deciderScreen",
  admission: "/admission",
  transactionStatus: "/transactionStatus",
  feesHistory: "/feesHistory",
  feesDetail: "/feesDetail",
  admin: "/admin",
  offlineAdmission: "/admin-admission",
} as const;
