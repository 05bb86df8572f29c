import { z } from "zod";
import { limits } from "../constants/limits.js";
import { ROLES } from "../constants/roles.js";
import { messages } from "../messages.js";
import { mobileDigits } from "../rules/admission.js";

/** E-mail addresses are user names: trimmed and lower-cased so one person has one account. */
export function emailField(message: string) {
  return z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .min(1, message)
    .max(limits.emailMaxLength, message)
    .pipe(z.email({ error: message }));
}

/** A new password: a floor against guessing, a ceiling that bounds the hashing work. */
const newPasswordField = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(limits.passwordMinLength, messages.passwordTooShort)
  .max(limits.passwordMaxLength, messages.passwordTooLong)
  // Spaces alone are no password, however many.
  .refine((password) => password.trim() !== "", messages.passwordRequired);

/** Indian mobile numbers: ten digits starting 6 to 9; spaces, dashes and a +91 or 0 prefix are dropped. */
export function indianMobile(message: string) {
  return z
    .string({ error: message })
    .transform(mobileDigits)
    .pipe(z.string().regex(/^[6-9]\d{9}$/, message));
}

export const mobileField = indianMobile(messages.mobileInvalid);

export const signinRequestSchema = z.object({
  username: emailField(messages.usernameInvalid),
  password: z
    .string({ error: messages.passwordRequired })
    .min(1, messages.passwordRequired)
    .max(limits.passwordMaxLength, messages.passwordTooLong),
});
export type SigninRequest = z.input<typeof signinRequestSchema>;

export const signupRequestSchema = z
  .object({
    mobile: mobileField,
    emailId: emailField(messages.emailInvalid),
    password: newPasswordField,
    /** SPEC.md: the client sends userName equal to emailId; the server always uses emailId. */
    userName: z.string().optional(),
  })
  .transform(({ userName: _ignored, ...rest }) => ({ ...rest, userName: rest.emailId }));
export type SignupRequest = z.input<typeof signupRequestSchema>;

export const forgotPasswordQuerySchema = z.object({
  emailid: emailField(messages.forgotEmailRequired),
});

export const resetPasswordRequestSchema = z.object({
  codes: z
    .string({ error: messages.otpRequired })
    .trim()
    .min(1, messages.otpRequired)
    .regex(/^\d{6}$/, messages.otpFormat),
  email: emailField(messages.emailInvalid),
  newPassword: newPasswordField,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** The web form adds a confirmation that never leaves the browser. */
export const resetPasswordFormSchema = z
  .object({
    codes: resetPasswordRequestSchema.shape.codes,
    newPassword: newPasswordField,
    confirm: z.string({ error: messages.confirmRequired }).min(1, messages.confirmRequired),
  })
  .refine((form) => form.newPassword === form.confirm, {
    path: ["confirm"],
    message: messages.passwordMismatch,
  });

export const roleNameSchema = z.enum(ROLES);

/** The signed-in user as sign-in and `api/auth/me` answer it (SPEC.md: userName, roleName). */
export const sessionUserSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  roleName: z.string(),
  mobile: z.string().nullable(),
  /** The degrees a department admin looks after, so screens offer only those; null for everyone else. */
  degreeIds: z.array(z.number().int()).nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
