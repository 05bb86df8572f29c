import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAt, signedInAs, stubApi } from "../../../test/render";

const ok = (data: unknown) => () => ({ status: 200, body: { status: "success", message: "OK", data } });
const row = {
  applicationNo: "UG-2026-000007",
  userName: "kavya@example.in",
  name: "KAVYA N",
  email: "kavya@example.in",
  mobile: "9840000016",
  course: "UG",
  degree: "B.SC. COMPUTER SCIENCE",
  applicationStatus: "Submitted",
  paymentStatus: "Success",
  isOffline: false,
  applicationDate: "2026-05-07",
  totalMarkPercent: 66,
};

describe("the applications list", () => {
  it("shows the page from the server with its counts, and searching asks the server again from page one", async () => {
    const calls = stubApi({
      ...signedInAs("ROLE_ADMIN"),
      "/booking/courses": ok([{ id: 1, name: "UG", applicationFee: 300 }]),
      "/booking/degrees": ok([{ id: 4, name: "B.SC. COMPUTER SCIENCE", courseId: 1 }]),
      "/booking/admissionAll": ok({ content: [row], totalElements: 1, totalPages: 1, number: 0, size: 20, statusCounts: { Submitted: 1, Pending: 3 } }),
    });
    const { router } = renderAt("/admin?pageNo=2");

    // Ant Design's table takes a moment to render in jsdom.
    expect(await screen.findByText("KAVYA N", {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText("SUBMITTED")).toBeTruthy();
    expect(screen.getByText("Pending (3)")).toBeTruthy();
    expect(screen.getByRole("link", { name: "UG-2026-000007" }).getAttribute("href")).toBe("/admin/kavya%40example.in");

    await userEvent.type(screen.getByRole("searchbox", { name: "Name, application number, e-mail or mobile" }), "kav{Enter}");
    await waitFor(() => expect(router.state.location.search).toBe("?search=kav"));
    await waitFor(() => expect(calls.some((call) => call.url.includes("/booking/admissionAll?search=kav&pageSize=20"))).toBe(true));

    await userEvent.click(screen.getByText("Pending (3)"));
    await waitFor(() => expect(router.state.location.search).toBe("?search=kav&status=Pending"));
  });
});
