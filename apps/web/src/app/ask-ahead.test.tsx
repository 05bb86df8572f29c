import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ok, renderAt, signedInAs, stubApi } from "../test/render";

/**
 * The two layouts arrive only when the test lets them, as over a slow network; the screens' modules
 * say when they were asked for. Module state lasts for the file, as on one visit: each test opens
 * screens whose code no earlier test downloaded.
 */
const modules = vi.hoisted(() => {
  const held = () => {
    let release = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    return { arrived, release, asked: false };
  };
  return { applicantLayout: held(), staffLayout: held(), admissionPageAsked: false, staffListAsked: false };
});

vi.mock("./layouts/ApplicantLayout", async (importOriginal) => {
  await modules.applicantLayout.arrived;
  return importOriginal();
});
vi.mock("./layouts/AdminLayout", async (importOriginal) => {
  modules.staffLayout.asked = true;
  await modules.staffLayout.arrived;
  return importOriginal();
});
vi.mock("../features/admission/routes/AdmissionPage", async (importOriginal) => {
  modules.admissionPageAsked = true;
  return importOriginal();
});
vi.mock("../features/applications/routes/ApplicationsPage", async (importOriginal) => {
  modules.staffListAsked = true;
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
    const reads = ["/booking/admission?userName=new%40example.in", "/booking/courses", "/booking/degrees", "/booking/admission/draft"];

    await waitFor(() => expect(reads.map(asked)).toEqual([1, 1, 1, 1]));
    await waitFor(() => expect(modules.admissionPageAsked).toBe(true));
    expect(screen.queryByRole("textbox", { name: "Name" })).toBeNull();

    modules.applicantLayout.release();
    expect(await screen.findByRole("textbox", { name: "Name" })).toBeTruthy();
    // The screen found its reads answered: none was asked again.
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

  it("fetches nothing of the staff area for an applicant who opens a staff screen", async () => {
    stubApi(signedInAs("ROLE_USER"));
    const { router } = renderAt("/admin");
    await waitFor(() => expect(router.state.location.pathname).toBe("/admission"));
    expect([modules.staffLayout.asked, modules.staffListAsked]).toEqual([false, false]);
  });

  it("asks for the next screen's code as a link leads there, while the current screen stays", async () => {
    // The decider sends staff to the applications list: a navigation, which React draws as a
    // transition, keeping the decider's screen until the list's code is here.
    stubApi(signedInAs("ROLE_ADMIN"));
    const { router } = renderAt("/deciderScreen");
    await waitFor(() => expect(modules.staffLayout.asked).toBe(true));
    await waitFor(() => expect(modules.staffListAsked).toBe(true));

    modules.staffLayout.release();
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin"));
    expect(await screen.findByText(/Copyright © 2021/)).toBeTruthy();
  });
});
