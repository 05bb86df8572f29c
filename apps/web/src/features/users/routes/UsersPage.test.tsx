import { userMessages } from "@admissions/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import i18n, { translateMessage } from "../../../lib/i18n";
import { catalogues } from "../../../test/catalogues";
import { type Answer, failureAnswer, ok, okAnswer, renderAt, signedInAs, stubApi } from "../../../test/render";

const roles = [
  { name: "ROLE_ADMIN", description: "Administrator" },
  { name: "ROLE_DEPARTMENT_ADMIN", description: "Department administrator" },
  { name: "ROLE_STUDENT", description: "Student" },
  { name: "ROLE_USER", description: "Applicant" },
];
const principal = { id: 1, userName: "principal@college.in", mobile: "9840000001", role: "ROLE_ADMIN", isActive: true, createdAt: "2026-05-01T10:00:00.000Z", degreeIds: [] };
const hod = { id: 2, userName: "hod@college.in", mobile: "9840000002", role: "ROLE_DEPARTMENT_ADMIN", isActive: true, createdAt: "2026-05-02T10:00:00.000Z", degreeIds: [3, 4] };
const applicant = { id: 3, userName: "kavya@example.in", mobile: "9840000016", role: "ROLE_USER", isActive: false, createdAt: "2026-05-03T10:00:00.000Z", degreeIds: [] };
const page = { content: [principal, hod, applicant], totalElements: 3, totalPages: 1, number: 0, size: 20 };

/** The users API: GET answers the page; every write is recorded and answered by `write`. */
function usersApi(
  write: (method: string, url: string, body: unknown) => Answer = (method) => okAnswer(method === "PUT" ? principal : null, "User updated"),
  signedIn = signedInAs("ROLE_ADMIN"),
) {
  const writes: { method: string; url: string; body: unknown }[] = [];
  const handle = (url: string) => (init: RequestInit | undefined) => {
    if (!init?.method || init.method === "GET") return okAnswer(page);
    const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    writes.push({ method: init.method, url, body });
    return write(init.method, url, body);
  };
  const calls = stubApi({
    ...signedIn,
    "/booking/roles": ok(roles),
    "/booking/courses": ok([{ id: 1, name: "UG", applicationFee: 300 }]),
    "/booking/degrees": ok([{ id: 3, name: "B.SC. MATHEMATICS", courseId: 1 }, { id: 4, name: "B.SC. COMPUTER SCIENCE", courseId: 1 }]),
    "/booking/users": handle("/booking/users"),
    "/booking/users/1": handle("/booking/users/1"),
    "/booking/users/2": handle("/booking/users/2"),
    "/booking/users/3": handle("/booking/users/3"),
    "/booking/users/2/passwordReset": handle("/booking/users/2/passwordReset"),
  });
  return { writes, listCalls: () => calls.filter((call) => call.url.startsWith("/booking/users?")).map((call) => call.url) };
}

/** jsdom gives every Ant Design id the same test value, so a dialog is found by its title's text rather than its accessible name. */
const findDialog = async (title: string) => {
  const dialog = await screen.findByRole("dialog");
  expect(within(dialog).getByText(title)).toBeTruthy();
  return dialog;
};
const findRow = async (text: string) => (await screen.findByText(text)).closest("tr")!;

