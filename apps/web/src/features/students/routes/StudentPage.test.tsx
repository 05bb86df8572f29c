import { messages, studentMessages } from "@admissions/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import i18n from "../../../lib/i18n";
import { catalogues } from "../../../test/catalogues";
import { type Answer, failureAnswer, ok, okAnswer, openDialog, renderAt, signedInAs, stubApi } from "../../../test/render";

const student = {
  id: 7,
  admissionNo: "ADM-UG-2026-0001",
  name: "ANITHA R",
  userName: "anitha@example.in",
  email: "anitha.r@example.in",
  mobile: "9840000001",
  course: "UG",
  courseId: 1,
  degree: "B.SC. COMPUTER SCIENCE",
  degreeId: 4,
  currentYear: 1,
  admissionYear: 2026,
  status: "Active",
  feesDue: 1,
  amountDue: 10102,
  createdAt: "2026-06-02T10:00:00.000Z",
  updatedAt: "2026-06-02T10:00:00.000Z",
};
const detail = {
  student,
  application: {
    applicationNo: "UG-2026-000007",
    applicationDate: "2026-05-07",
    applicationStatus: "Approved",
    paymentStatus: "Success",
    gender: "female",
    dob: "2008-03-14",
    fatherName: "RAVI K",
    community: "BC",
    totalMarkPercent: 90,
    addressDetails: { district: "Tiruvallur" },
    examDetails: { schoolName: "GOVT HR SEC SCHOOL" },
  },
  feeTerms: [
    { academicYear: 1, termNo: 1, termAmount: 10101, feeCode: "BSCCS-Y1T1", status: "Paid", paidAt: "2026-06-10T09:00:00.000Z", receiptNo: "FR-2026-0001", mode: "Cash" },
    { academicYear: 1, termNo: 2, termAmount: 10102, feeCode: "BSCCS-Y1T2", status: "Due", paidAt: null, receiptNo: null, mode: null },
    { academicYear: 2, termNo: 1, termAmount: 10201, feeCode: "BSCCS-Y2T1", status: "Due", paidAt: null, receiptNo: null, mode: null },
  ],
  payments: [
    { receiptNo: "FR-2026-0001", paidAt: "2026-06-10T09:00:00.000Z", amount: 10101, mode: "Cash", reference: null, academicYear: 1, termNo: 1, cancelledAt: null, cancelledBy: null, cancelReason: null },
  ],
  emailCorrectable: false,
  admissionNoCorrectable: false,
  degreeCorrectable: false,
};

/** The student API as the server answers it; every edit is recorded and answered by `save`. */
function studentApi(options: { role?: string; read?: () => Answer; save?: (body: Record<string, unknown>) => Answer } = {}) {
  const saves: Record<string, unknown>[] = [];
  const calls = stubApi({
    ...signedInAs(options.role ?? "ROLE_ADMIN"),
    "/booking/students/7": options.read ?? (() => okAnswer(detail)),
    "/booking/students": (init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      saves.push(body);
      return options.save ? options.save(body) : okAnswer({ ...student, ...body }, studentMessages.updated);
    },
  });
  return { saves, reads: () => calls.filter((call) => call.url === "/booking/students/7").length };
}

const findTitle = (name: string) => screen.findByRole("heading", { level: 1, name }, { timeout: 15_000 });

/** An element whose whole text is `text`, however many elements it is written in (the course and degree are isolated each). */
const wholeText = (text: string) => (_content: string, element: Element | null) => element?.textContent === text;

/** Opens student 7's page and its edit dialog, which it answers. */
async function openStudentEditor(): Promise<HTMLElement> {
  renderAt("/students/7");
  await findTitle("ANITHA R");
  await userEvent.click(screen.getByRole("button", { name: "Edit" }));
  return openDialog("Edit ANITHA R");
}

