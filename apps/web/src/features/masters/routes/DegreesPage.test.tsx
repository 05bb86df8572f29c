import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type Answer, failureAnswer, findRow, ok, okAnswer, openDialog, renderAt, signedInAs, stubApi } from "../../../test/render";

const courses = [
  { id: 1, name: "UG", applicationFee: 300, isActive: true },
  { id: 2, name: "PG", applicationFee: 400, isActive: true },
];
const degrees = [
  { id: 4, name: "B.SC. COMPUTER SCIENCE", courseId: 1, isActive: true },
  { id: 5, name: "B.A. TAMIL", courseId: 1, isActive: false },
  { id: 6, name: "M.COM.", courseId: 2, isActive: true },
];
const structure = [
  { year: 1, term: 1, amount: 15000, feeCode: "BSCCS-Y1T1" },
  { year: 1, term: 2, amount: 15000.5, feeCode: "BSCCS-Y1T2" },
];

type Sent = { method: string; url: string; body: unknown };

/** The degree calls as the API answers them; writes are recorded and answered by `write`. */
function degreeApi(role: string, write: (sent: Sent) => Answer = (sent) => okAnswer(sent.body, "Saved")) {
  const sent: Sent[] = [];
  const calls = stubApi({
    ...signedInAs(role),
    "/booking/courses": ok(courses),
    "/booking/degrees": (init) => {
      if (!init?.method || init.method === "GET") return okAnswer(degrees);
      sent.push({ method: init.method, url: calls.at(-1)!.url, body: JSON.parse(String(init.body)) });
      return write(sent.at(-1)!);
    },
    "/booking/feeStructures": (init) => {
      if (!init?.method || init.method === "GET") return okAnswer(structure);
      sent.push({ method: init.method, url: calls.at(-1)!.url, body: JSON.parse(String(init.body)) });
      return write(sent.at(-1)!);
    },
  });
  return sent;
}

const termGroup = (dialog: HTMLElement, year: number, term: number) => within(within(dialog).getByRole("group", { name: `Year ${year}, term ${term}` }));