// Dialogs with selects take jsdom many seconds, more on a busy machine.
describe("the users screen", { timeout: 60_000 }, () => {
  it("shows the server's page with roles, degrees and states, and searches and filters on the server", async () => {
    const api = usersApi();
    const { router } = renderAt("/user");

    const hodRow = await findRow("hod@college.in");
    expect(within(hodRow).getByText("Department administrator")).toBeTruthy();
    expect(within(hodRow).getByText("B.SC. MATHEMATICS, B.SC. COMPUTER SCIENCE")).toBeTruthy();
    const applicantRow = await findRow("kavya@example.in");
    expect(within(applicantRow).getByText("Disabled")).toBeTruthy();
    // Applicants' roles come from admission: no Edit, and a disabled account gets no reset mail.
    expect(within(applicantRow).queryByRole("button", { name: /Edit/ })).toBeNull();
    expect(within(applicantRow).queryByRole("button", { name: /password reset/ })).toBeNull();
    expect(within(applicantRow).getByRole("button", { name: "Enable kavya@example.in" })).toBeTruthy();

    await userEvent.type(screen.getByRole("searchbox", { name: "E-mail or mobile" }), "hod{Enter}");
    await waitFor(() => expect(router.state.location.search).toBe("?search=hod"));
    await waitFor(() => expect(api.listCalls()).toContain("/booking/users?search=hod&pageSize=20"));

    await userEvent.click(screen.getByRole("combobox", { name: "Role" }));
    await userEvent.click(await screen.findByTitle("Student"));
    await waitFor(() => expect(router.state.location.search).toBe("?search=hod&role=ROLE_STUDENT"));
  });

  /** Opens the create dialog and fills in an e-mail, a mobile and the department admin role. */
  async function startCreating(userName: string) {
    renderAt("/user");
    await findRow("hod@college.in");
    // By text: a role query over the whole table is slow in jsdom.
    await userEvent.click(screen.getByText("Create staff account"));
    const dialog = await findDialog("New staff account");
    await userEvent.click(within(dialog).getByLabelText("E-mail"));
    await userEvent.paste(userName);
    await userEvent.click(within(dialog).getByLabelText("Mobile"));
    await userEvent.paste("98400 12345");
    await userEvent.click(within(dialog).getByRole("combobox", { name: "Role" }));
    // Only staff roles are offered.
    expect(screen.queryByTitle("Applicant")).toBeNull();
    await userEvent.click(await screen.findByTitle("Department administrator"));
    return dialog;
  }

  it("creates a staff account, asking a department admin's degrees first", async () => {
    const api = usersApi((_method, _url, body) => okAnswer({ ...hod, id: 9, ...(body as object) }, userMessages.created));
    const dialog = await startCreating("clerk@college.in");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(await within(dialog).findByText(userMessages.degreesRequired)).toBeTruthy();
    expect(api.writes).toEqual([]);

    await userEvent.click(within(dialog).getByRole("combobox", { name: "Degrees" }));
    await userEvent.click(await screen.findByTitle("B.SC. COMPUTER SCIENCE"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(await screen.findByText(userMessages.created)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.writes).toEqual([
      { method: "POST", url: "/booking/users", body: { userName: "clerk@college.in", mobile: "98400 12345", role: "ROLE_DEPARTMENT_ADMIN", degreeIds: [4] } },
    ]);
  });

  it("keeps the dialog open with the server's refusal on top and under the e-mail when it is taken", async () => {
    usersApi(() => failureAnswer(409, userMessages.emailTaken));
    const dialog = await startCreating("principal@college.in");
    await userEvent.click(within(dialog).getByRole("combobox", { name: "Degrees" }));
    await userEvent.click(await screen.findByTitle("B.SC. MATHEMATICS"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    await waitFor(() => expect(within(dialog).getAllByText(userMessages.emailTaken)).toHaveLength(2));
    expect(screen.getByRole("dialog")).toBe(dialog);

    // Both follow a change of language, the one under the field too, which the form keeps.
    try {
      await act(() => i18n.changeLanguage("fr"));
      await waitFor(() => expect(within(dialog).getAllByText(catalogues.fr.users.messages.emailTaken)).toHaveLength(2));
    } finally {
      await act(() => i18n.changeLanguage("en"));
    }
  });

  it("edits a staff member's role; degrees go with the department admin role", async () => {
    const api = usersApi();
    renderAt("/user");
    await userEvent.click(within(await findRow("hod@college.in")).getByRole("button", { name: "Edit hod@college.in" }));
    const dialog = await findDialog("Edit hod@college.in");
    await userEvent.click(within(dialog).getByRole("combobox", { name: "Role" }));
    await userEvent.click(await screen.findByTitle("Administrator"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.writes).toHaveLength(1));
    expect(api.writes[0]).toEqual({ method: "PUT", url: "/booking/users/2", body: { role: "ROLE_ADMIN", isActive: true, degreeIds: [] } });
    expect(await screen.findByText("User updated")).toBeTruthy();
  });

  it("disables only after confirmation, and shows the last-admin refusal", async () => {
    const api = usersApi(() => failureAnswer(409, userMessages.lastActiveAdmin));
    renderAt("/user");
    await userEvent.click(within(await findRow("principal@college.in")).getByRole("button", { name: "Disable principal@college.in" }));
    const confirmation = await screen.findByRole("dialog");
    expect(confirmation.textContent).toContain("Disable principal@college.in? They are signed out at once");
    expect(api.writes).toEqual([]);
    await userEvent.click(within(confirmation).getByRole("button", { name: "Disable" }));
    expect(await screen.findByText(userMessages.lastActiveAdmin)).toBeTruthy();
    expect(api.writes).toEqual([{ method: "PUT", url: "/booking/users/1", body: { role: "ROLE_ADMIN", isActive: false, degreeIds: [] } }]);
  });

  it("offers the signed-in admin no Disable on their own row, which the server refuses too", async () => {
    usersApi(undefined, { "/booking/api/auth/me": ok({ userId: principal.id, userName: principal.userName, roleName: "ROLE_ADMIN", mobile: null, degreeIds: null }) });
    renderAt("/user");
    const own = await findRow("principal@college.in");
    expect(within(own).queryByRole("button", { name: "Disable principal@college.in" })).toBeNull();
    expect(within(await findRow("hod@college.in")).getByRole("button", { name: "Disable hod@college.in" })).toBeTruthy();
    expect(within(own).getByText("May 1, 2026")).toBeTruthy();
  });

  it("sends a password reset after confirmation, and nothing when cancelled", async () => {
    const api = usersApi(() => okAnswer(null, userMessages.passwordResetSent));
    renderAt("/user");
    const row = await findRow("hod@college.in");
    await userEvent.click(within(row).getByRole("button", { name: "Send a password reset to hod@college.in" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.writes).toEqual([]);

    await userEvent.click(within(row).getByRole("button", { name: "Send a password reset to hod@college.in" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Send password reset" }));
    expect(await screen.findByText(userMessages.passwordResetSent)).toBeTruthy();
    expect(api.writes).toEqual([{ method: "POST", url: "/booking/users/2/passwordReset", body: undefined }]);
  });

  it("sends other staff back to the applications list", async () => {
    stubApi({ ...signedInAs("ROLE_DEPARTMENT_ADMIN"), "/booking/admissionAll": ok({ ...page, content: [], statusCounts: {} }) });
    const { router } = renderAt("/user");
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin"));
  });
});

describe("the users screen's messages", () => {
  it("are worded in English exactly as the server sends them, and shown in the chosen language", async () => {
    expect(catalogues.en.users.messages).toEqual(userMessages);
    await i18n.changeLanguage("ta");
    try {
      expect(translateMessage(userMessages.lastActiveAdmin)).toBe(catalogues.ta.users.messages.lastActiveAdmin);
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