// Dialogs with selects take jsdom many seconds, more on a busy machine.
describe("a student's page", { timeout: 60_000 }, () => {
  it("shows the record, the application in brief, the fee terms and payments with receipts, and the way to the fees", async () => {
    studentApi();
    const { router } = renderAt("/students/7");
    await findTitle("ANITHA R");

    expect(screen.getByText("ADM-UG-2026-0001")).toBeTruthy();
    expect(screen.getByText("anitha.r@example.in")).toBeTruthy();
    expect(screen.getByText("₹10,102 (Terms due: 1)")).toBeTruthy();
    expect(screen.getByText("UG-2026-000007")).toBeTruthy();
    expect(screen.getByText("Female")).toBeTruthy();
    expect(screen.getByText("GOVT HR SEC SCHOOL")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open application" }).getAttribute("href")).toBe("/admin/anitha%40example.in");

    const terms = screen.getByRole("region", { name: "Fee terms" });
    const paidTerm = within(terms).getByText("BSCCS-Y1T1").closest("tr")!;
    expect(within(paidTerm).getByText("Paid")).toBeTruthy();
    expect(within(paidTerm).getByText("Cash")).toBeTruthy();
    expect(within(paidTerm).getByRole("link", { name: "Download receipt FR-2026-0001" }).getAttribute("href")).toBe("/booking/feeReceipt/FR-2026-0001");
    expect(within(within(terms).getByText("BSCCS-Y1T2").closest("tr")!).getByText("Due")).toBeTruthy();
    // A later year's term is owed once the student reaches it, as the header's count and Fees History say.
    expect(within(within(terms).getByText("BSCCS-Y2T1").closest("tr")!).getByText("Not yet due")).toBeTruthy();

    const payments = screen.getByRole("region", { name: "Payments" });
    expect(within(payments).getByText("Year 1, term 1")).toBeTruthy();
    expect(within(payments).getByRole("link", { name: "Download receipt FR-2026-0001" })).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Fee Entry" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/students/feesStatus/anitha%40example.in"));
  });

  it("cancels a fee recorded at the office from its payment, and shows a cancelled receipt with when and why", async () => {
    const payments = [
      {
        ...detail.payments[0]!,
        receiptNo: "FR-2026-0000",
        mode: "Cheque",
        reference: "CHQ 9",
        cancelledAt: "2026-06-09T09:00:00.000Z",
        cancelledBy: "cashier@college.in",
        cancelReason: "Cheque bounced",
      },
      detail.payments[0]!,
      { ...detail.payments[0]!, receiptNo: "FR-2026-0002", mode: "Online", reference: "310000", academicYear: 2 },
    ];
    const cancellations: unknown[] = [];
    const calls = stubApi({
      ...signedInAs("ROLE_ADMIN"),
      "/booking/students/7": () => okAnswer({ ...detail, payments }),
      "/booking/feeReceipt/": (init) => {
        cancellations.push(JSON.parse(String(init?.body)));
        return okAnswer({ receiptNo: "FR-2026-0001", academicYear: 1, termNo: 1, cancelledAt: "2026-06-11T09:00:00.000Z" }, "Receipt cancelled: the term is due again.");
      },
    });
    renderAt("/students/7");
    await findTitle("ANITHA R");
    const region = screen.getByRole("region", { name: "Payments" });
    const cancelledRow = within(region).getByText("FR-2026-0000").closest("tr")!;
    expect(within(cancelledRow).queryByRole("link")).toBeNull();
    expect(within(cancelledRow).getByText(/^Cancelled .+ by .+cashier@college\.in.+: .+Cheque bounced.+$/)).toBeTruthy();
    expect(within(within(region).getByText("FR-2026-0002").closest("tr")!).queryByRole("button")).toBeNull();

    const cancelButton = within(region).getByRole("button", { name: "Cancel receipt: FR-2026-0001" });
    await userEvent.click(cancelButton);
    const dialog = await openDialog("Cancel receipt FR-2026-0001");
    expect(within(dialog).getByText("ANITHA R · ₹10,101 · Cash · -")).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText("Reason"), "Entered for the wrong term");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel receipt" }));
    expect(await screen.findByText("Receipt cancelled: the term is due again.")).toBeTruthy();
    expect(cancellations).toEqual([{ reason: "Entered for the wrong term" }]);
    expect(calls.find((call) => call.init?.method === "POST")?.url).toBe("/booking/feeReceipt/FR-2026-0001/cancellation");
    // The page is read again, with the term due; the focus waits in the payments, not on a button going away.
    await waitFor(() => expect(calls.filter((call) => call.url === "/booking/students/7").length).toBe(2));
    await waitFor(() => expect(document.activeElement).toBe(region));
  });

  it("says when the student was imported and has no application", async () => {
    studentApi({ read: () => okAnswer({ ...detail, application: null, payments: [] }) });
    renderAt("/students/7");
    await findTitle("ANITHA R");
    expect(screen.getByText("This student was imported, so there is no application form.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Open application" })).toBeNull();
    expect(screen.getByText("No payments yet.")).toBeTruthy();
  });

  it("says so when the student belongs to another department", async () => {
    studentApi({ role: "ROLE_DEPARTMENT_ADMIN", read: () => failureAnswer(403, "You are not allowed to do this.") });
    renderAt("/students/7");
    expect(await screen.findByText("This student belongs to a degree you do not look after, so you cannot open their page.", {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Edit" })).toBeNull();
  });

  it("offers no Edit to staff other than admins and department admins", async () => {
    studentApi({ role: "ROLE_ACCOUNTANT" });
    renderAt("/students/7");
    await findTitle("ANITHA R");
    expect(screen.getByRole("button", { name: "Fees History" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Edit" })).toBeNull();
  });

  it("edits the name, mobile, year and status, checking them as the server does, and shows the saved record", async () => {
    const api = studentApi();
    const dialog = await openStudentEditor();

    const name = within(dialog).getByLabelText("Name");
    await userEvent.clear(name);
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText(messages.nameRequired)).toBeTruthy();
    expect(api.saves).toEqual([]);

    await userEvent.type(name, "Anitha Ravi");
    await userEvent.click(within(dialog).getByRole("combobox", { name: "Current year" }));
    await userEvent.click(await screen.findByTitle("Year 2"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Student updated")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.saves).toEqual([{ id: 7, name: "Anitha Ravi", mobile: "9840000001", currentYear: 2, status: "Active", updatedAt: student.updatedAt }]);
    // The page is read again, so it shows what the server saved.
    await waitFor(() => expect(api.reads()).toBe(2));
  });

  it("refused as made over a record changed meanwhile, reads the record again: untouched fields take its values, typed ones stay, and the next save is over it", async () => {
    const changed = { ...student, mobile: "9840022222", updatedAt: "2026-06-03T08:00:00.000Z" };
    const reads = [okAnswer(detail), okAnswer({ ...detail, student: changed })];
    const answers = [failureAnswer(409, studentMessages.outdated), okAnswer({ ...changed, name: "ANITHA RAVI" }, studentMessages.updated)];
    const api = studentApi({ read: () => reads.shift() ?? okAnswer({ ...detail, student: changed }), save: () => answers.shift()! });
    const dialog = await openStudentEditor();
    const name = within(dialog).getByLabelText("Name");
    await userEvent.clear(name);
    await userEvent.type(name, "Anitha Ravi");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await within(dialog).findByText("Someone else has changed this student since you opened it: look at the record again before saving!")).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByLabelText("Mobile")).toHaveProperty("value", "9840022222"));
    expect(name).toHaveProperty("value", "Anitha Ravi");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Student updated")).toBeTruthy();
    expect(api.saves).toEqual([
      { id: 7, name: "Anitha Ravi", mobile: "9840000001", currentYear: 1, status: "Active", updatedAt: student.updatedAt },
      { id: 7, name: "Anitha Ravi", mobile: "9840022222", currentYear: 1, status: "Active", updatedAt: changed.updatedAt },
    ]);
  });

  it("offers an imported student's e-mail for correction while nobody has signed in with it, and only then", async () => {
    const imported = { ...detail, application: null, student: { ...student, email: "elango.v@exmaple.in", userName: "elango.v@exmaple.in" }, emailCorrectable: true, admissionNoCorrectable: true };
    const api = studentApi({ read: () => okAnswer(imported) });
    const dialog = await openStudentEditor();
    expect(within(dialog).getByText("The course and degree come from the import; now that a fee has been paid or begun, they cannot be changed here.")).toBeTruthy();
    expect(within(dialog).queryByLabelText("Course and degree")).toBeNull();
    const email = within(dialog).getByLabelText("E-mail (the student's sign-in)");
    expect(email).toHaveProperty("value", "elango.v@exmaple.in");
    await userEvent.clear(email);
    await userEvent.type(email, "elango.v@example");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Enter the student's e-mail, such as name@example.com!")).toBeTruthy();
    expect(api.saves).toEqual([]);

    await userEvent.type(email, ".in");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Student updated")).toBeTruthy();
    expect(api.saves).toEqual([
      { id: 7, name: "ANITHA R", mobile: "9840000001", currentYear: 1, status: "Active", email: "elango.v@example.in", admissionNo: "ADM-UG-2026-0001", updatedAt: student.updatedAt },
    ]);
  });

  it("offers an imported student's degree, grouped by course and named with it once chosen, while no fee was paid or begun", async () => {
    const imported = { ...detail, application: null, admissionNoCorrectable: true, degreeCorrectable: true };
    const degrees = [
      { id: 4, name: "B.SC. COMPUTER SCIENCE", courseId: 1, isActive: true },
      { id: 5, name: "B.A. ENGLISH", courseId: 1, isActive: true },
      { id: 9, name: "M.A. ENGLISH", courseId: 2, isActive: true },
    ];
    const courses = [
      { id: 1, name: "UG", applicationFee: 300, isActive: true },
      { id: 2, name: "PG", applicationFee: 400, isActive: true },
    ];
    const saves: Record<string, unknown>[] = [];
    stubApi({
      ...signedInAs("ROLE_ADMIN"),
      "/booking/courses": ok(courses),
      "/booking/degrees": ok(degrees),
      "/booking/students/7": () => okAnswer(imported),
      "/booking/students": (init) => {
        saves.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        return okAnswer({ ...student, degreeId: 9, degree: "M.A. ENGLISH", courseId: 2, course: "PG" }, studentMessages.updated);
      },
    });
    const dialog = await openStudentEditor();
    expect(within(dialog).queryByText(/come from the import/)).toBeNull();
    expect(within(dialog).getByText(/the fee terms become the new degree's/)).toBeTruthy();
    // The chosen degree is named with its course, as the list names it under its course.
    expect(await within(dialog).findAllByText(wholeText("UG · B.SC. COMPUTER SCIENCE"))).not.toHaveLength(0);
    await userEvent.click(within(dialog).getByLabelText("Course and degree"));
    await userEvent.click(await screen.findByTitle("M.A. ENGLISH"));
    expect(await within(dialog).findAllByText(wholeText("PG · M.A. ENGLISH"))).not.toHaveLength(0);
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Student updated")).toBeTruthy();
    expect(saves).toEqual([expect.objectContaining({ id: 7, degreeId: 9 })]);
  });

  it("offers an imported student's admission number for correction, with the server's refusal under it", async () => {
    const imported = { ...detail, application: null, admissionNoCorrectable: true };
    const answers = [failureAnswer(400, studentMessages.admissionNoTaken, [{ field: "admissionNo", message: studentMessages.admissionNoTaken }]), okAnswer(student, studentMessages.updated)];
    const api = studentApi({ read: () => okAnswer(imported), save: () => answers.shift()! });
    const dialog = await openStudentEditor();
    const admissionNo = within(dialog).getByLabelText("Admission No");
    expect(admissionNo).toHaveProperty("value", "ADM-UG-2026-0001");
    await userEvent.clear(admissionNo);
    await userEvent.type(admissionNo, "ADM UG #1");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText(studentMessages.admissionNoInvalid)).toBeTruthy();
    expect(api.saves).toEqual([]);

    await userEvent.clear(admissionNo);
    await userEvent.type(admissionNo, "adm-ug-2026-0010");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText(studentMessages.admissionNoTaken, { selector: ".ant-form-item-explain-error" })).toBeTruthy();
    await userEvent.clear(admissionNo);
    await userEvent.type(admissionNo, "adm-ug-2026-0011");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Student updated")).toBeTruthy();
    expect(api.saves.map((saved) => (saved as { admissionNo: string }).admissionNo)).toEqual(["adm-ug-2026-0010", "adm-ug-2026-0011"]);
  });

  it("offers no e-mail to correct once the student has signed in, or for an admitted applicant", async () => {
    studentApi();
    const dialog = await openStudentEditor();
    expect(within(dialog).queryByLabelText("E-mail (the student's sign-in)")).toBeNull();
    expect(within(dialog).queryByLabelText("Admission No")).toBeNull();
    expect(within(dialog).getByText("The e-mail, admission number, course and degree come from admission and cannot be changed here.")).toBeTruthy();
  });

  it("keeps the dialog open with the server's refusal, in the chosen language, under its field", async () => {
    studentApi({ save: () => failureAnswer(400, studentMessages.statusInvalid, [{ field: "status", message: studentMessages.statusInvalid }]) });
    await openStudentEditor();
    await act(() => i18n.changeLanguage("fr"));
    try {
      const dialog = await openDialog("Modifier ANITHA R");
      await userEvent.click(within(dialog).getByRole("button", { name: "Enregistrer" }));

      expect(await within(dialog).findByRole("alert")).toBeTruthy();
      // On top and under the status, in French: the server speaks English. The field's error is
      // drawn a render after the alert on a busy machine, so it is waited for.
      await waitFor(() => expect(within(dialog).getAllByText(catalogues.fr.students.messages.statusInvalid)).toHaveLength(2));
    } finally {
      await act(() => i18n.changeLanguage("en"));
    }
  });
});
