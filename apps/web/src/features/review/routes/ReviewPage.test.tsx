import { sampleAdmission, type DecisionHistoryEntry, type SameAadhaar } from "@admissions/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import i18n from "../../../lib/i18n";
import { catalogues } from "../../../test/catalogues";
import { listedApplication } from "../../../test/applications";
import { failure, ok, okAnswer, renderAt, signedInAs, stubApi } from "../../../test/render";

const userName = "priya@example.in";
const reviewPath = `/admin/${encodeURIComponent(userName)}`;
const admissionUrl = `/booking/admission?userName=${encodeURIComponent(userName)}`;
const historyUrl = "/booking/applicationHistory?applicationNo=UG-2026-000123";
const sameAadhaarUrl = "/booking/sameAadhaar?applicationNo=UG-2026-000123";

const submitted = {
  ...sampleAdmission({ name: "PRIYA S", transferCertificateUrl: "" }),
  userName,
  courseId: 1,
  age: 18,
  totalMarks: 540,
  totalMarkPercent: 90,
  applicationNo: "UG-2026-000123",
  admissionNo: "",
  applicationDate: "2026-06-02",
  applicationStatus: "Submitted",
  paymentStatus: "Success",
  paymentRefNo: "310012345678",
  applicationFee: 300,
};

const transferEntry: DecisionHistoryEntry = {
  id: 1,
  at: "2026-06-03T10:15:00.000Z",
  actorName: "office@college.in",
  fromStatus: "Submitted",
  toStatus: "Transferred",
  fromDegree: "B.SC. PHYSICS",
  toDegree: "B.SC. COMPUTER SCIENCE",
  remarks: "Physics seats are full",
};

/** The review screen's calls, answered by the contract; a decision changes what the next reads answer. */
function stubReviewApi(
  application: Record<string, unknown> | null = submitted,
  session = signedInAs("ROLE_ADMIN", "office@college.in"),
  sameAadhaar: SameAadhaar = { applications: [], notListed: 0, outOfScope: 0 },
) {
  let current = application;
  let history: DecisionHistoryEntry[] = [transferEntry];
  const calls = stubApi({
    ...session,
    "/booking/courses": ok([{ id: 1, name: "UG", applicationFee: 300 }, { id: 2, name: "PG", applicationFee: 400 }]),
    "/booking/degrees": () =>
      okAnswer([
        { id: 4, name: "B.SC. COMPUTER SCIENCE", courseId: 1 },
        { id: 5, name: "B.SC. MATHEMATICS", courseId: 1 },
        { id: 6, name: "B.COM. COMMERCE", courseId: 1 },
        { id: 9, name: "M.SC. PHYSICS", courseId: 2 },
      ]),
    "/booking/admissionAll": ok({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 20, statusCounts: {} }),
    [admissionUrl]: () => okAnswer(current),
    [historyUrl]: () => okAnswer(history),
    [sameAadhaarUrl]: ok(sameAadhaar),
    "/booking/downloadFile/": ok(null),
    "/booking/applicationStatus": (init) => {
      const decision = JSON.parse(String(init?.body)) as { status: string; message: string };
      history = [{ ...transferEntry, id: 2, fromStatus: String(current!.applicationStatus), toStatus: decision.status, toDegree: null, remarks: decision.message }, ...history];
      current = { ...current!, applicationStatus: decision.status, admissionNo: decision.status === "Approved" ? "ADM-UG-2026-0001" : "" };
      return okAnswer(current, "Status updated");
    },
  });
  const count = (url: string) => calls.filter((call) => call.url === url && (call.init?.method ?? "GET") === "GET").length;
  const posts = () => calls.filter((call) => call.url === "/booking/applicationStatus" && call.init?.method === "POST").map((call) => JSON.parse(String(call.init?.body)) as unknown);
  return { count, posts };
}

/** The screen itself: jsdom applies no print CSS, so the printable form (hidden on screen) is left out of queries. */
const onScreen = () => within(document.querySelector<HTMLElement>(".screen-only")!);
const heading = (name: string) => onScreen().queryByRole("heading", { name, level: 2 });

/** Pastes the remarks in one input event: typing them key by key re-renders Ant Design's text area each time. */
async function enterRemarks(text: string) {
  await userEvent.click(await screen.findByLabelText("Remarks"));
  await userEvent.paste(text);
}

