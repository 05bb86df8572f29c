import { messages, studentImportMessages, type ImportLogEntry, type StudentImportPreview } from "@admissions/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { failure, ok, renderAt, signedInAs, stubApi } from "../../../test/render";

const badPreview: StudentImportPreview = {
  fileName: "students.csv",
  totalRows: 3,
  valid: 2,
  duplicates: 0,
  rejected: [{ row: 3, admissionNo: "ADM/2024/017", reasons: [studentImportMessages.degreeUnknown, messages.nameRequired] }],
};
const goodPreview: StudentImportPreview = { ...badPreview, valid: 3, rejected: [] };
const imported: ImportLogEntry = {
  id: 2,
  fileName: "students.csv",
  actorName: "office@college.in",
  totalRows: 3,
  importedRows: 3,
  skippedRows: 0,
  rejectedRows: 0,
  rejected: [],
  createdAt: "2026-06-02T09:30:00.000Z",
};
const refusedEntry: ImportLogEntry = { ...imported, id: 1, importedRows: 0, rejectedRows: 1, rejected: badPreview.rejected, createdAt: "2026-06-01T09:30:00.000Z" };
const logPage = (content: ImportLogEntry[]) => ok({ content, totalElements: content.length, totalPages: 1, number: 0, size: 10 });

/**
 * The import posts through XMLHttpRequest (the one browser API that reports upload progress), which
 * jsdom would send nowhere: this one reports the upload and then answers as the API's contract says.
 */
function answerImportWith(status: number, body: unknown) {
  const sent: FormData[] = [];
  class ImportRequest {
    status = 0;
    response: unknown = null;
    responseType = "";
    withCredentials = false;
    upload: { onprogress?: (event: Partial<ProgressEvent>) => void; onload?: () => void } = {};
    onload?: () => void;
    onerror?: () => void;
    open() {}
    setRequestHeader() {}
    send(form: FormData) {
      sent.push(form);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.upload.onload?.();
        this.status = status;
        this.response = body;
        this.onload?.();
      }, 10);
    }
  }
  vi.stubGlobal("XMLHttpRequest", ImportRequest);
  return sent;
}

const csv = (text: string) => new File([text], "students.csv", { type: "text/csv" });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const importButton = () => screen.getByRole("button", { name: "Import" });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Student Import", { timeout: 60_000 }, () => {
  it("lists each rejected row and why before writing anything, and imports the corrected file with its progress", async () => {
    let preview = badPreview;
    let log = [refusedEntry];
    const calls = stubApi({
      ...signedInAs("ROLE_DEPARTMENT_ADMIN"),
      "/booking/studentImport/preview": () => ok(preview)(),
      "/booking/importLog": () => logPage(log)(),
    });
    const sent = answerImportWith(200, { status: "success", message: "Imported", data: imported });
    renderAt("/studentImport");
    await screen.findByRole("heading", { name: "Student Import", level: 1 }, { timeout: 15_000 });

    await userEvent.upload(fileInput(), csv("admission no,name\nADM/2024/015,PRIYA S"));
    expect(await screen.findByText("Correct these rows and upload the file again: nothing is imported while any row is rejected.")).toBeTruthy();
    const rejected = screen.getByRole("table", { name: "Rejected rows of students.csv" });
    expect(within(rejected).getByText("ADM/2024/017")).toBeTruthy();
    expect(within(rejected).getByText("This degree does not exist in this course!")).toBeTruthy();
    expect(within(rejected).getByText(messages.nameRequired)).toBeTruthy();
    expect(importButton().hasAttribute("disabled")).toBe(true);
    expect(sent).toEqual([]);
    expect(calls.filter((call) => call.url === "/booking/studentImport/preview")).toHaveLength(1);

    preview = goodPreview;
    log = [imported, refusedEntry];
    await userEvent.upload(fileInput(), csv("admission no,name\nADM/2024/015,PRIYA S\nADM/2024/017,KAVYA N"));
    await waitFor(() => expect(importButton().hasAttribute("disabled")).toBe(false));
    expect(screen.queryByRole("table", { name: "Rejected rows of students.csv" })).toBeNull();
    await userEvent.click(importButton());

    expect(await screen.findByText("Import complete")).toBeTruthy();
    expect(screen.getByText("Imported: 3 · Already there: 0")).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect((sent[0]!.get("file") as File).name).toBe("students.csv");
    // The log is read again and shows the new import beside the refused one.
    await waitFor(() => expect(screen.getAllByText("Imported", { selector: ".ant-tag" })).toHaveLength(1));
    expect(screen.getAllByText("Refused", { selector: ".ant-tag" })).toHaveLength(1);
  });

  it("shows the rows the server refused when the file changed between the preview and the import, and imports nothing", async () => {
    stubApi({
      ...signedInAs("ROLE_ADMIN"),
      "/booking/studentImport/preview": ok(goodPreview),
      "/booking/importLog": logPage([]),
    });
    answerImportWith(400, { status: "error", message: studentImportMessages.degreeUnknown, data: badPreview });
    renderAt("/studentImport");
    await screen.findByRole("heading", { name: "Student Import", level: 1 }, { timeout: 15_000 });
    await userEvent.upload(fileInput(), csv("admission no,name"));
    await waitFor(() => expect(importButton().hasAttribute("disabled")).toBe(false));
    await userEvent.click(importButton());

    expect(await screen.findByText("Nothing was imported")).toBeTruthy();
    expect(within(screen.getByRole("table", { name: "Rejected rows of students.csv" })).getByText("ADM/2024/017")).toBeTruthy();
    expect(screen.queryByText("Import complete")).toBeNull();
  });

  it("says why a file cannot be read at all", async () => {
    stubApi({
      ...signedInAs("ROLE_ADMIN"),
      "/booking/studentImport/preview": failure(400, studentImportMessages.headerMismatch),
      "/booking/importLog": logPage([]),
    });
    renderAt("/studentImport");
    await screen.findByRole("heading", { name: "Student Import", level: 1 }, { timeout: 15_000 });
    await userEvent.upload(fileInput(), csv("something,else"));
    expect(await screen.findByText(studentImportMessages.headerMismatch)).toBeTruthy();
    expect(importButton().hasAttribute("disabled")).toBe(true);
  });

  it("opens a refused import in the log to show its rows and why", async () => {
    stubApi({ ...signedInAs("ROLE_ADMIN"), "/booking/importLog": logPage([refusedEntry]) });
    renderAt("/studentImport");
    await screen.findByText("Refused", { selector: ".ant-tag" }, { timeout: 15_000 });
    await userEvent.click(screen.getByRole("button", { name: /expand row/i }));
    const rejected = await screen.findByRole("table", { name: "Rejected rows of students.csv" });
    expect(within(rejected).getByText("This degree does not exist in this course!")).toBeTruthy();
  });

  it("is for department admins and admins: other staff go back to the applications list", async () => {
    stubApi({
      ...signedInAs("ROLE_OFFICE"),
      "/booking/admissionAll": ok({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 20, statusCounts: {} }),
    });
    const { router } = renderAt("/studentImport");
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin"), { timeout: 15_000 });
  });
});
