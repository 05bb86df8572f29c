import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type Answer, failureAnswer, findRow, okAnswer, openDialog, renderAt, signedInAs, stubApi } from "../../../test/render";

const courses = [
  { id: 1, name: "UG", applicationFee: 300, isActive: true },
  { id: 2, name: "PG", applicationFee: 400, isActive: true },
  { id: 3, name: "DIPLOMA", applicationFee: 250, isActive: false },
];

/** GET answers the list; POST and PUT answer `write` and record what was sent. */
function courseApi(role: string, write: (body: Record<string, unknown>) => Answer = (body) => okAnswer({ id: 4, isActive: true, ...body }, "Saved")) {
  const sent: { method: string; url: string; body: Record<string, unknown> }[] = [];
  const calls = stubApi({
    ...signedInAs(role),
    "/booking/courses": (init) => {
      if (!init?.method || init.method === "GET") return okAnswer(courses);
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      sent.push({ method: init.method, url: calls.at(-1)!.url, body });
      return write(body);
    },
  });
  return sent;
}

// Dialogs with forms and selects take jsdom many seconds, more on a busy machine.
describe("the Course screen", { timeout: 60_000 }, () => {
  it("lists every course with its fee and whether it is open, and an admin adds one after fixing what the form says", async () => {
    const sent = courseApi("ROLE_ADMIN", (body) =>
      body.name === "PG" ? failureAnswer(409, "A course with this name already exists!") : okAnswer({ id: 4, isActive: true, ...body }, "Saved"),
    );
    renderAt("/master/department");

    expect(within(await findRow("DIPLOMA")).getByText("Inactive")).toBeTruthy();
    expect(within(await findRow("PG")).getByText("400")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: /Add course/ }));
    const dialog = await openDialog("Add course");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Please input the course name!")).toBeTruthy();
    expect(within(dialog).getByText("The application fee must be a whole number of rupees from 0 to 100000!")).toBeTruthy();
    expect(sent).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText("Name"), "PG");
    await userEvent.type(within(dialog).getByLabelText("Application fee (Rs.)"), "250");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByRole("alert")).toHaveProperty("textContent", "A course with this name already exists!");

    await userEvent.clear(within(dialog).getByLabelText("Name"));
    await userEvent.type(within(dialog).getByLabelText("Name"), "certificate");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent.at(-1)).toEqual({ method: "POST", url: "/booking/courses", body: { name: "certificate", applicationFee: 250 } });
  });

  it("opens its dialog on the first field, and gives the focus back to the button that opened it", async () => {
    courseApi("ROLE_ADMIN");
    renderAt("/master/department");
    await findRow("DIPLOMA");
    const add = screen.getByRole("button", { name: /Add course/ });
    await userEvent.click(add);
    const dialog = await openDialog("Add course");
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText("Name")));

    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(add);
  });

  it("lets an admin edit a course (UG and PG keep their names) and close or reopen one", async () => {
    const sent = courseApi("ROLE_ADMIN", (body) => okAnswer({ id: 2, ...body }, "Saved"));
    renderAt("/master/department");

    await userEvent.click(within(await findRow("PG")).getByRole("button", { name: "Edit: PG" }));
    const dialog = await openDialog("Edit course");
    expect(within(dialog).getByLabelText("Name")).toHaveProperty("disabled", true);
    const fee = within(dialog).getByLabelText("Application fee (Rs.)");
    await userEvent.clear(fee);
    await userEvent.type(fee, "450");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: "PUT", url: "/booking/courses/2", body: { name: "PG", applicationFee: 450, isActive: true } });

    await userEvent.click(within(await findRow("DIPLOMA")).getByRole("button", { name: "Activate: DIPLOMA" }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ method: "PUT", url: "/booking/courses/3", body: { name: "DIPLOMA", applicationFee: 250, isActive: true } });

    // Closing a course closes its degrees to applicants: it is asked first, activating is not.
    await userEvent.click(within(await findRow("UG")).getByRole("button", { name: "Deactivate: UG" }));
    const question = await screen.findByRole("dialog", { name: "Deactivate UG? Applicants will no longer find it, or any of its degrees, on the admission form." });
    expect(sent).toHaveLength(2);
    await userEvent.click(within(question).getByRole("button", { name: "Deactivate" }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]).toMatchObject({ method: "PUT", url: "/booking/courses/1", body: { name: "UG", isActive: false } });
  });

  it("shows other staff the list without the admin's actions", async () => {
    courseApi("ROLE_DEPARTMENT_ADMIN");
    renderAt("/master/department");
    expect(await findRow("UG")).toBeTruthy();
    expect(screen.getByText("Only an administrator can change master data.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Add course|Edit|Deactivate/ })).toBeNull();
  });

  it("says when the list cannot be loaded, and tries again on request", async () => {
    let answer = failureAnswer(403, "You are not allowed to do this.");
    stubApi({ ...signedInAs("ROLE_ADMIN"), "/booking/courses": () => answer });
    renderAt("/master/department");
    expect(await screen.findByText("You are not allowed to do this.")).toBeTruthy();
    answer = okAnswer([]);
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Nothing has been added yet.")).toBeTruthy();
  });
});
