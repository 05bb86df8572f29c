import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { failure, ok, renderAt, signedInAs, stubApi } from "../../../test/render";

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

    // Ant Design's table takes a moment to render in jsdom, longer on a busy machine.
    expect(await screen.findByText("KAVYA N", {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText("SUBMITTED")).toBeTruthy();
    expect(screen.getByText("Pending (3)")).toBeTruthy();
    expect(screen.getByRole("link", { name: "UG-2026-000007" }).getAttribute("href")).toBe("/admin/kavya%40example.in");

    await userEvent.type(screen.getByRole("searchbox", { name: "Name, application number, e-mail or mobile" }), "kav{Enter}");
    await waitFor(() => expect(router.state.location.search).toBe("?search=kav"));
    await waitFor(() => expect(calls.some((call) => call.url.includes("/booking/admissionAll?search=kav&pageSize=20"))).toBe(true));

    await userEvent.click(screen.getByText("Pending (3)"));
    await waitFor(() => expect(router.state.location.search).toBe("?search=kav&status=Pending"));
  });

  it("says why the server refused the list's filters, where the table only showed No data", async () => {
    stubApi({
      ...signedInAs("ROLE_ADMIN"),
      "/booking/courses": ok([]),
      "/booking/degrees": ok([]),
      "/booking/admissionAll": failure(400, "The end date cannot be before the start date!"),
    });
    renderAt("/admin?dateFrom=2026-06-10&dateTo=2026-06-01");
    expect((await screen.findByRole("alert", {}, { timeout: 15_000 })).textContent).toContain("The end date cannot be before the start date!");
  });

  it("keeps its search box in step with the address, and filters by a closed degree too, named as closed", async () => {
    stubApi({
      ...signedInAs("ROLE_ADMIN"),
      "/booking/courses": ok([{ id: 1, name: "UG", applicationFee: 300, isActive: true }]),
      "/booking/degrees": ok([
        { id: 4, name: "B.SC. COMPUTER SCIENCE", courseId: 1, isActive: true },
        { id: 5, name: "B.COM.", courseId: 1, isActive: false },
      ]),
      "/booking/admissionAll": ok({ content: [row], totalElements: 1, totalPages: 1, number: 0, size: 20, statusCounts: { Submitted: 1 } }),
    });
    const { router } = renderAt("/admin");
    expect(await screen.findByText("KAVYA N", {}, { timeout: 15_000 })).toBeTruthy();
    const search = screen.getByRole("searchbox", { name: "Name, application number, e-mail or mobile" });

    await userEvent.type(search, "kav{Enter}");
    await waitFor(() => expect(router.state.location.search).toBe("?search=kav"));
    expect(document.activeElement).toBe(search);
    await router.navigate("/admin?search=priya");
    await waitFor(() => expect(search).toHaveProperty("value", "priya"));
    await router.navigate("/admin");
    await waitFor(() => expect(search).toHaveProperty("value", ""));

    await userEvent.click(screen.getByRole("combobox", { name: "Degree" }));
    await waitFor(() =>
      expect([...document.querySelectorAll(".ant-select-dropdown .ant-select-item-option")].map((option) => option.getAttribute("title"))).toEqual([
        "B.SC. COMPUTER SCIENCE",
        "B.COM. (inactive)",
      ]),
    );
  });

  it("offers a department admin only the degrees they look after to filter by", async () => {
    stubApi({
      ...signedInAs("ROLE_DEPARTMENT_ADMIN", "hod@college.in", [4]),
      "/booking/courses": ok([{ id: 1, name: "UG", applicationFee: 300, isActive: true }]),
      "/booking/degrees": ok([
        { id: 4, name: "B.SC. COMPUTER SCIENCE", courseId: 1, isActive: true },
        { id: 5, name: "B.COM.", courseId: 1, isActive: true },
      ]),
      "/booking/admissionAll": ok({ content: [row], totalElements: 1, totalPages: 1, number: 0, size: 20, statusCounts: { Submitted: 1 } }),
    });
    renderAt("/admin");
    expect(await screen.findByText("KAVYA N", {}, { timeout: 15_000 })).toBeTruthy();
    await userEvent.click(screen.getByRole("combobox", { name: "Degree" }));
    await waitFor(() =>
      expect([...document.querySelectorAll(".ant-select-dropdown .ant-select-item-option")].map((option) => option.getAttribute("title"))).toEqual(["B.SC. COMPUTER SCIENCE"]),
    );
  });

  describe("Export to Excel", () => {
    const listApi = {
      ...signedInAs("ROLE_ADMIN"),
      "/booking/courses": ok([{ id: 1, name: "UG", applicationFee: 300 }]),
      "/booking/degrees": ok([{ id: 4, name: "B.SC. COMPUTER SCIENCE", courseId: 1 }]),
      "/booking/admissionAll": ok({ content: [row], totalElements: 1, totalPages: 1, number: 0, size: 20, statusCounts: { Submitted: 1 } }),
    };

    /** The API as stubApi answers it, except the export, which `answer` gives. */
    function stubExport(answer: () => Response) {
      const calls = stubApi(listApi);
      const api = globalThis.fetch;
      vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
        if (!String(input).startsWith("/booking/exportApplication")) return api(input, init);
        calls.push({ url: String(input), init });
        return answer();
      });
      return calls;
    }

    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => "blob:applications");
    URL.revokeObjectURL = vi.fn();
    afterEach(() => {
      saved.length = 0;
      vi.restoreAllMocks();
    });
    /** jsdom cannot save files: the click on the hidden download link is recorded instead. */
    const recordSaves = () =>
      vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
        saved.push(`${this.download} ${this.href}`);
      });

    it("downloads with the list's filters, showing the wait, the bytes and the count, then saves the file", async () => {
      recordSaves();
      let body!: ReadableStreamDefaultController<Uint8Array>;
      const calls = stubExport(
        () =>
          new Response(new ReadableStream<Uint8Array>({ start: (controller) => void (body = controller) }), {
            headers: {
              "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
              "content-disposition": 'attachment; filename="applications-2026-05-07.xlsx"',
              "x-total-count": "1234",
            },
          }),
      );
      renderAt("/admin?status=Submitted&pageNo=1&sort=name&order=asc");
      const button = await screen.findByRole("button", { name: "Export to Excel" }, { timeout: 15_000 });
      expect(screen.getByRole("link", { name: "Dashboard" }).getAttribute("href")).toBe("/report");

      await userEvent.click(button);
      expect(await screen.findByText("Preparing the export…")).toBeTruthy();
      expect(calls.some((call) => call.url === "/booking/exportApplication?status=Submitted")).toBe(true);
      expect(screen.getByRole("button", { name: "Export to Excel" }).hasAttribute("disabled")).toBe(true);

      body.enqueue(new Uint8Array(1500));
      expect(await screen.findByText("Applications in the file: 1,234 · Received: 1.5 kB")).toBeTruthy();
      body.enqueue(new Uint8Array(1500));
      body.close();

      expect(await screen.findByText(/Exported to applications-2026-05-07.xlsx \(3 kB\)/)).toBeTruthy();
      expect(saved).toEqual(["applications-2026-05-07.xlsx blob:applications"]);
      const again = screen.getByRole("link", { name: "Save the file again" });
      expect(again.getAttribute("href")).toBe("blob:applications");
      expect(again.getAttribute("download")).toBe("applications-2026-05-07.xlsx");
      expect(screen.getByRole("button", { name: "Export to Excel" }).hasAttribute("disabled")).toBe(false);
    });

    it("says why an export was refused, and can be tried again", async () => {
      const saves = recordSaves();
      stubExport(() => new Response(JSON.stringify({ status: "error", message: "You are not allowed to do this.", data: null }), { status: 403 }));
      renderAt("/admin");
      await userEvent.click(await screen.findByRole("button", { name: "Export to Excel" }, { timeout: 15_000 }));

      expect(await screen.findByText("The export did not complete.")).toBeTruthy();
      expect(screen.getByText("You are not allowed to do this.")).toBeTruthy();
      expect(saves).not.toHaveBeenCalled();
      expect(screen.getByRole("button", { name: "Export to Excel" }).hasAttribute("disabled")).toBe(false);
    });
  });
});
