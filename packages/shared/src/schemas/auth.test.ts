import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { messages, notices } from "../messages.js";
import { resetPasswordFormSchema, resetPasswordRequestSchema, signinRequestSchema, signupRequestSchema } from "./auth.js";

/** The first message for each field, as the form and the server's 400 answer show it. */
function issuesOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
  const byField: Record<string, string> = {};
  for (const issue of result.error.issues) byField[issue.path.join(".")] ??= issue.message;
  return byField;
}

describe("signinRequestSchema", () => {
  it("accepts an e-mail and a password, trimming and lower-casing the e-mail", () => {
    expect(signinRequestSchema.parse({ username: "  Priya@Example.IN ", password: "x" })).toEqual({
      username: "priya@example.in",
      password: "x",
    });
  });

  it.each([
    [{ password: "x" }, { username: messages.usernameInvalid }],
    [{ username: "", password: "x" }, { username: messages.usernameInvalid }],
    [{ username: "   ", password: "x" }, { username: messages.usernameInvalid }],
    [{ username: "priya", password: "x" }, { username: messages.usernameInvalid }],
    [{ username: "a@b.in" }, { password: messages.passwordRequired }],
    [{ username: "a@b.in", password: "" }, { password: messages.passwordRequired }],
    [{}, { username: messages.usernameInvalid, password: messages.passwordRequired }],
  ])("rejects %j with SPEC.md's messages", (input, expected) => {
    expect(issuesOf(signinRequestSchema, input)).toEqual(expected);
  });

  it("bounds the password length so a huge one cannot tie up the hashing, and says so", () => {
    expect(issuesOf(signinRequestSchema, { username: "a@b.in", password: "x".repeat(129) })).toEqual({
      password: messages.passwordTooLong,
    });
  });
});

describe("signupRequestSchema", () => {
  const valid = { mobile: "9876543210", emailId: "priya@example.in", password: "Pass-word-1" };

  it.each([
    ["9876543210", "9876543210"],
    ["98765 43210", "9876543210"],
    ["98765-43210", "9876543210"],
    ["+91 98765 43210", "9876543210"],
    ["+91-9876543210", "9876543210"],
    ["919876543210", "9876543210"],
    ["09876543210", "9876543210"],
    ["6000000000", "6000000000"],
  ])("normalises the mobile %j to %j", (mobile, expected) => {
    expect(signupRequestSchema.parse({ ...valid, mobile }).mobile).toBe(expected);
  });

  it.each(["", "12345", "5876543210", "0876543210", "98765432101", "987654321", "abcdefghij", "+44 7911 123456"])(
    "rejects the mobile %j",
    (mobile) => {
      expect(issuesOf(signupRequestSchema, { ...valid, mobile })).toEqual({ mobile: messages.mobileInvalid });
    },
  );

  it("rejects a missing mobile with the same message", () => {
    expect(issuesOf(signupRequestSchema, { emailId: valid.emailId, password: valid.password })).toEqual({
      mobile: messages.mobileInvalid,
    });
  });

  it("lower-cases and trims the e-mail and forces userName to it, whatever the client sent", () => {
    const parsed = signupRequestSchema.parse({ ...valid, emailId: "  Priya.S@Example.IN  ", userName: "someone-else@example.in" });
    expect(parsed).toEqual({ mobile: "9876543210", emailId: "priya.s@example.in", password: "Pass-word-1", userName: "priya.s@example.in" });
  });

  it("sets userName when the client leaves it out", () => {
    expect(signupRequestSchema.parse(valid).userName).toBe(valid.emailId);
  });

  it.each([
    [{ ...valid, emailId: "" }, { emailId: messages.emailInvalid }],
    [{ ...valid, emailId: "not-an-email" }, { emailId: messages.emailInvalid }],
    [{ mobile: valid.mobile, password: valid.password }, { emailId: messages.emailInvalid }],
    [{ ...valid, emailId: `${"a".repeat(250)}@b.in` }, { emailId: messages.emailInvalid }],
    [{ ...valid, password: "" }, { password: messages.passwordRequired }],
    [{ mobile: valid.mobile, emailId: valid.emailId }, { password: messages.passwordRequired }],
    [{ ...valid, password: "short" }, { password: messages.passwordTooShort }],
    [{ ...valid, password: "x".repeat(129) }, { password: messages.passwordTooLong }],
    [{ ...valid, password: " ".repeat(8) }, { password: messages.passwordRequired }],
  ])("rejects %j with the field's message", (input, expected) => {
    expect(issuesOf(signupRequestSchema, input)).toEqual(expected);
  });

  it("accepts a password of exactly 8 and of exactly 128 characters", () => {
    expect(signupRequestSchema.safeParse({ ...valid, password: "x".repeat(8) }).success).toBe(true);
    expect(signupRequestSchema.safeParse({ ...valid, password: "x".repeat(128) }).success).toBe(true);
    expect(signupRequestSchema.safeParse({ ...valid, password: " pass phrase " }).success).toBe(true);
  });
});

