import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ok, renderAt, signedInAs, stubApi } from "../test/render";

/**
 * The applicant's layout arrives only when the test lets it, as over a slow network; the admission
 * screen's and the staff layout's modules say when they were asked for.
 */
const modules = vi.hoisted(() => {
  let releaseLayout = () => {};
  const layoutHeld = new Promise<void>((resolve) => (releaseLayout = resolve));
  return { layoutHeld, releaseLayout, admissionPageAsked: false, staffLayoutAsked: false };
});

vi.mock("./layouts/ApplicantLayout", async (importOriginal) => {
  await modules.layoutHeld;
  return importOriginal();
});
vi.mock("../features/admission/routes/AdmissionPage", async (importOriginal) => {
  modules.admissionPageAsked = true;
  return importOriginal();
});
vi.mock("./layouts/AdminLayout", async (importOriginal) => {
  modules.staffLayoutAsked = true;
  return importOriginal();
});

const masters = {
  "/booking/courses": ok([{ id: 1, name: "UG", applicationFee: 300 }]),
  "/booking/degrees": ok([{ id: 4, name: "B.SC. COMPUTER SCIENCE", courseId: 1 }]),
};

describe("a screen asked for whole once the session is known", () => {
  it("asks for the admission screen's code and its reads while the layout's code is still on its way, and reads each once", async () => {
    // A new applicant: no application, so the draft kept on the server is read too.
    const calls = stubApi({
      ...signedInAs("ROLE_USER", "new@example.in"),
      ...masters,
      "/booking/admission?": ok(null),
      "/booking/admission/draft": ok(null),
    });
    renderAt("/admission");
    const asked = (path: string) => calls.filter((call) => call.url === path).length;

    await waitFor(() => expect(asked("/booking/admission?userName=new%40example.in")).toBe(1));
    expect(asked("/booking/courses")).toBe(1);
    expect(asked("/booking/degrees")).toBe(1);
    await waitFor(() => expect(asked("/booking/admission/draft")).toBe(1));
    await waitFor(() => expect(modules.admissionPageAsked).toBe(true));
    expect(screen.queryByRole("textbox", { name: "Name" })).toBeNull();

    modules.releaseLayout();
    expect(await screen.findByRole("textbox", { name: "Name" })).toBeTruthy();
    // The screen found its reads answered: none was asked again.
    const reads = ["/booking/admission?userName=new%40example.in", "/booking/courses", "/booking/degrees", "/booking/admission/draft"];
    expect(reads.map(asked)).toEqual([1, 1, 1, 1]);
  });

  it("reads the server's draft afresh on a later visit to the form", async () => {
    const calls = stubApi({ ...signedInAs("ROLE_USER", "again@example.in"), ...masters, "/booking/admission?": ok(null), "/booking/admission/draft": ok(null) });
    const { router } = renderAt("/admission");
    expect(await screen.findByRole("textbox", { name: "Name" })).toBeTruthy();
    await router.navigate("/changepassword");
    await router.navigate("/admission");
    expect(await screen.findByRole("textbox", { name: "Name" })).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.url === "/booking/admission/draft")).toHaveLength(2));
  });

  it("reads no draft for an applicant whose application is stored", async () => {
    const stored = { applicationNo: "UG-2026-000002", applicationStatus: "Submitted", paymentStatus: "Success", paymentRefNo: "3100", applicationFee: 300 };
    const calls = stubApi({ ...signedInAs("ROLE_USER", "filed@example.in"), ...masters, "/booking/admission?": ok(stored) });
    renderAt("/admission");
    expect(await screen.findByText("Application UG-2026-000002 has been submitted.")).toBeTruthy();
    expect(calls.filter((call) => call.url.startsWith("/booking/admission")).map((call) => call.url)).toEqual(["/booking/admission?userName=filed%40example.in"]);
  });

  it("fetches nothing of the staff area for an applicant who opens a staff screen", async () => {
    stubApi(signedInAs("ROLE_USER"));
    const { router } = renderAt("/admin");
    await waitFor(() => expect(router.state.location.pathname).toBe("/admission"));
    expect(modules.staffLayoutAsked).toBe(false);
  });
});
