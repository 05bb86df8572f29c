/**
 * The auth screens' shared schemas, imported only on demand through `authFieldRule`: they bring zod,
 * which the sign-in screen's first download leaves out.
 */
export { forgotPasswordQuerySchema, resetPasswordFormSchema, resetPasswordRequestSchema, signinRequestSchema, signupRequestSchema } from "@admissions/shared";
