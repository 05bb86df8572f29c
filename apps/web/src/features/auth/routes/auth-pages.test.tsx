import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import i18n from "../../../lib/i18n";
import { catalogues } from "../../../test/catalogues";
import { failure, ok, renderAt, signedInAs, signedOut, stubApi } from "../../../test/render";

describe("sign-in page", () => {
  it("shows SPEC.md's messages for empty fields, focuses the first, whose error is read with it, and sends nothing", async () => {
    const calls = stubApi(signedOut);
    renderAt("/signin");
    await userEvent.click(await screen.findByRole("button", { name: "Sign In" }));

    const error = await screen.findByText("The input is not valid email!");
    expect(screen.getByText("Please input your Password!")).toBeTruthy();
    const email = screen.getByLabelText("E-mail");
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute("aria-describedby")?.split(" ")).toContain(error.closest("[id]")!.id);
    expect(calls.filter((call) => call.url.includes("/signin"))).toHaveLength(0);
  });

  it("shows 'Please Enter Correct Username and Password' when the server answers 401", async () => {
    stubApi({
      ...signedOut,
      "/booking/api/auth/signin": failure(401, "Please Enter Correct Username and Password"),
    });
    renderAt("/signin");
    await userEvent.type(await screen.findByLabelText("E-mail"), "priya@example.in");
    await userEvent.type(screen.getByLabelText("Password"), "wrong-password");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));

    expect(await screen.findByText("Please Enter Correct Username and Password")).toBeTruthy();
  });

  it("brings the keyboard to the form (and its h1) before the how-to-apply steps, as a phone shows them", async () => {
    stubApi(signedOut);
    renderAt("/signin");
    const email = await screen.findByLabelText("E-mail");
    const stepsLink = screen.getByRole("link", { name: "Create an account with your mobile number, e-mail and a password." });
    // Past the bar's links, the first of the two the keyboard reaches is the e-mail.
    for (let press = 0; press < 10 && document.activeElement !== email && document.activeElement !== stepsLink; press += 1) await userEvent.tab();
    expect(document.activeElement).toBe(email);
    const heading = screen.getByRole("heading", { level: 1, name: "Sign In" });
    expect(heading.compareDocumentPosition(stepsLink) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign In" }).compareDocumentPosition(stepsLink) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe("a form's errors on screen", () => {
  it("follow a change of language, where they stayed in the language they were made in", async () => {
    stubApi(signedOut);
    renderAt("/signin");
    await userEvent.click(await screen.findByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("The input is not valid email!")).toBeTruthy();

    try {
      await act(() => i18n.changeLanguage("ar"));
      expect(await screen.findByText(catalogues.ar.validation.usernameInvalid)).toBeTruthy();
      expect(screen.getByText(catalogues.ar.validation.passwordRequired)).toBeTruthy();
      expect(screen.queryByText("The input is not valid email!")).toBeNull();
      await act(() => i18n.changeLanguage("ta"));
      expect(await screen.findByText(catalogues.ta.validation.usernameInvalid)).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage("en"));
    }
  });
});

describe("sign-up page", () => {
  it("registers, says so, and opens sign-in with the new account's e-mail filled in", async () => {
    const calls = stubApi({
      ...signedOut,
      "/booking/api/auth/signup": ok({ userName: "meena@example.in" }, "Account created Successfully"),
    });
    const { router } = renderAt("/signup");
    await userEvent.type(await screen.findByLabelText("Mobile"), "9840012345");
    await userEvent.type(screen.getByLabelText("E-mail"), "meena@example.in");
    await userEvent.type(screen.getByLabelText("Password"), "Chosen-pass-42");
    await userEvent.click(screen.getByRole("button", { name: "Register" }));

    expect(await screen.findByText("Account created Successfully")).toBeTruthy();
    expect(calls.filter((call) => call.url === "/booking/api/auth/signup")).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe("/signin"), { timeout: 3_000 });
    expect(await screen.findByLabelText("E-mail")).toHaveProperty("value", "meena@example.in");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Password")));
  });
});

