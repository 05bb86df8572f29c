import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { findRow, ok, okAnswer, renderAt, signedInAs, stubApi } from "../../../test/render";

const anitha = {
  id: 7,
  admissionNo: "ADM-UG-2026-0001",
  name: "ANITHA R",
  userName: "anitha@example.in",
  mobile: "9840000001",
  course: "UG",
  courseId: 1,
  degree: "B.SC. COMPUTER SCIENCE",
  degreeId: 4,
  currentYear: 1,
  admissionYear: 2026,
  status: "Active",
  feesDue: 3,
  amountDue: 30609,
};
const bala = { ...anitha, id: 8, admissionNo: "ADM-UG-2026-0002", name: "BALA K", userName: "bala@example.in", status: "Completed", feesDue: 0, amountDue: 0 };

/** The students API: every studentsFilter body is recorded and answered with the two students. */
function studentsApi() {
  const bodies: unknown[] = [];
  stubApi({
    ...signedInAs("ROLE_ADMIN"),
    "/booking/courses": ok([{ id: 1, name: "UG", applicationFee: 300 }, { id: 2, name: "PG", applicationFee: 400 }]),
    "/booking/degrees": ok([{ id: 4, name: "B.SC. COMPUTER SCIENCE", courseId: 1 }, { id: 9, name: "M.A. ENGLISH", courseId: 2 }]),
    "/booking/studentsFilter": (init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return okAnswer({ content: [anitha, bala], totalElements: 42, totalPages: 3, number: 1, size: 20 });
    },
  });
  return bodies;
}

// Selects in jsdom take many seconds on a busy machine.
describe("the students list", { timeout: 60_000 }, () => {
  it("asks the server for the URL's page and filters and shows each student with what they owe and the way to their fees", async () => {
    const bodies = studentsApi();
    renderAt("/students/list?pageNo=1&status=Active&sort=name&order=desc");

    const row = await findRow("ANITHA R");
    expect(bodies[0]).toEqual({ pageNo: 1, pageSize: 20, status: "Active", sort: "name", order: "desc" });
    expect(within(row).getByRole("link", { name: "ADM-UG-2026-0001" }).getAttribute("href")).toBe("/students/7");
    expect(within(row).getByText("B.SC. COMPUTER SCIENCE", { exact: false })).toBeTruthy();
    expect(within(row).getByText("Year 1")).toBeTruthy();
    expect(within(row).getByText("₹30,609")).toBeTruthy();
    expect(within(row).getByText("Terms due: 3")).toBeTruthy();
    expect(within(row).getByRole("link", { name: "Fees History of ANITHA R" }).getAttribute("href")).toBe("/feesHistory/anitha%40example.in");

    const paid = await findRow("BALA K");
    expect(within(paid).getByText("Nothing due")).toBeTruthy();
    expect(within(paid).getByText("Completed")).toBeTruthy();
    expect(screen.getByText("Students: 42")).toBeTruthy();
  });

  it("keeps the search and filters in the URL and asks again from the first page", async () => {
    const bodies = studentsApi();
    const { router } = renderAt("/students/list?pageNo=2");
    await findRow("ANITHA R");

    await userEvent.type(screen.getByRole("searchbox", { name: "Name, admission number, e-mail or mobile" }), "ani");
    // The search button says what it does in the reader's language, not by its icon's English name.
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(router.state.location.search).toBe("?search=ani"));
    await waitFor(() => expect(bodies).toContainEqual({ pageNo: 0, pageSize: 20, search: "ani" }));

    await userEvent.click(screen.getByRole("combobox", { name: "Year" }));
    await userEvent.click(await screen.findByTitle("Year 2"));
    await waitFor(() => expect(router.state.location.search).toBe("?search=ani&currentYear=2"));

    await userEvent.click(screen.getByRole("combobox", { name: "Fees" }));
    await userEvent.click(await screen.findByTitle("Fees due"));
    await waitFor(() => expect(bodies).toContainEqual({ pageNo: 0, pageSize: 20, search: "ani", currentYear: 2, feeStatus: "Due" }));
  });

  it("offers only the chosen course's degrees", async () => {
    studentsApi();
    const { router } = renderAt("/students/list?courseId=2");
    await findRow("ANITHA R");
    await userEvent.click(screen.getByRole("combobox", { name: "Degree" }));
    expect(await screen.findByTitle("M.A. ENGLISH")).toBeTruthy();
    expect(screen.queryByTitle("B.SC. COMPUTER SCIENCE")).toBeNull();
    await userEvent.click(screen.getByTitle("M.A. ENGLISH"));
    await waitFor(() => expect(router.state.location.search).toBe("?courseId=2&degreeId=9"));
  });
});