beforeAll(() => {
  // jsdom has no object URLs; the photo is shown from one.
  Object.defineProperty(URL, "createObjectURL", { configurable: true, value: () => "blob:photo" });
});

// The whole application in Ant Design takes jsdom several seconds to draw, more on a busy machine.
describe("the application review screen", { timeout: 60_000 }, () => {
  it("shows the numbers, status, photo, every section, the documents and the decision history", async () => {
    const api = stubReviewApi();
    renderAt(reviewPath);

    expect(await screen.findByRole("heading", { level: 1, name: "Application of PRIYA S" })).toBeTruthy();
    expect(screen.getAllByText("UG-2026-000123").length).toBeGreaterThan(0);
    expect(screen.getByText("SUBMITTED")).toBeTruthy();
    expect(await onScreen().findByRole("img", { name: "Photo" })).toBeTruthy();
    for (const section of ["Student Detail", "Contact Detail", "Exam Detail", "Mark Detail", "Documents", "Decision", "Decision history"]) {
      expect(heading(section), section).toBeTruthy();
    }
    expect(heading("Degree Detail")).toBeNull();

    const documents = onScreen().getByRole("heading", { name: "Documents" }).closest(".ant-card") as HTMLElement;
    const downloads = within(documents).getAllByRole("link", { name: /^Download/ });
    expect(downloads.map((link) => link.getAttribute("href"))).toEqual([
      "/booking/downloadFile/userName/priya%40example.in/photo.jpg",
      "/booking/downloadFile/userName/priya%40example.in/marksheet.pdf",
      "/booking/downloadFile/userName/priya%40example.in/aadhar.png",
    ]);
    expect(within(documents).getByRole("link", { name: "Download Marksheet" })).toBeTruthy();
    expect(within(documents).getAllByText("No Document")).toHaveLength(4);

    expect(await screen.findByText("Submitted → Transferred")).toBeTruthy();
    expect(screen.getByText("by office@college.in")).toBeTruthy();
    expect(screen.getByText("Degree: B.SC. PHYSICS → B.SC. COMPUTER SCIENCE")).toBeTruthy();
    expect(screen.getByText("Remarks: Physics seats are full")).toBeTruthy();

    const remarks = screen.getByLabelText("Remarks");
    expect(remarks.getAttribute("maxlength")).toBe("100");
    // No other application has the number: once the answer is drawn, nothing says so.
    await waitFor(() => expect(api.count(sameAadhaarUrl)).toBe(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText("The same Aadhar number is on other applications")).toBeNull();
  });

  it("warns of other applications with the same Aadhar number, links to each, and counts those of other degrees", async () => {
    const other = listedApplication({ degree: "B.COM. COMMERCE", applicationStatus: "Pending", paymentStatus: "Pending" });
    stubReviewApi(submitted, signedInAs("ROLE_DEPARTMENT_ADMIN", "office@college.in", [4, 6]), { applications: [other], notListed: 3, outOfScope: 2 });
    renderAt(reviewPath);

    const notice = (await screen.findByText("The same Aadhar number is on other applications")).closest(".ant-alert") as HTMLElement;
    const link = within(notice).getByRole("link", { name: "UG-2026-000045" });
    expect(link.getAttribute("href")).toBe("/admin/priya.s%40example.in");
    expect(within(notice).getByRole("listitem").textContent).toBe("UG-2026-000045 · PRIYA S · UG · B.COM. COMMERCE · Pending");
    expect(within(notice).getByText("More applications with this number in the degrees you look after: 3")).toBeTruthy();
    expect(within(notice).getByText("Applications with this number in degrees you do not look after: 2")).toBeTruthy();
  });

  it("shows and prints the form's fixed choices and yes/no answers in the chosen language, as the form offered them", async () => {
    const french = catalogues.fr.admission;
    await act(() => i18n.changeLanguage("fr"));
    try {
      stubReviewApi();
      renderAt(reviewPath);
      await screen.findByRole("heading", { level: 1, name: /PRIYA S/ });
      expect(await onScreen().findByText(french.genders.female)).toBeTruthy();
      for (const label of [french.religions.Hindu, french.transportModes.bus, french.boards["State Board"], french.mediums.English, french.tweleveStatuses.PASSED]) {
        expect(onScreen().getAllByText(label).length, label).toBeGreaterThan(0);
      }

      // The printed form upper-cases every value, the yes/no answers too, in the same words.
      const printed = screen.getByRole("article", { name: catalogues.fr.review.formTitle, hidden: true });
      // French puts a no-break space before "?", which the query's matching folds into a space.
      const printedValue = (label: string) => within(printed).getByText(label.replace(/\s+/g, " ")).nextElementSibling?.textContent;
      expect(printedValue(french.gender)).toBe(french.genders.female.toUpperCase());
      expect(printedValue(french.religion)).toBe(french.religions.Hindu.toUpperCase());
      expect(printedValue(french.tweleveStatus)).toBe(french.tweleveStatuses.PASSED.toUpperCase());
      expect(printedValue(french.exServiceMan)).toBe(french.no.toUpperCase());
      expect(printedValue(french.hostelRequired)).toBe(french.yes.toUpperCase());
    } finally {
      await act(() => i18n.changeLanguage("en"));
    }
  });

  it("leaves out Mark Detail while the HSC result is awaited", async () => {
    stubReviewApi({ ...submitted, examDetails: { ...(submitted.examDetails as object), tweleveStatus: "APPEARED" }, marksDetails: [] });
    renderAt(reviewPath);

    expect(await screen.findByRole("heading", { name: "Application of PRIYA S" })).toBeTruthy();
    expect(heading("Exam Detail")).toBeTruthy();
    expect(heading("Mark Detail")).toBeNull();
  });

  it("says 'Enter Remarks' and sends nothing when a decision has blank remarks", async () => {
    const api = stubReviewApi();
    renderAt(reviewPath);

    await userEvent.click(await screen.findByRole("button", { name: "Reject" }));
    expect(await screen.findByText("Enter Remarks")).toBeTruthy();
    // The keyboard is taken to the remarks wanted, not left on the button.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Remarks")));
    await enterRemarks("   ");
    await userEvent.click(screen.getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Enter Remarks")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(api.posts()).toEqual([]);
  });

  it("approves after confirmation with the remarks, says 'Status updated' and reads the application and history again", async () => {
    const api = stubReviewApi();
    renderAt(reviewPath);

    await enterRemarks("Certificates verified in person");
    await userEvent.click(screen.getByRole("button", { name: "Approve" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("Approve application UG-2026-000123?");
    expect(dialog.textContent).toContain("Remarks: Certificates verified in person");
    await userEvent.click(within(dialog).getByRole("button", { name: "Approve" }));

    expect(await screen.findByText("Status updated")).toBeTruthy();
    // The status the screen showed goes with the decision, so one made on an outdated screen is refused.
    expect(api.posts()).toEqual([{ status: "Approved", message: "Certificates verified in person", applicationNo: "UG-2026-000123", expectedStatus: "Submitted" }]);
    expect(await screen.findByText("APPROVED")).toBeTruthy();
    expect(screen.getAllByText("ADM-UG-2026-0001").length).toBeGreaterThan(0);
    expect(await onScreen().findByText("Remarks: Certificates verified in person")).toBeTruthy();
    expect(api.count(admissionUrl)).toBe(2);
    expect(api.count(historyUrl)).toBe(2);
    expect((screen.getByLabelText("Remarks") as HTMLTextAreaElement).value).toBe("");
    // Approved now: approving again would only mail the same news; the other decisions stay open.
    await waitFor(() => expect((screen.getByRole("button", { name: "Approve" }) as HTMLButtonElement).disabled).toBe(true));
    for (const name of ["Transfer", "Cancel", "Reject"]) expect((screen.getByRole("button", { name }) as HTMLButtonElement).disabled, name).toBe(false);
  });

  it("asks for the degree before a transfer and sends it", async () => {
    const api = stubReviewApi();
    renderAt(reviewPath);

    await enterRemarks("Better suited to mathematics");
    await userEvent.click(screen.getByRole("button", { name: "Transfer" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Transfer" }));
    expect(await within(dialog).findByText("Please select Degree!")).toBeTruthy();
    expect(api.posts()).toEqual([]);

    await userEvent.click(within(dialog).getByRole("combobox", { name: "Degree to transfer to" }));
    // The applicant's own degree (B.SC. COMPUTER SCIENCE, id 4) is not offered, nor a PG degree.
    expect(screen.queryByTitle("B.SC. COMPUTER SCIENCE")).toBeNull();
    expect(screen.queryByTitle("M.SC. PHYSICS")).toBeNull();
    await userEvent.click(await screen.findByTitle("B.SC. MATHEMATICS"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Transfer" }));

    expect(await screen.findByText("Status updated")).toBeTruthy();
    expect(api.posts()).toEqual([{ status: "Transferred", message: "Better suited to mathematics", applicationNo: "UG-2026-000123", degreeId: 5, expectedStatus: "Submitted" }]);
  });

  it("offers a department admin only the degrees they look after to transfer to", async () => {
    stubReviewApi(submitted, signedInAs("ROLE_DEPARTMENT_ADMIN", "hod@college.in", [4, 6, 9]));
    renderAt(reviewPath);

    await enterRemarks("Better suited to commerce");
    await userEvent.click(screen.getByRole("button", { name: "Transfer" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("combobox", { name: "Degree to transfer to" }));
    expect(await screen.findByTitle("B.COM. COMMERCE")).toBeTruthy();
    expect(screen.queryByTitle("M.SC. PHYSICS")).toBeNull();
    expect(screen.queryByTitle("B.SC. MATHEMATICS")).toBeNull();
    expect(screen.queryByTitle("B.SC. COMPUTER SCIENCE")).toBeNull();
  });

  it("opens Reject's and Cancel's confirmations on Not now, so that Enter does not decide, and Approve's on Approve", async () => {
    const api = stubReviewApi();
    renderAt(reviewPath);
    await enterRemarks("Documents missing");
    for (const [decision, focused] of [
      ["Reject", "Not now"],
      ["Cancel", "Not now"],
      ["Approve", "Approve"],
    ] as const) {
      await userEvent.click(screen.getByRole("button", { name: decision }));
      const dialog = await screen.findByRole("dialog");
      // The number is one piece, never broken at its hyphens.
      for (const number of within(dialog).getAllByText("UG-2026-000123")) expect(number.className).toContain("unbroken");
      await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: focused })));
      await userEvent.click(within(dialog).getByRole("button", { name: "Not now" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    }
    expect(api.posts()).toEqual([]);
  });

  it("shows the server's refusal of a decision", async () => {
    stubApi({
      ...signedInAs("ROLE_ADMIN"),
      [admissionUrl]: () => okAnswer(submitted),
      [historyUrl]: () => okAnswer([]),
      "/booking/applicationStatus": failure(409, "This degree has no fee structure yet: add it under Degree before approving."),
    });
    renderAt(reviewPath);

    expect(await screen.findByText("No decision has been made on this application yet.")).toBeTruthy();
    await enterRemarks("Admit");
    await userEvent.click(screen.getByRole("button", { name: "Approve" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("This degree has no fee structure yet: add it under Degree before approving.")).toBeTruthy();
  });

  it("Go Back clears the loaded application and returns to the previous screen", async () => {
    const api = stubReviewApi();
    const { router } = renderAt("/admin");
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin"));
    await router.navigate(reviewPath);

    await userEvent.click(await screen.findByRole("button", { name: "Go Back" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin"));
    expect(api.count(admissionUrl)).toBe(1);

    // Opened again, the application is read afresh rather than taken from the cache.
    await router.navigate(reviewPath);
    expect(await screen.findByRole("button", { name: "Go Back" })).toBeTruthy();
    await waitFor(() => expect(api.count(admissionUrl)).toBe(2));
  });

  it("Go Back from a page opened directly lands on the applications list", async () => {
    stubReviewApi();
    const { router } = renderAt(reviewPath);

    await userEvent.click(await screen.findByRole("button", { name: "Go Back" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin"));
  });

  it("says so when the applicant has no application, or the application is outside the staff member's degrees", async () => {
    stubReviewApi(null);
    const { unmount } = renderAt(reviewPath);
    expect(await screen.findByText("priya@example.in has not made an application yet.")).toBeTruthy();
    unmount();

    stubApi({
      ...signedInAs("ROLE_DEPARTMENT_ADMIN"),
      [admissionUrl]: failure(403, "You are not allowed to do this."),
    });
    renderAt(reviewPath);
    expect(await screen.findByText("This application belongs to a degree you do not look after, so you cannot open it.")).toBeTruthy();
  });
});
