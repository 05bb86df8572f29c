import { academicMessages, type AcademicYearClosed, type AcademicYearPreview } from "@admissions/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import i18n from "../../../lib/i18n";
import { failure, ok, renderAt, signedInAs, stubApi } from "../../../test/render";

const year = new Date().getFullYear() - 1;
const yearName = `${year}-${String(year + 1).slice(-2)}`;
const courses = ok([
  { id: 1, name: "UG", applicationFee: 300 },
  { id: 2, name: "PG", applicationFee: 400 },
]);
const preview: AcademicYearPreview = {
  year,
  next: year + 1,
  courseId: 1,
  alreadyClosed: false,
  closing: null,
  moving: [
    { yearFrom: 1, yearTo: 2, count: 120 },
    { yearFrom: 2, yearTo: 3, count: 98 },
  ],
  completing: 87,
  students: [
    { admissionNo: "ADM-UG-2024-0001", name: "PRIYA S", degree: "B.SC. COMPUTER SCIENCE", currentYear: 2, willBe: "Year 3" },
    { admissionNo: "ADM-UG-2023-0007", name: "KAVYA N", degree: "B.SC. COMPUTER SCIENCE", currentYear: 3, willBe: "Completed" },
  ],
};
const closed: AcademicYearClosed = { year, next: year + 1, courseId: 1, moved: 218, completed: 87, feeTermsCreated: 436 };
const previewUrl = `/booking/closeAcademicYear?year=${year}&next=${year + 1}&process=false&courseId=1`;
const closeUrl = `/booking/closeAcademicYear?year=${year}&next=${year + 1}&process=true&courseId=1`;

async function chooseCourse(name: string) {
  await userEvent.click(await screen.findByRole("combobox", { name: "Course" }, { timeout: 15_000 }));
  await userEvent.click(await screen.findByTitle(name));
}

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("the academic year close", { timeout: 60_000 }, () => {
  it("previews who moves up and who completes, then closes the year after a confirmation and shows it closed", async () => {
    let isClosed = false;
    const calls = stubApi({
      ...signedInAs("ROLE_ADMIN"),
      "/booking/courses": courses,
      [previewUrl]: () =>
        ok(
          isClosed
            ? { ...preview, alreadyClosed: true, closing: { movedCount: 218, completedCount: 87, closedAt: "2026-06-01T10:00:00.000Z", closedBy: "admin@college.in" } }
            : preview,
        )(),
      [closeUrl]: () => {
        isClosed = true;
        return ok(closed, academicMessages.closed)();
      },
    });
    renderAt("/academicTransfer");

    expect(await screen.findByRole("heading", { name: "Academic Process" }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByLabelText("Next academic year")).toHaveProperty("value", `${year + 1}-${String(year + 2).slice(-2)}`);

    // Nothing is asked before a course is chosen.
    await userEvent.click(screen.getByRole("button", { name: "Preview" }));
    expect(await screen.findByText("Please select course!")).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith("/booking/closeAcademicYear"))).toBe(false);

    await chooseCourse("UG");
    await userEvent.click(screen.getByRole("button", { name: "Preview" }));
    expect(await screen.findByText(`Closing ${yearName} for UG`)).toBeTruthy();
    expect(screen.getByText("Year 1 to Year 2")).toBeTruthy();
    expect(screen.getByText("Complete the course")).toBeTruthy();
    const kavya = screen.getByText("KAVYA N").closest("tr")!;
    expect(within(kavya).getByText("Year 3")).toBeTruthy();
    expect(within(kavya).getByText("Completed")).toBeTruthy();
    expect(screen.getByText("The first 2 of 305 students are listed.")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Close the year" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain(`Close ${yearName} for UG?Moving up a year: 218. Completing the course: 87.`);
    expect(calls.some((call) => call.url === closeUrl)).toBe(false);
    await userEvent.click(within(dialog).getByRole("button", { name: "Close the year" }));

    expect(await screen.findByText(`${yearName} is closed for UG.`)).toBeTruthy();
    expect(screen.getByText("Moved up a year: 218 · Completed: 87 · Fee terms created: 436")).toBeTruthy();
    expect(await screen.findByText(`${yearName} is already closed for UG.`)).toBeTruthy();
    expect(screen.getByText(/by admin@college\.in\. Moved up a year: 218 · Completed: 87/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Close the year" })).toBeNull();
    expect(calls.filter((call) => call.url === closeUrl)).toHaveLength(1);
  });

  it("says in the chosen language why the server refused to close", async () => {
    await i18n.changeLanguage("fr");
    stubApi({
      ...signedInAs("ROLE_ADMIN"),
      "/booking/courses": courses,
      [previewUrl]: ok(preview),
      [closeUrl]: failure(409, academicMessages.alreadyClosed),
    });
    renderAt("/academicTransfer");
    await userEvent.click(await screen.findByRole("combobox", { name: "Filière" }, { timeout: 15_000 }));
    await userEvent.click(await screen.findByTitle("UG"));
    await userEvent.click(screen.getByRole("button", { name: "Aperçu" }));
    await userEvent.click(await screen.findByRole("button", { name: "Clôturer l’année" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain(`Clôturer ${yearName} pour UG ?`);
    await userEvent.click(within(dialog).getByRole("button", { name: "Clôturer l’année" }));
    expect(await screen.findByText("Cette année universitaire est déjà clôturée pour cette filière.")).toBeTruthy();
  });

  it("is for admins only: anyone else goes back to the applications list", async () => {
    stubApi({ ...signedInAs("ROLE_DEPARTMENT_ADMIN"), "/booking/courses": courses });
    const { router } = renderAt("/academicTransfer");
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin"), { timeout: 15_000 });
  });
});
