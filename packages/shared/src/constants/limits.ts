/** SPEC.md section 9 and DESIGN.md: limits shared by the server and the web app. */
export const limits = {
  passwordMinLength: 8,
  passwordMaxLength: 128,
  emailMaxLength: 254,
  resetCodeLength: 6,
  resetCodeValidMinutes: 10,
  resetCodeMaxWrongTries: 5,
  requestTimeoutMs: 90_000,
  signupRedirectDelayMs: 500,
  gatewaySubmitDelayMs: 200,
  /** SPEC.md: uploads over 1 MB are refused ('File Size should be less than 1 MB'). */
  uploadMaxBytes: 1024 * 1024,
  /**
   * Files one applicant's documents may count in all: seven documents, each replaced several times,
   * stay far below it; a script uploading in a loop stops there rather than filling the disk.
   */
  uploadsPerOwnerMax: 60,
  /** A draft is a few KiB of typed text; this bounds what one account can store. */
  draftMaxBytes: 64 * 1024,
  /**
   * A typed text of the admission form (a name, a street, a school): longer than any real one, short
   * enough that the printed application and the review keep their layout.
   */
  formTextMaxLength: 100,
  /** SPEC.md sections 5 and 9: a status change's remarks, at most 100 characters. */
  remarksMaxLength: 100,
} as const;
