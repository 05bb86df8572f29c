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
} as const;