describe("reset password page", () => {
  it("says 'Password not match' and makes no call when the confirmation differs", async () => {
    const calls = stubApi(signedOut);
    renderAt("/resetpassword/priya@example.in");
    await userEvent.type(await screen.findByLabelText("OTP"), "123456");
    await userEvent.type(screen.getByLabelText("New password"), "Brand-new-pass-9");
    await userEvent.type(screen.getByLabelText("Confirm password"), "Different-pass-9");
    await userEvent.click(screen.getByRole("button", { name: "Reset Password" }));

    expect(await screen.findByText("Password not match")).toBeTruthy();
    expect(calls.filter((call) => call.url.includes("changepwd"))).toHaveLength(0);
  });

  it("asks for the code and both passwords with SPEC.md's messages", async () => {
    stubApi(signedOut);
    renderAt("/resetpassword/priya@example.in");
    await userEvent.click(await screen.findByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText("Please input your OTP!")).toBeTruthy();
    expect(screen.getByText("Please input your Password!")).toBeTruthy();
    expect(screen.getByText("Please confirm your password!")).toBeTruthy();
  });
  it("asks for the e-mail when its address names none, and sends the one typed", async () => {
    const calls = stubApi({ ...signedOut, "/booking/api/auth/changepwd": ok(null, "Password Reset Success") });
    renderAt("/resetpassword");
    await userEvent.type(await screen.findByLabelText("E-mail"), " meena@example.in ");
    await userEvent.type(screen.getByLabelText("OTP"), "123456");
    await userEvent.type(screen.getByLabelText("New password"), "Brand-new-pass-9");
    await userEvent.type(screen.getByLabelText("Confirm password"), "Brand-new-pass-9");
    await userEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    await waitFor(() => expect(calls.some((call) => call.url.includes("changepwd"))).toBe(true));
    expect(JSON.parse(String(calls.find((call) => call.url.includes("changepwd"))!.init?.body))).toMatchObject({ email: "meena@example.in", codes: "123456" });
  });
});

describe("forgot and change password", () => {
  it("titles /changepassword/CHANGE_PWD 'Change Password' and hides the intro", async () => {
    stubApi(signedOut);
    renderAt("/changepassword/CHANGE_PWD");
    expect(await screen.findByRole("heading", { name: "Change Password" })).toBeTruthy();
    expect(screen.queryByText(/We will send a 6-digit code/)).toBeNull();
  });

  it("fills in the signed-in account's own e-mail on Change Password", async () => {
    stubApi(signedInAs("ROLE_STUDENT", "asha@example.in"));
    renderAt("/changepassword/CHANGE_PWD");
    expect(await screen.findByRole("heading", { name: "Change Password" })).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText("E-mail")).toHaveProperty("value", "asha@example.in"));
  });

  it("titles /forgotpassword 'Forgot Your Password ?' and goes to /resetpassword/{email} with the server's message", async () => {
    const text = "If an account exists for this e-mail, we have sent it a 6-digit code. It is valid for 10 minutes.";
    const calls = stubApi({ ...signedOut, "/booking/api/auth/forgetpwd": ok(text, text) });
    const { router } = renderAt("/forgotpassword");
    expect(await screen.findByRole("heading", { name: "Forgot Your Password ?" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Send code" }));
    expect(await screen.findByText("Please input your E-mail!")).toBeTruthy();

    await userEvent.type(screen.getByLabelText("E-mail"), "Priya@Example.in");
    await userEvent.click(screen.getByRole("button", { name: "Send code" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/resetpassword/priya%40example.in"));
    expect(await screen.findByText(text)).toBeTruthy();
    // Only Change Password, opened while signed in, asks who is signed in.
    expect(calls.filter((call) => call.url === "/booking/api/auth/me")).toEqual([]);
  });
});