// Dialogs with forms and selects take jsdom many seconds, more on a busy machine.
describe("the Degree screen", { timeout: 60_000 }, () => {
  it("lists every degree with its course and state, filters by course, and an admin adds and closes degrees", async () => {
    const sent = degreeApi("ROLE_ADMIN");
    renderAt("/master/grade");

    const tamil = await findRow("B.A. TAMIL");
    expect(within(tamil).getByText("UG")).toBeTruthy();
    expect(within(tamil).getByText("Inactive")).toBeTruthy();

    await userEvent.click(screen.getByRole("combobox", { name: "Course" }));
    await userEvent.click(await screen.findByTitle("PG"));
    await waitFor(() => expect(screen.queryByText("B.A. TAMIL")).toBeNull());
    expect(screen.getByText("M.COM.")).toBeTruthy();

    // A degree added while PG is chosen starts under PG.
    await userEvent.click(screen.getByRole("button", { name: /Add degree/ }));
    const dialog = await openDialog("Add degree");
    await userEvent.type(within(dialog).getByLabelText("Name"), "m.sc. physics");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: "POST", url: "/booking/degrees", body: { name: "m.sc. physics", courseId: 2 } });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    // Deactivating asks first: Cancel changes nothing, Deactivate sends it.
    const deactivate = async () => userEvent.click(within(await findRow("M.COM.")).getByRole("button", { name: "Deactivate: M.COM." }));
    await deactivate();
    // Found by its text: in tests every Ant Design id is "test-id", so a dialog's name can point elsewhere.
    // A dialog answered stays in the page, hidden, so the newest one is the last.
    const askedAbout = async () => (await screen.findAllByText("Deactivate M.COM.? Applicants will no longer find it on the admission form.")).at(-1)!.closest<HTMLElement>('[role="dialog"]')!;
    let question = await askedAbout();
    await userEvent.click(within(question).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent).toHaveLength(1);
    await deactivate();
    question = await askedAbout();
    await userEvent.click(within(question).getByRole("button", { name: "Deactivate" }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ method: "PUT", url: "/booking/degrees/6", body: { name: "M.COM.", courseId: 2, isActive: false } });
  });

  it("shows the server's refusal of a new course for a degree in use, in the dialog", async () => {
    degreeApi("ROLE_ADMIN", () => failureAnswer(409, "This degree already has applications or students, so its course cannot be changed!"));
    renderAt("/master/grade");
    await userEvent.click(within(await findRow("B.SC. COMPUTER SCIENCE")).getByRole("button", { name: "Edit: B.SC. COMPUTER SCIENCE" }));
    const dialog = await openDialog("Edit degree");
    await userEvent.click(within(dialog).getByRole("combobox", { name: "Course" }));
    await userEvent.click(await screen.findByTitle("PG"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("This degree already has applications or students, so its course cannot be changed!");
  });

  it("shows a degree's fee structure as six rows with the total, and refuses a half-filled row without calling the server", async () => {
    const sent = degreeApi("ROLE_ADMIN");
    renderAt("/master/grade");
    await userEvent.click(within(await findRow("B.SC. COMPUTER SCIENCE")).getByRole("button", { name: "Fee structure: B.SC. COMPUTER SCIENCE" }));
    const dialog = await openDialog("Fee structure: B.SC. COMPUTER SCIENCE");

    expect(await termGroup(dialog, 1, 2).findByDisplayValue("15000.50")).toBeTruthy();
    expect(termGroup(dialog, 1, 1).getByLabelText("Fee code")).toHaveProperty("value", "BSCCS-Y1T1");
    expect(termGroup(dialog, 3, 2).getByLabelText("Amount (Rs.)")).toHaveProperty("value", "");
    expect(within(dialog).getByText("Total: Rs.30000.50")).toBeTruthy();

    await userEvent.type(termGroup(dialog, 3, 2).getByLabelText("Amount (Rs.)"), "17000");
    expect(within(dialog).getByText("Total: Rs.47000.50")).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await termGroup(dialog, 3, 2).findByText("Fill in both the amount and the fee code, or leave both empty!")).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it("saves the filled rows all at once, and shows the server's refusal on top and on the row it names", async () => {
    const refusal = "Enter the amount in rupees, with at most 2 decimals, up to 9999999.99!";
    const sent = degreeApi("ROLE_ADMIN", () => failureAnswer(400, refusal, [{ field: "terms.2.amount", message: refusal }]));
    renderAt("/master/grade");
    await userEvent.click(within(await findRow("B.SC. COMPUTER SCIENCE")).getByRole("button", { name: "Fee structure: B.SC. COMPUTER SCIENCE" }));
    const dialog = await openDialog("Fee structure: B.SC. COMPUTER SCIENCE");
    await termGroup(dialog, 1, 2).findByDisplayValue("15000.50");

    await userEvent.type(termGroup(dialog, 3, 2).getByLabelText("Amount (Rs.)"), "17000");
    await userEvent.type(termGroup(dialog, 3, 2).getByLabelText("Fee code"), "x-3");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: "PUT",
      url: "/booking/feeStructures/4",
      body: {
        terms: [
          { year: 1, term: 1, amount: "15000.00", feeCode: "BSCCS-Y1T1" },
          { year: 1, term: 2, amount: "15000.50", feeCode: "BSCCS-Y1T2" },
          { year: 3, term: 2, amount: "17000", feeCode: "x-3" },
        ],
      },
    });
    expect((await within(dialog).findByRole("alert")).textContent).toBe(refusal);
    expect(await termGroup(dialog, 3, 2).findByText(refusal)).toBeTruthy();
  });

  it("lets other staff read a fee structure but change nothing", async () => {
    degreeApi("ROLE_DEPARTMENT_ADMIN");
    renderAt("/master/grade");
    await userEvent.click(within(await findRow("B.SC. COMPUTER SCIENCE")).getByRole("button", { name: "Fee structure: B.SC. COMPUTER SCIENCE" }));
    const dialog = await openDialog("Fee structure: B.SC. COMPUTER SCIENCE");
    expect(await termGroup(dialog, 1, 1).findByDisplayValue("15000.00")).toHaveProperty("disabled", true);
    expect(within(dialog).queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Add degree|Edit:|Deactivate:/ })).toBeNull();
  });
});
