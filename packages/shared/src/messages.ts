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
} as const;

export type NoticeKey = keyof typeof notices;
