import { sampleAdmission } from "@admissions/shared";
import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { failureAnswer, ok, okAnswer, renderAt, signedInAs, signedOut, stubApi } from "../test/render";

const pathOf = (router: { state: { location: { pathname: string } } }) => router.state.location.pathname;

describe("routing rules of SPEC.md section 2", () => {
  it("sends a signed-out visitor of a protected screen to /signin and remembers where they were going", async () => {
    stubApi(signedOut);
    const { router } = renderAt("/admin?page=2");
    await waitFor(() => expect(pathOf(router)).toBe("/signin"));
    expect(sessionStorage.getItem("initURL")).toBe("/admin?page=2");
  });

  it("sends / to /signin when signed out", async () => {
    stubApi(signedOut);
    const { router } = renderAt("/");
    await waitFor(() => expect(pathOf(router)).toBe("/signin"));
  });

  it("sends a signed-in user away from /signin through the decider: staff to /admin", async () => {
    stubApi(signedInAs("ROLE_ADMIN"));
    const { router } = renderAt("/signin");
    await waitFor(() => expect(pathOf(router)).toBe("/admin"));
  });

  it("sends an applicant without an application to /admission, and with one to /transactionStatus", async () => {
    stubApi(signedInAs("ROLE_USER"));
    const first = renderAt("/deciderScreen");
    await waitFor(() => expect(pathOf(first.router)).toBe("/admission"));
    first.unmount();

    stubApi({
      ...signedInAs("ROLE_USER"),
      "/booking/applicationStatus": ok({ applicationNo: "UG2026-000001", applicationStatus: "Pending", paymentStatus: "Pending", paymentRefNo: "null" }),
    });
    const second = renderAt("/deciderScreen");
    await waitFor(() => expect(pathOf(second.router)).toBe("/transactionStatus"));
  });

  it("sends a student awaiting results to /admission and any other student to /feesDetail", async () => {
    stubApi({
      ...signedInAs("ROLE_STUDENT"),
      "/booking/admission": ok({ examDetails: { tweleveStatus: "APPEARED" } }),
    });
    const appeared = renderAt("/deciderScreen");
    await waitFor(() => expect(pathOf(appeared.router)).toBe("/admission"));
    appeared.unmount();

    stubApi(signedInAs("ROLE_STUDENT"));
    const passed = renderAt("/deciderScreen");
    await waitFor(() => expect(pathOf(passed.router)).toBe("/feesDetail"));
  });

  it("sends a student who opens Payment Details to the fees history, with the gateway's outcome it came with", async () => {
    stubApi(signedInAs("ROLE_STUDENT"));
    const { router } = renderAt("/transactionStatus");
    await waitFor(() => expect(pathOf(router)).toBe("/feesHistory"));
    const returned = renderAt("/transactionStatus?payment=rejected");
    await waitFor(() => expect(pathOf(returned.router)).toBe("/feesHistory"));
    expect(returned.router.state.location.search).toBe("?payment=rejected");
  });

  /** An applicant whose application fee is still owed, in the state the status call gives. */
  const stubApplicantPaying = (applicationStatus: string, paymentStatus: string, more: Parameters<typeof stubApi>[0] = {}) =>
    stubApi({
      ...signedInAs("ROLE_USER"),
      "/booking/applicationStatus": ok({ applicationNo: "UG-2026-000001", applicationStatus, paymentStatus, paymentRefNo: null, receiptOrderId: null }),
      "/booking/admission": ok(null),
      ...more,
    });

  it("tells an applicant back from paying a fee the application could not take that it will be refunded, and offers the fee due", async () => {
    stubApplicantPaying("Pending", "Pending");
    renderAt("/transactionStatus?payment=refund");
    expect(await screen.findByText(/The college office will refund it to you/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Verify and Pay" })).toBeTruthy();
  });

  it("lists to an applicant who paid the application fee twice the money owed back, and then how it went back", async () => {
    const paidTwice = { orderId: "APP2026000042P2", amount: 300, academicYear: null, termNo: null, paidAt: "2026-06-10T05:40:00.000Z" };
    stubApplicantPaying("Submitted", "Success", {
      "/booking/paymentRefunds": ok([
        { ...paidTwice, status: "Due", refundedAt: null, reference: null },
        { ...paidTwice, orderId: "APP2026000042P3", status: "Refunded", refundedAt: "2026-06-12T05:00:00.000Z", reference: "NEFT 4411" },
      ]),
    });
    renderAt("/transactionStatus");
    expect(await screen.findByRole("heading", { name: "Money to be given back", level: 2 })).toBeTruthy();
    expect(
      screen.getByText("₹300 received on Jun 10, 2026 for the application fee (order APP2026000042P2) paid for nothing: the fee was already paid, or it had changed. The college office will give it back."),
    ).toBeTruthy();
    expect(screen.getByText("₹300 received on Jun 10, 2026 for the application fee (order APP2026000042P3) was given back on Jun 12, 2026, reference NEFT 4411.")).toBeTruthy();
  });

  it.each(["Failure", "Aborted"])("tells an applicant whose payment ended %s that nothing was taken, and how to try again", async (paymentStatus) => {
    stubApplicantPaying("Payment Failure", paymentStatus);
    renderAt("/transactionStatus");
    expect(await screen.findByText("The application fee has not been paid: the payment did not go through, and nothing was taken. Choose Verify and Pay to try again.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Verify and Pay" })).toBeTruthy();
  });

  it("says nothing of a failed payment while the fee is simply due", async () => {
    stubApplicantPaying("Pending", "Pending");
    renderAt("/transactionStatus");
    expect(await screen.findByRole("link", { name: "Verify and Pay" })).toBeTruthy();
    expect(screen.queryByText(/did not go through/)).toBeNull();
  });

  it("tells an applicant the office's decision with its remarks, and the degree a transfer moved the application to", async () => {
    stubApplicantPaying("Transferred", "Success", {
      "/booking/applicationDecision": ok({ at: "2026-12-02T10:30:00.000Z", status: "Transferred", degree: "B.SC. PHYSICS", remarks: "Seats full in chemistry" }),
      "/booking/admission": ok({ ...sampleAdmission(), course: "UG", courseSubject: "B.SC. PHYSICS", applicationNo: "UG-2026-000001" }),
    });
    renderAt("/transactionStatus");
    expect(await screen.findByText("The college office's decision of December 2, 2026: Transferred")).toBeTruthy();
    // The degree and the remarks isolated, so their own end punctuation stays theirs in Arabic.
    expect(screen.getByText("Your application is now for \u2068B.SC. PHYSICS\u2069.")).toBeTruthy();
    expect(screen.getByText("Remarks: \u2068Seats full in chemistry\u2069")).toBeTruthy();
    // On a phone (as the tests' window is), each label is above its value, in the row before it.
    const degreeLabelRow = screen.getByText("Course and degree").closest("tr")!;
    expect(degreeLabelRow.nextElementSibling!.textContent).toBe("UG · B.SC. PHYSICS");
  });

  it("says nothing of a decision before there is one", async () => {
    const calls = stubApplicantPaying("Submitted", "Success", { "/booking/applicationDecision": ok(null) });
    renderAt("/transactionStatus");
    expect(await screen.findByText("Application No")).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.url.startsWith("/booking/applicationDecision"))).toBe(true));
    // The answer is in and drawn before the screen is looked at.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText(/decision of/)).toBeNull();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("opens a student's fee screens for staff inside the staff layout, and keeps students out of anybody's", async () => {
    stubApi(signedInAs("ROLE_ADMIN"));
    const staff = renderAt("/feesHistory/asha%40example.in");
    // The staff layout's own footer (SPEC.md: the admin layout's copyright line).
    expect(await staff.findByText(/Copyright © 2021/)).toBeTruthy();
    expect(pathOf(staff.router)).toBe("/feesHistory/asha%40example.in");
    staff.unmount();

    stubApi(signedInAs("ROLE_STUDENT"));
    const student = renderAt("/feesDetail/asha%40example.in");
    await waitFor(() => expect(pathOf(student.router)).toBe("/feesDetail"));
  });

  it.each([
    ["/master", "/master/grade"],
    ["/students", "/students/list"],
  ])("opens %s, a staff route of SPEC.md's without a screen of its own, at its first screen", async (path, screen) => {
    stubApi({ ...signedInAs("ROLE_ADMIN"), "/booking/degrees": ok([]), "/booking/courses": ok([]), "/booking/students": ok({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 20 }) });
    const staff = renderAt(path);
    await waitFor(() => expect(pathOf(staff.router)).toBe(screen));
    staff.unmount();

    stubApi(signedInAs("ROLE_USER"));
    const applicant = renderAt(path);
    await waitFor(() => expect(pathOf(applicant.router)).toBe("/admission"));
  });

  it("keeps applicants out of the staff area", async () => {
    stubApi(signedInAs("ROLE_USER"));
    const { router } = renderAt("/user");
    await waitFor(() => expect(pathOf(router)).toBe("/admission"));
  });

  it("names each screen in the window's title, before the app's name", async () => {
    stubApi({ ...signedInAs("ROLE_ADMIN"), "/booking/admissionAll": ok({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 20, statusCounts: {} }) });
    const { router } = renderAt("/admin");
    await waitFor(() => expect(document.title).toBe("Applications · College Admissions"));
    await router.navigate("/changepassword/CHANGE_PWD");
    await waitFor(() => expect(document.title).toBe("Change Password · College Admissions"));
    await router.navigate("/no-such-screen");
    await waitFor(() => expect(document.title).toBe("Oops, an error has occurred. Page not found! · College Admissions"));
  });

  it("shows the 404 page for an unknown screen", async () => {
    stubApi(signedOut);
    const { findByText } = renderAt("/no-such-screen");
    expect(await findByText("Oops, an error has occurred. Page not found!")).toBeTruthy();
  });

  it("clears local storage and goes to /signin when any call answers 401, remembering the screen", async () => {
    localStorage.setItem("user_role", "ROLE_USER");
    localStorage.setItem("admissionData", "{}");
    let sessionEnded = false;
    stubApi({
      "/booking/api/auth/me": () =>
        sessionEnded
          ? failureAnswer(401, "Please sign in to continue.")
          : okAnswer({ userId: 7, userName: "p@example.in", roleName: "ROLE_USER", mobile: null }),
      "/booking/applicationStatus": () => {
        sessionEnded = true;
        return failureAnswer(401, "Please sign in to continue.");
      },
    });
    const { router } = renderAt("/deciderScreen");
    await waitFor(() => expect(pathOf(router)).toBe("/signin"));
    expect(localStorage.getItem("user_role")).toBeNull();
    expect(localStorage.getItem("admissionData")).toBeNull();
    // Signing in again goes back to the screen the session ended on.
    expect(sessionStorage.getItem("initURL")).toBe("/deciderScreen");
  });

  it("clears local storage when the session ended while the page was closed: the first question, who is signed in, answers 401", async () => {
    localStorage.setItem("user_role", "ROLE_STUDENT");
    localStorage.setItem("user_id", "7");
    localStorage.setItem("locale", "ta");
    stubApi(signedOut);
    const { router } = renderAt("/feesDetail");
    await waitFor(() => expect(pathOf(router)).toBe("/signin"));
    expect(localStorage.getItem("user_role")).toBeNull();
    expect(localStorage.getItem("user_id")).toBeNull();
    expect(localStorage.getItem("locale")).toBe("ta");
  });

  it("shows the server-error page when a screen fails to draw, until the visitor goes elsewhere", async () => {
    stubApi({
      ...signedInAs("ROLE_USER"),
      // A status that is not text: the status screen cannot draw it.
      "/booking/applicationStatus": ok({ applicationNo: "UG-1", applicationStatus: 42 }),
    });
    vi.spyOn(console, "error").mockImplementation(() => undefined); // React reports the caught error
    const { router, findByText, queryByText } = renderAt("/transactionStatus");
    expect(await findByText("Sorry, server goes wrong")).toBeTruthy();

    await router.navigate("/no-such-screen");
    expect(await findByText("Oops, an error has occurred. Page not found!")).toBeTruthy();
    expect(queryByText("Sorry, server goes wrong")).toBeNull();
  });

  describe("while the session is on its way (docs/PERFORMANCE.md, seventeenth round)", () => {
    /** A server that has not answered yet. */
    const stubSilentApi = () => vi.stubGlobal("fetch", vi.fn(() => new Promise<Response>(() => undefined)));

    it("draws an applicant screen's top bar, and the admission form's title", async () => {
      stubSilentApi();
      renderAt("/admission");
      expect(await screen.findByRole("heading", { level: 1, name: "Online Admission" })).toBeTruthy();
      expect(screen.getByRole("link", { name: "College Admissions" })).toBeTruthy();
      expect(screen.getByRole("status")).toBeTruthy();
    });

    it("draws the top bar alone on the other applicant screens", async () => {
      stubSilentApi();
      renderAt("/feesHistory");
      expect(await screen.findByRole("link", { name: "College Admissions" })).toBeTruthy();
      expect(screen.queryByRole("heading")).toBeNull();
    });

    it("draws only the loader on a staff screen, whose frame is another", async () => {
      stubSilentApi();
      renderAt("/admin-admission");
      expect(await screen.findByRole("status")).toBeTruthy();
      expect(screen.queryByRole("link", { name: "College Admissions" })).toBeNull();
      expect(screen.queryByRole("heading")).toBeNull();
    });
  });
});