describe("resetPasswordRequestSchema", () => {
  const valid = { codes: "012345", email: "priya@example.in", newPassword: "Brand-new-9" };

  it("keeps the code's leading zero and normalises the e-mail", () => {
    expect(resetPasswordRequestSchema.parse({ ...valid, codes: " 012345 ", email: " Priya@Example.in" })).toEqual(valid);
  });

  it.each([
    [{ email: valid.email, newPassword: valid.newPassword }, { codes: messages.otpRequired }],
    [{ ...valid, codes: "" }, { codes: messages.otpRequired }],
    [{ ...valid, codes: "  " }, { codes: messages.otpRequired }],
    [{ ...valid, codes: "12345" }, { codes: messages.otpFormat }],
    [{ ...valid, codes: "1234567" }, { codes: messages.otpFormat }],
    [{ ...valid, codes: "12ab56" }, { codes: messages.otpFormat }],
    [{ ...valid, email: "nobody" }, { email: messages.emailInvalid }],
    [{ ...valid, newPassword: "" }, { newPassword: messages.passwordRequired }],
    [{ ...valid, newPassword: "short" }, { newPassword: messages.passwordTooShort }],
  ])("rejects %j with the field's message", (input, expected) => {
    expect(issuesOf(resetPasswordRequestSchema, input)).toEqual(expected);
  });
});

describe("resetPasswordFormSchema", () => {
  const valid = { codes: "123456", newPassword: "Brand-new-9", confirm: "Brand-new-9" };

  it("accepts matching passwords", () => {
    expect(resetPasswordFormSchema.parse(valid)).toEqual(valid);
  });

  it("answers 'Password not match' on the confirm field when they differ", () => {
    expect(issuesOf(resetPasswordFormSchema, { ...valid, confirm: "Brand-new-8" })).toEqual({ confirm: "Password not match" });
    expect(messages.passwordMismatch).toBe("Password not match");
  });

  it.each([
    [{ newPassword: valid.newPassword, confirm: valid.confirm }, "codes", messages.otpRequired],
    [{ ...valid, newPassword: "" }, "newPassword", messages.passwordRequired],
    [{ ...valid, confirm: "" }, "confirm", messages.confirmRequired],
    [{ codes: valid.codes, newPassword: valid.newPassword }, "confirm", messages.confirmRequired],
  ])("rejects %j with the message for %s", (input, field, message) => {
    expect(issuesOf(resetPasswordFormSchema, input)[field]).toBe(message);
  });
});

describe("messages", () => {
  it("words SPEC.md's authentication messages exactly", () => {
    expect(messages).toMatchObject({
      usernameInvalid: "The input is not valid email!",
      passwordRequired: "Please input your Password!",
      mobileInvalid: "The input is not valid Mobile!",
      emailInvalid: "The input is not valid E-mail!",
      forgotEmailRequired: "Please input your E-mail!",
      otpRequired: "Please input your OTP!",
      confirmRequired: "Please confirm your password!",
      passwordMismatch: "Password not match",
    });
    expect(notices.loginFailed).toBe("Please Enter Correct Username and Password");
  });

  it("holds each text once, so the web app can map a server's message back to its key", () => {
    const texts = Object.values(messages);
    expect(new Set(texts).size).toBe(texts.length);
  });
});
