import { activityActions, gatewayRefusals, type ActivityEntry } from "@admissions/shared";
import { createInstance, type TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { catalogues } from "../../../test/catalogues";
import { activitySummary, summarisedActions } from "./activity-summary";

/** An entry as the server writes it: its English sentence and the details the sentence is made of. */
const entry = (action: string, summary: string, details: Record<string, unknown> | null, entityId: string | null = null): ActivityEntry => ({
  id: 1,
  at: "2026-06-03T10:15:00.000Z",
  actorName: "asha.clerk@college.in",
  action,
  entityType: action.split(".")[0]!,
  entityId,
  summary,
  details,
  ip: null,
});

const term = { feeTermId: 41, feeCode: "FART-Y1T1", academicYear: 1, termNo: 1 };

/** One entry of every action, with the details of the server's own code (apps/server/src/modules). */
const written: ActivityEntry[] = [
  entry("user.signin", "Signed in", null),
  entry("user.signout", "Signed out", null),
  entry("user.signup", "Registered as an applicant", null),
  entry("user.password_reset_requested", "Asked for a password reset code", null),
  entry("user.password_reset", "Reset the password with an e-mailed code; all sessions ended", null),
  entry("user.passwordResetSent", "Sent a password reset code to ravi@college.in", { userName: "ravi@college.in" }),
  entry("user.first_admin", "Created the first administrator admin@college.in", { userName: "admin@college.in", promoted: false }),
  entry("user.created", "Created ravi@college.in: ROLE_DEPARTMENT_ADMIN, active, degrees B.COM., B.A. TAMIL", {
    userName: "ravi@college.in",
    role: "ROLE_DEPARTMENT_ADMIN",
    isActive: true,
    degreeIds: [3, 4],
    degrees: ["B.COM.", "B.A. TAMIL"],
  }),
  // Kept before the entries named the degrees: the ids stand in for them.
  entry("user.updated", "Changed ravi@college.in from ROLE_DEPARTMENT_ADMIN, active, degrees 3 to ROLE_ADMIN, disabled", {
    userName: "ravi@college.in",
    from: { role: "ROLE_DEPARTMENT_ADMIN", isActive: true, degreeIds: [3] },
    to: { role: "ROLE_ADMIN", isActive: false, degreeIds: [] },
  }),
  entry("application.submitted", "Submitted the application; payment order UG2026000123P1 started", {
    degree: "B.A. ENGLISH",
    status: "Pending",
    paymentOrder: "UG2026000123P1",
    newAccount: false,
  }),
  entry("application.updated", "Updated the application; payment order UG2026000123P2 started", {
    degree: "B.A. ENGLISH",
    status: "Pending",
    newAccount: false,
    paymentOrder: "UG2026000123P2",
  }),
  entry("application.offline_entry", "Entered the walk-in application of meena@example.in (new applicant account)", {
    userName: "meena@example.in",
    degree: "B.SC. PHYSICS",
    status: "Submitted",
    newAccount: true,
  }),
  entry("application.marks_entered", "Entered the HSC marks (87.5%)", { totalMarkPercent: 87.5 }),
  entry("application.approved", "Approved the application of PRIYA S: admission number 2026UG0007", {
    applicantName: "PRIYA S",
    admissionNo: "2026UG0007",
    feeTermsWritten: 6,
    fromStatus: "Submitted",
    toStatus: "Approved",
    fromDegree: "B.A. ENGLISH",
    toDegree: "B.A. ENGLISH",
    remarks: "Welcome",
  }),
  entry("application.transferred", "Transferred the application of PRIYA S from B.A. ENGLISH to B.A. TAMIL", {
    applicantName: "PRIYA S",
    fromStatus: "Submitted",
    toStatus: "Transferred",
    fromDegree: "B.A. ENGLISH",
    toDegree: "B.A. TAMIL",
    remarks: "Seats full",
  }),
  entry("application.cancelled", "Cancelled the application of PRIYA S; the admission was withdrawn: the student record is Cancelled", {
    applicantName: "PRIYA S",
    admissionWithdrawn: true,
    fromStatus: "Approved",
    toStatus: "Cancelled",
  }),
  entry("application.rejected", "Rejected the application of PRIYA S", { applicantName: "PRIYA S", fromStatus: "Submitted", toStatus: "Rejected" }),
  entry("application.exported", "Exported 1200 applications to Excel", { filters: { status: "Submitted" }, rows: 1200 }),
  entry("upload.saved", "Uploaded a PDF of 209 KB for priya@example.in", {
    originalName: "marksheet.pdf",
    contentType: "application/pdf",
    sizeBytes: 214_000,
    owner: "priya@example.in",
  }),
  entry("payment.success", "Rs.300.00 success (gateway return)", { amount: "300.00", settledBy: "return", trackingId: "310012345678", application: "UG-2026-000123" }),
  entry("payment.failure", "Rs.300.00 failure (order status call)", { amount: "300.00", settledBy: "status", trackingId: null }),
  entry("payment.aborted", "Rs.300.00 aborted (gateway return)", { amount: "300.00", settledBy: "return", trackingId: null }),
  entry("payment.rejected", "Gateway response refused: amount 1.00 does not match 300.00 of order UG2026000123P1", {
    reason: "amount 1.00 does not match 300.00 of order UG2026000123P1",
    refusal: "amountMismatch",
    amount: "1.00",
    expected: "300.00",
    orderId: "UG2026000123P1",
  }),
  entry(
    "payment.duplicate",
    "Rs.300.00 received for application UG-2026-000123, whose fee was already in (Offline): refund it to the payer by hand",
    { amount: "300.00", application: "UG-2026-000123", applicationStatusBefore: "Submitted", paymentStatus: "Offline", trackingId: "310012345679" },
  ),
  entry(
    "payment.amount_changed",
    "Rs.25000.00 received for FART-Y1T1 (year 1, term 1), whose fee is now Rs.26000.00 and still due: refund it to the payer by hand",
    { amount: "25000.00", ...term, feeNow: "26000.00", trackingId: "310012345680" },
  ),
  entry("payment.refunded", "Refunded Rs.300.00 of order UG2026000123P1 (RF-2291)", { amount: "300.00", reference: "RF-2291", trackingId: "310012345678" }, "UG2026000123P1"),
  entry("course.created", "Created course DIPLOMA (application fee Rs.150)", { name: "DIPLOMA", applicationFee: 150 }),
  entry("course.updated", "Updated course DIPLOMA: applicationFee Rs.150 → Rs.200; isActive yes → no", {
    course: "DIPLOMA",
    before: { name: "DIPLOMA", applicationFee: 150, isActive: true },
    after: { name: "DIPLOMA", applicationFee: 200, isActive: false },
  }),
  entry("degree.created", "Created degree B.VOC. DESIGN under UG", { name: "B.VOC. DESIGN", courseId: 1, course: "UG" }),
  entry("degree.updated", "Updated degree B.VOC. DESIGN (UG): name B.VOC DESIGN → B.VOC. DESIGN", {
    degree: "B.VOC. DESIGN",
    course: "UG",
    before: { name: "B.VOC DESIGN", courseId: 1, isActive: true },
    after: { name: "B.VOC. DESIGN", courseId: 1, isActive: true },
  }),
  entry("feeStructure.updated", "Fee structure of B.A. ENGLISH: 2 terms, Rs.51000.00 in all (was 1 terms)", {
    degree: "B.A. ENGLISH",
    total: "51000.00",
    before: [{ year: 1, term: 1, amount: 25000, feeCode: "FART-Y1T1" }],
    after: [
      { year: 1, term: 1, amount: 25000, feeCode: "FART-Y1T1" },
      { year: 1, term: 2, amount: 26000, feeCode: "FART-Y1T2" },
    ],
  }),
  entry("academic.year_closed", "Closed the academic year 2026-27 of UG: 120 moved up a year, 38 completed", {
    course: "UG",
    year: 2026,
    next: 2027,
    moved: 120,
    completed: 38,
    feeTermsCreated: 240,
  }),
  entry("fee.exported", "Exported 42 fee transactions to Excel", { filters: {}, rows: 42 }),
  entry("fee.paid_online", "Rs.25000.00 paid online for FART-Y1T1 (year 1, term 1), order FART-Y1T1-7P1", {
    amount: "25000.00",
    ...term,
    orderId: "FART-Y1T1-7P1",
    trackingId: "310012345681",
  }),
  entry("fee.payment_started", "Started paying Rs.25000.00 online for FART-Y1T1 (year 1, term 1)", { amount: "25000.00", admissionNo: "2026UG0007", ...term, remarks: null }),
  entry("fee.recorded_offline", "Recorded Rs.25000.00 by Cash from 2026UG0007 for FART-Y1T1 (year 1, term 1)", {
    amount: "25000.00",
    admissionNo: "2026UG0007",
    ...term,
    mode: "Cash",
    reference: null,
    remarks: "Paid at the counter",
  }),
  entry(
    "fee.cancelled",
    "Cancelled receipt FEE-2026-000042: Rs.25000.00 by Cheque from 2026UG0007 for FART-Y1T1 (year 1, term 1) (Cheque bounced)",
    { amount: "25000.00", admissionNo: "2026UG0007", ...term, mode: "Cheque", reference: "CHQ 1", reason: "Cheque bounced" },
    "FEE-2026-000042",
  ),
  entry(
    "fee.held_payment_applied",
    "Rs.25000.00 of order FART-Y1T1-7P1, held for refund, now pays FART-Y1T1 (year 1, term 1) in place of cancelled receipt FEE-2026-000042",
    { amount: "25000.00", ...term, orderId: "FART-Y1T1-7P1", cancelledReceipt: "FEE-2026-000042", trackingId: "310012345681" },
    "FEE-2026-000043",
  ),
  entry(
    "student.updated",
    "Changed student 2026UG0007: currentYear 2 to 1; 2 fee terms added from the degree's fee structure",
    { from: { name: "PRIYA S", mobile: "9876543210", currentYear: 2, status: "Active" }, to: { name: "PRIYA S", mobile: "9876543210", currentYear: 1, status: "Active" }, feeTermsCreated: 2 },
    "2026UG0007",
  ),
  entry("students.imported", "Imported 950 students from students-2026.xlsx; 50 were already there", {
    fileName: "students-2026.xlsx",
    totalRows: 1000,
    importedRows: 950,
    skippedRows: 50,
    feeTerms: 1900,
  }),
];

const languages = Object.keys(catalogues);
const translators: Record<string, TFunction> = {};
const missingKeys = new Set<string>();

beforeAll(async () => {
  const instance = createInstance();
  await instance.init({
    resources: Object.fromEntries(Object.entries(catalogues).map(([code, catalogue]) => [code, { translation: catalogue }])),
    lng: "en",
    fallbackLng: false,
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (codes, _namespace, key) => void missingKeys.add(`${codes.join()}:${key}`),
  });
  for (const code of languages) translators[code] = instance.getFixedT(code);
});

const summaryIn = (code: string, written: ActivityEntry) => activitySummary(written, translators[code]!);

describe("an activity entry's summary", () => {
  it("is worded for every action the log names, and tried here for each", () => {
    const named = Object.entries(catalogues.en.activity.actionNames).flatMap(([kind, actions]) => Object.keys(actions).map((action) => `${kind}.${action}`));
    expect([...summarisedActions].sort()).toEqual(named.sort());
    expect([...activityActions].sort()).toEqual(named.sort());
    expect(written.map((one) => one.action).sort()).toEqual(named.sort());
  });

  it("reads in English with the words staff see on the other screens", () => {
    const english = Object.fromEntries(written.map((one) => [one.action, summaryIn("en", one)]));
    expect(english["user.signin"]).toBe("Signed in");
    expect(english["user.created"]).toBe("Created ravi@college.in: Department administrator, active, degrees B.COM., B.A. TAMIL");
    expect(english["user.updated"]).toBe("Changed ravi@college.in from Department administrator, active, degrees 3 to Administrator, disabled");
    expect(english["application.offline_entry"]).toBe("Entered the walk-in application of meena@example.in (new applicant account)");
    expect(english["application.approved"]).toBe("Approved the application of PRIYA S: admission number 2026UG0007");
    expect(english["application.cancelled"]).toBe("Cancelled the application of PRIYA S; the admission was withdrawn: the student record is Cancelled");
    expect(english["application.rejected"]).toBe("Rejected the application of PRIYA S");
    expect(english["upload.saved"]).toBe("Uploaded a PDF of 209 KB for priya@example.in");
    expect(english["payment.rejected"]).toBe("Gateway response refused: amount 1.00 does not match 300.00 of order UG2026000123P1");
    expect(english["payment.success"]).toBe("Rs.300.00 paid (gateway return)");
    expect(english["payment.duplicate"]).toBe("Rs.300.00 received for application UG-2026-000123, which was already paid: refund it to the payer by hand");
    expect(english["payment.amount_changed"]).toBe(
      "Rs.25000.00 received for FART-Y1T1 (Year 1, term 1), whose fee is now Rs.26000.00: refund it to the payer by hand",
    );
    expect(english["course.updated"]).toBe("Updated course DIPLOMA: Application fee (Rs.) 150 → 200; Active Yes → No");
    expect(english["feeStructure.updated"]).toBe("Fee structure of B.A. ENGLISH: terms 1 → 2, Rs.51000.00 in all");
    expect(english["academic.year_closed"]).toBe("Closed the academic year 2026-27 of UG: 120 moved up a year, 38 completed");
    expect(english["fee.recorded_offline"]).toBe("Recorded Rs.25000.00 by Cash from 2026UG0007 for FART-Y1T1 (Year 1, term 1)");
    // The receipt number and the reason, typed in any language, set apart from the sentence's direction.
    expect(english["fee.cancelled"]).toBe("Cancelled receipt \u2068FEE-2026-000042\u2069: Rs.25000.00 by Cheque from 2026UG0007 for FART-Y1T1 (Year 1, term 1) (\u2068Cheque bounced\u2069)");
    expect(english["fee.held_payment_applied"]).toBe(
      "Rs.25000.00 of order FART-Y1T1-7P1, held for refund, now pays FART-Y1T1 (Year 1, term 1) in place of cancelled receipt \u2068FEE-2026-000042\u2069: receipt \u2068FEE-2026-000043\u2069",
    );
    expect(english["student.updated"]).toBe("Changed student 2026UG0007: Current year 2 → 1; fee terms added from the degree's fee structure: 2");
  });

  it.each(languages)("reads in %s with every value in place and no text missing", (code) => {
    missingKeys.clear();
    for (const one of written) {
      const summary = summaryIn(code, one);
      expect(summary, one.action).not.toMatch(/{{|}}|undefined|\[object/);
      // Only the English catalogue may word a sentence as the server does.
      if (code !== "en") expect(summary, `${code} ${one.action}`).not.toBe(one.summary);
    }
    expect([...missingKeys]).toEqual([]);
  });

  it("names the values in the chosen language: a role, a payment mode, a student's status", () => {
    const arabic = catalogues.ar;
    const offline = written.find((one) => one.action === "fee.recorded_offline")!;
    expect(summaryIn("ar", offline)).toContain(arabic.fees.modes.Cash);
    const created = written.find((one) => one.action === "user.created")!;
    expect(summaryIn("ta", created)).toContain(catalogues.ta.users.roleNames.ROLE_DEPARTMENT_ADMIN);
    const cancelled = entry("student.updated", "Changed student 2026UG0007: status Active to Cancelled", {
      from: { name: "PRIYA S", mobile: null, currentYear: 1, status: "Active" },
      to: { name: "PRIYA S", mobile: null, currentYear: 1, status: "Cancelled" },
      feeTermsCreated: 0,
    }, "2026UG0007");
    expect(summaryIn("fr", cancelled)).toBe(`A modifié l'étudiant 2026UG0007 : ${catalogues.fr.activity.detailNames.status} ${catalogues.fr.students.statuses.Active} → ${catalogues.fr.students.statuses.Cancelled}`);
  });

  it("is the server's own sentence for an entry written before its details named everything, and for an action the screen does not know", () => {
    const older = entry("payment.success", "Rs.300.00 success (gateway return)", { trackingId: "310012345678" });
    expect(summaryIn("fr", older)).toBe("Rs.300.00 success (gateway return)");
    const unchanged = entry("course.updated", "Updated course DIPLOMA: nothing", { course: "DIPLOMA", before: { isActive: true }, after: { isActive: true } });
    expect(summaryIn("fr", unchanged)).toBe("Updated course DIPLOMA: nothing");
    const unknown = entry("library.book_lent", "Lent a book", { title: "Kural" });
    expect(summaryIn("ta", unknown)).toBe("Lent a book");
    const refusedBefore = entry("payment.rejected", "Gateway response refused: unknown order UG2026999999P1", { reason: "unknown order UG2026999999P1" });
    expect(summaryIn("it", refusedBefore)).toBe("Gateway response refused: unknown order UG2026999999P1");
  });

  it.each(languages)("words each refusal of a gateway's answer in %s, quoting its values", (code) => {
    const quoted = { orderId: "UG2026000123P1", orderNo: "UG2026000999P1", trackingId: "310012345678", otherOrderId: "UG2026000456P2", amount: "1.00", expected: "300.00", currency: "USD" };
    const sentences = gatewayRefusals.map((refusal) => summaryIn(code, entry("payment.rejected", "Gateway response refused: …", { reason: "…", refusal, ...quoted })));
    for (const sentence of sentences) expect(sentence).not.toMatch(/{{|}}|undefined|…/);
    expect(new Set(sentences).size).toBe(gatewayRefusals.length);
    const byRefusal = Object.fromEntries(gatewayRefusals.map((refusal, index) => [refusal, sentences[index]!]));
    expect(byRefusal.trackingIdTaken).toContain(quoted.trackingId);
    expect(byRefusal.trackingIdTaken).toContain(quoted.otherOrderId);
    expect(byRefusal.orderNoMismatch).toContain(quoted.orderNo);
    expect(byRefusal.currencyMismatch).toContain(quoted.currency);
    for (const value of [quoted.amount, quoted.expected, quoted.orderId]) expect(byRefusal.amountMismatch).toContain(value);
  });

  it("says the first administrator was made of an account that was there, rather than created", () => {
    const promoted = entry("user.first_admin", "Made admin@college.in the first administrator", { userName: "admin@college.in", promoted: true });
    expect(summaryIn("en", promoted)).toBe("Made admin@college.in the first administrator");
    expect(summaryIn("zh", promoted)).not.toBe(summaryIn("zh", written.find((one) => one.action === "user.first_admin")!));
  });

  it("keeps each value of a change on its side of the arrow in Arabic, Latin names included", () => {
    const renamed = entry("degree.updated", "Updated degree B.A. ENGLISH (UG): Name B.A. ENGLISH → B.A. ENGLISH LITERATURE", {
      degree: "B.A. ENGLISH LITERATURE",
      course: "UG",
      before: { name: "B.A. ENGLISH" },
      after: { name: "B.A. ENGLISH LITERATURE" },
    });
    // Isolated, each name is one neutral run, so the right-to-left sentence reads it old then new.
    expect(summaryIn("ar", renamed)).toContain("\u2068B.A. ENGLISH\u2069 ← \u2068B.A. ENGLISH LITERATURE\u2069");
  });
});
