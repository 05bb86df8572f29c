import { ageOn, messages, notices, sampleAdmission } from "@admissions/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { listedApplication } from "../../../test/applications";
import { failure, failureAnswer, ok, okAnswer, renderAt, signedInAs, stubApi, type Handler } from "../../../test/render";

const masters = {
  "/booking/courses": ok([
    { id: 1, name: "UG", applicationFee: 300 },
    { id: 2, name: "PG", applicationFee: 400 },
  ]),
  "/booking/degrees": ok([{ id: 4, name: "B.SC. COMPUTER SCIENCE", courseId: 1 }]),
};

describe("the admission form for a student admitted before the results", () => {
  it("shows no step bar, starts at the marks with the marksheet upload, and offers Submit without Previous", async () => {
    const stored = {
      ...sampleAdmission({ examDetails: { ...(sampleAdmission().examDetails as object), tweleveStatus: "APPEARED" }, marksDetails: [] }),
      applicationNo: "UG-2026-000001",
      applicationStatus: "Approved",
      paymentStatus: "Success",
      paymentRefNo: "3100",
      applicationFee: 300,
    };
    stubApi({ ...signedInAs("ROLE_STUDENT"), ...masters, "/booking/admission": ok(stored) });
    renderAt("/admission");

    expect(await screen.findByRole("button", { name: "Submit" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Previous" })).toBeNull();
    expect(screen.queryByText(/Step \d of 4/)).toBeNull();
    expect(screen.queryByText("Student Details")).toBeNull();
    expect(screen.getByLabelText("Examination passed")).toBeTruthy();
    expect(screen.getByLabelText(/^Marksheet/)).toHaveProperty("type", "file");
  });

  const awaitingTheResult = () => {
    const { declaration: _declaration, ...application } = sampleAdmission({
      examDetails: { ...(sampleAdmission().examDetails as object), tweleveStatus: "APPEARED" },
      marksDetails: [],
      marksheetCertificateUrl: "",
    });
    const stored = { ...application, applicationNo: "UG-2026-000002", applicationStatus: "Approved", paymentStatus: "Success", paymentRefNo: "3102", applicationFee: 300 };
    const calls = stubApi({ ...signedInAs("ROLE_STUDENT"), ...masters, "/booking/admission": () => okAnswer(stored) });
    renderAt("/admission");
    return () => calls.filter((call) => call.init?.method === "POST");
  };

  it("saves the marks step without a marksheet while the result is awaited, as the applicant's form does", async () => {
    const posts = awaitingTheResult();
    await userEvent.click(await screen.findByRole("checkbox", { name: /I declare that/ }));
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(screen.queryByText("Marksheet Mandatory")).toBeNull();
  });

  it("asks for the marksheet once the result is in", async () => {
    const posts = awaitingTheResult();
    await userEvent.click(await screen.findByRole("checkbox", { name: /I declare that/ }));
    await userEvent.click(screen.getByRole("combobox", { name: "HSC result" }));
    await userEvent.click(await screen.findByTitle("Passed"));
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Marksheet Mandatory")).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });
});

describe("the admission form for a student the office imported", () => {
  it("says there is no application to complete, rather than offering a form to fill", async () => {
    stubApi({ ...signedInAs("ROLE_STUDENT"), ...masters, "/booking/admission": ok(null) });
    renderAt("/admission");
    expect(await screen.findByText("The college office recorded your admission: there is no application of yours to complete here.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Submit" })).toBeNull();
    expect(screen.getByRole("link", { name: "Pay Fees" })).toBeTruthy();
  });
});

describe("a refusal about a field the screen does not show", () => {
  it("is said in a message, since there is no field to show it beside", async () => {
    // As the server answers it: the declaration is ticked for each save, never stored.
    const { declaration: _declaration, ...application } = sampleAdmission({ examDetails: { ...(sampleAdmission().examDetails as object), tweleveStatus: "APPEARED" }, marksDetails: [] });
    const stored = { ...application, applicationNo: "UG-2026-000003", applicationStatus: "Approved", paymentStatus: "Success", paymentRefNo: "3101", applicationFee: 300 };
    const refusal = failureAnswer(400, "Please correct the highlighted fields.", [{ field: "name", message: "Please input your name!" }]);
    const calls = stubApi({
      ...signedInAs("ROLE_STUDENT"),
      ...masters,
      "/booking/admission": (init) => (init?.method === "POST" ? refusal : okAnswer(stored)),
    });
    renderAt("/admission");

    // The student declares the marks true as an applicant declared the form: Submit asks for it first.
    await userEvent.click(await screen.findByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Should accept agreement")).toBeTruthy();
    await userEvent.click(screen.getByRole("checkbox", { name: /I declare that/ }));
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));

    // The student's screen has the marks alone: the refusal of the name is told, not dropped.
    expect(await screen.findByText("Please input your name!")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Name" })).toBeNull();
    expect(calls.filter((call) => call.init?.method === "POST")).toHaveLength(1);
  });
});

describe("changes typed into a stored application whose fee failed", () => {
  it("come back after a reload, at the step the applicant was on; another user's do not", async () => {
    const stored = { ...sampleAdmission(), applicationNo: "UG-2026-000004", applicationStatus: "Payment Failure", paymentStatus: "Failure", paymentRefNo: null, applicationFee: 300 };
    const typed = { savedAt: Date.now(), step: 1, applicationNo: "UG-2026-000004", values: { whatsappNo: "9123456780" } };
    stubApi({ ...signedInAs("ROLE_USER"), ...masters, "/booking/admission": ok(stored) });

    localStorage.setItem("admissionData", JSON.stringify({ ...typed, owner: "person@example.in" }));
    const first = renderAt("/admission");
    expect(await screen.findByRole("heading", { name: "Address Details" })).toBeTruthy();
    expect(await screen.findByLabelText("Student's mobile (WhatsApp)")).toHaveProperty("value", "9123456780");
    // Back from the gateway without paying, the applicant is told the fee is still to pay, and where.
    const notice = screen.getByRole("status");
    expect(notice.textContent).toContain("Your application UG-2026-000004 is saved, but its fee of Rs.300 is not paid yet.");
    expect(within(notice).getByRole("link", { name: "Payment Details" }).getAttribute("href")).toBe("/transactionStatus");
    first.unmount();

    localStorage.setItem("admissionData", JSON.stringify({ ...typed, owner: "someone.else@example.in" }));
    renderAt("/admission");
    expect(await screen.findByRole("heading", { name: "Student Details" })).toBeTruthy();
  });
});

describe("numbers pasted as people write them", () => {
  it("keep their digits whole: a mobile with its country code and spaces, a pincode in two groups", async () => {
    const stored = { ...sampleAdmission(), applicationNo: "UG-2026-000004", applicationStatus: "Payment Failure", paymentStatus: "Failure", paymentRefNo: null, applicationFee: 300 };
    stubApi({ ...signedInAs("ROLE_USER"), ...masters, "/booking/admission": ok(stored) });
    localStorage.setItem("admissionData", JSON.stringify({ owner: "person@example.in", savedAt: Date.now(), step: 1, applicationNo: "UG-2026-000004", values: {} }));
    renderAt("/admission");

    const pasted = async (label: string, text: string) => {
      const input = await screen.findByLabelText(label);
      await userEvent.clear(input);
      await userEvent.click(input);
      await userEvent.paste(text);
      return input;
    };
    expect(await pasted("Student's mobile (WhatsApp)", "+91 98765 43210")).toHaveProperty("value", "9876543210");
    expect(await pasted("Father's mobile", "098765-43210")).toHaveProperty("value", "9876543210");
    expect(await pasted("Pincode", "600 001")).toHaveProperty("value", "600001");
  });
});

describe("a document missing at the last step", () => {
  it("has its error read out with its file input, which takes the focus", async () => {
    localStorage.setItem("admissionData", JSON.stringify({ owner: "new@example.in", savedAt: Date.now(), step: 3, values: { course: "UG" } }));
    stubApi({ ...signedInAs("ROLE_USER", "new@example.in"), ...masters, "/booking/admission": ok(null) });
    renderAt("/admission");
    await userEvent.click(await screen.findByRole("button", { name: /^Confirm & Pay/ }));

    const error = await screen.findByText("Photo Mandatory");
    const photo = screen.getByLabelText(/^Photo/);
    expect(photo.getAttribute("aria-invalid")).toBe("true");
    expect(photo.getAttribute("aria-describedby")?.split(" ")).toContain(error.closest("[id]")!.id);
    await waitFor(() => expect(document.activeElement).toBe(photo));
  });
});

/** A new applicant's form drawn at its upload step (a local draft there), the uploads answered by `uploadAnswer`. */
function openUploadStep(uploadAnswer: Handler) {
  localStorage.setItem("admissionData", JSON.stringify({ owner: "new@example.in", savedAt: Date.now(), step: 3, values: { course: "UG" } }));
  stubApi({ ...signedInAs("ROLE_USER", "new@example.in"), ...masters, "/booking/admission": ok(null), "/booking/uploadFile": uploadAnswer });
  renderAt("/admission");
}

describe("a document's file input", () => {
  it("says in the interface's words whether a file is in, where the browser's own said 'No file chosen' after every upload", async () => {
    openUploadStep(ok({ fileName: "marksheet.pdf" }));
    const marksheet = await screen.findByLabelText(/^Marksheet/);
    const picker = marksheet.parentElement!;
    expect(picker.textContent).toBe("Choose file");
    const described = () => marksheet.getAttribute("aria-describedby")!.split(" ").map((id) => document.getElementById(id)?.textContent);
    expect(described()).toContain("JPG, PNG or PDF, up to 1 MB");

    // The focus stays on the input through the upload: a disabled input had dropped it to the page.
    marksheet.focus();
    fireEvent.change(marksheet, { target: { files: [new File(["%PDF-1.4"], "marksheet.pdf", { type: "application/pdf" })] } });
    await waitFor(() => expect(marksheet.getAttribute("aria-disabled")).toBe("true"));
    expect(document.activeElement).toBe(marksheet);
    await waitFor(() => expect(picker.textContent).toBe("Replace file"));
    expect(document.activeElement).toBe(marksheet);
    expect(described()).toContainEqual(expect.stringContaining("Uploaded"));
    // The drawn button is not read out a second time: the input is named by its label alone.
    expect(screen.getByLabelText(/^Marksheet/)).toBe(marksheet);
    expect(screen.queryByLabelText(/Replace file/)).toBeNull();
    // The photo takes pictures only, and says so.
    const photo = screen.getByLabelText(/^Photo/);
    expect(photo.getAttribute("aria-describedby")!.split(" ").map((id) => document.getElementById(id)?.textContent)).toContain("JPG or PNG, up to 1 MB");
  });
});

describe("the photo", () => {
  it("offers pictures only, and takes no file the server stored as a PDF, whatever its name said", async () => {
    openUploadStep(ok({ fileName: "0f3a9c2d4b5e6f70.pdf" }));
    const photo = await screen.findByLabelText(/^Photo/);
    expect(photo.getAttribute("accept")).toBe("image/jpeg,image/png,.jpg,.jpeg,.png");
    expect(screen.getByLabelText(/^Marksheet/).getAttribute("accept")).toContain("application/pdf");

    fireEvent.change(photo, { target: { files: [new File(["%PDF-1.4"], "me.jpg", { type: "image/jpeg" })] } });
    await waitFor(() => expect(photo.closest(".document-upload")!.textContent).toContain(messages.photoNotImage));
    expect(photo.parentElement!.textContent).toBe("Choose file");
  });
});

describe("an upload the server refuses", () => {
  it("says the server's reason, not only that the upload failed", async () => {
    openUploadStep(failure(409, notices.tooManyUploads));
    const marksheet = await screen.findByLabelText(/^Marksheet/);
    fireEvent.change(marksheet, { target: { files: [new File(["%PDF-1.4"], "marksheet.pdf", { type: "application/pdf" })] } });
    expect((await screen.findAllByText(notices.tooManyUploads)).length).toBeGreaterThan(0);
    // Beside the document too, and read out with its input, after the notice has gone.
    const described = () => marksheet.getAttribute("aria-describedby")!.split(" ").map((id) => document.getElementById(id)?.textContent);
    await waitFor(() => expect(described()).toContain(notices.tooManyUploads));
    expect(marksheet.closest(".document-upload")!.textContent).toContain(notices.tooManyUploads);
  });
});

describe("the admission form for an applicant whose fee is paid", () => {
  it("does not open the form again and points to the payment details", async () => {
    const stored = { ...sampleAdmission(), applicationNo: "UG-2026-000002", applicationStatus: "Submitted", paymentStatus: "Success", paymentRefNo: "31", applicationFee: 300 };
    stubApi({ ...signedInAs("ROLE_USER"), ...masters, "/booking/admission": ok(stored) });
    renderAt("/admission");
    expect(await screen.findByText("Application UG-2026-000002 has been submitted.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Next" })).toBeNull();
  });
});

describe("the offline admission form", () => {
  it("is titled Offline Admission and asks staff for the applicant's e-mail", async () => {
    stubApi({ ...signedInAs("ROLE_ADMIN"), ...masters });
    renderAt("/admin-admission");
    expect(await screen.findByRole("heading", { name: "Offline Admission" })).toBeTruthy();
    expect(await screen.findByLabelText("Applicant's e-mail")).toBeTruthy();
  });

  it("tells staff of applications already made with the Aadhar number as soon as a valid one is typed", async () => {
    const earlier = listedApplication();
    const calls = stubApi({
      ...signedInAs("ROLE_ADMIN"),
      ...masters,
      "/booking/sameAadhaar?aadharNo=234123412346": ok({ applications: [earlier], notListed: 0, outOfScope: 0 }),
    });
    renderAt("/admin-admission");
    const aadhar = await screen.findByLabelText("Aadhar number");
    // Eleven digits, and then a wrong twelfth, are not asked about.
    await userEvent.type(aadhar, "23412341234");
    await userEvent.type(aadhar, "7");
    await userEvent.clear(aadhar);
    await userEvent.type(aadhar, "2341 2341 2346");
    const notice = (await screen.findByText("The same Aadhar number is on other applications")).closest(".ant-alert") as HTMLElement;
    expect(notice.textContent).toContain("UG-2026-000045 · PRIYA S · UG · B.SC. COMPUTER SCIENCE · Submitted");
    expect(calls.filter((call) => call.url.startsWith("/booking/sameAadhaar")).map((call) => call.url)).toEqual(["/booking/sameAadhaar?aadharNo=234123412346"]);
  });
});

describe("a walk-in entry over an applicant's own application", () => {
  it("is sent again to replace it only once the office confirms, and kept back with the reason by the e-mail otherwise", async () => {
    const walkIn = { ...sampleAdmission(), userName: "asha@example.in", email: "asha@example.in" };
    const sent: unknown[] = [];
    const answers = [
      failureAnswer(409, notices.walkInOverOwnApplication, [{ field: "userName", message: notices.walkInOverOwnApplication }]),
      failureAnswer(409, notices.walkInOverOwnApplication, [{ field: "userName", message: notices.walkInOverOwnApplication }]),
      okAnswer({ applicationNo: "UG-2026-000046", applicationStatus: "Submitted", paymentStatus: "Offline" }),
    ];
    const confirm = () => userEvent.click(screen.getByRole("button", { name: "Confirm" }));
    const question = "asha@example.in already has an application, started online and not paid for. Replace it with this entry?";
    stubApi({
      ...signedInAs("ROLE_ADMIN", "office@example.in"),
      ...masters,
      // The office's own draft of the entry: none on the server, and what the form sends is kept.
      "/booking/admission/draft": () => okAnswer(null),
      "/booking/admission": (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return answers.shift()!;
      },
    });
    const opened = () => {
      localStorage.setItem("admissionData", JSON.stringify({ owner: "office@example.in", savedAt: Date.now(), step: 3, values: walkIn }));
      return renderAt("/admin-admission");
    };
    const first = opened();
    await screen.findByRole("button", { name: "Confirm" });

    // Kept back: nothing more is sent, and the reason stays by the e-mail on the first step.
    await confirm();
    await userEvent.click(within((await screen.findAllByText(question)).at(-1)!.closest<HTMLElement>('[role="dialog"]')!).getByRole("button", { name: "Cancel" }));
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toHaveProperty("replaceOwnApplication");
    expect(await screen.findByText(notices.walkInOverOwnApplication, { selector: ".ant-form-item-explain-error" })).toBeTruthy();

    first.unmount();

    opened();
    await screen.findByRole("button", { name: "Confirm" });
    await confirm();
    await userEvent.click(within((await screen.findAllByText(question)).at(-1)!.closest<HTMLElement>('[role="dialog"]')!).getByRole("button", { name: "Replace it" }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]).toMatchObject({ userName: "asha@example.in", isOffline: true, replaceOwnApplication: true });
  });
});

describe("the courses and degrees the form offers", () => {
  const moreMasters = {
    "/booking/courses": ok([
      { id: 1, name: "UG", applicationFee: 300 },
      { id: 2, name: "PG", applicationFee: 400 },
      { id: 3, name: "DIPLOMA", applicationFee: 200 },
    ]),
    "/booking/degrees": ok([
      { id: 4, name: "B.SC. COMPUTER SCIENCE", courseId: 1 },
      { id: 5, name: "B.A. TAMIL", courseId: 1 },
      { id: 6, name: "M.SC. PHYSICS", courseId: 2 },
      { id: 7, name: "DIPLOMA IN NURSING", courseId: 3 },
    ]),
  };
  const offeredDegrees = async () => {
    await userEvent.click(await screen.findByRole("combobox", { name: "Degree" }));
    return [...document.querySelectorAll(".ant-select-dropdown .ant-select-item-option")].map((option) => option.getAttribute("title"));
  };

  it("are UG's and PG's to an applicant: the form has no exam details for a course staff added", async () => {
    stubApi({ ...signedInAs("ROLE_USER", "new@example.in"), ...moreMasters, "/booking/admission": ok(null) });
    renderAt("/admission");
    const course = await screen.findByRole("radiogroup", { name: "Course" });
    expect(within(course).getAllByRole("radio").map((radio) => radio.closest("label")!.textContent)).toEqual(["UG", "PG"]);
  });

  it("are a department admin's own degrees, and only their courses, when they enter a walk-in", async () => {
    stubApi({ ...signedInAs("ROLE_DEPARTMENT_ADMIN", "hod@college.in", [5]), ...moreMasters });
    renderAt("/admin-admission");
    const course = await screen.findByRole("radiogroup", { name: "Course" });
    expect(within(course).getAllByRole("radio").map((radio) => radio.closest("label")!.textContent)).toEqual(["UG"]);
    await userEvent.click(within(course).getByText("UG"));
    await waitFor(async () => expect(await offeredDegrees()).toEqual(["B.A. TAMIL"]));
  });
});

describe("the first step's fields that follow an answer", () => {
  it("offers a degree once a course is chosen, shows the age of the date of birth, and asks to specify a yes", async () => {
    stubApi({ ...signedInAs("ROLE_USER", "new@example.in"), ...masters, "/booking/admission": ok(null) });
    renderAt("/admission");
    const degree = await screen.findByRole("combobox", { name: "Degree" });
    expect(degree).toHaveProperty("disabled", true);
    // Ant Design's button-styled radios take the click on their label.
    await userEvent.click(screen.getByText("UG"));
    await waitFor(() => expect(degree).toHaveProperty("disabled", false));

    fireEvent.change(screen.getByLabelText("Date of birth"), { target: { value: "2008-03-14" } });
    await waitFor(() => expect(screen.getByLabelText("Age")).toHaveProperty("value", String(ageOn("2008-03-14"))));

    expect(screen.queryByLabelText("Please specify")).toBeNull();
    const challenged = screen.getByRole("radiogroup", { name: "Differently abled?" });
    await userEvent.click(within(challenged).getByText("Yes"));
    expect(await screen.findByLabelText("Please specify")).toBeTruthy();
  });
});

describe("a step change", () => {
  it("moves the focus to the new step's title, where it stayed on Next below a step no longer there", async () => {
    localStorage.setItem("admissionData", JSON.stringify({ owner: "new@example.in", savedAt: Date.now(), step: 0, values: sampleAdmission() }));
    stubApi({ ...signedInAs("ROLE_USER", "new@example.in"), ...masters, "/booking/admission": ok(null) });
    renderAt("/admission");
    await userEvent.click(await screen.findByRole("button", { name: "Next" }));
    const title = await screen.findByRole("heading", { name: "Address Details", level: 2 });
    await waitFor(() => expect(document.activeElement).toBe(title));
  });
});

describe("a yes/no question left unanswered", () => {
  it("is the field Next scrolls to and focuses, with its error read out with it", async () => {
    // A draft kept by an earlier version of the form, which stored the question unanswered.
    const values = { ...sampleAdmission(), exServiceMan: null };
    localStorage.setItem("admissionData", JSON.stringify({ owner: "new@example.in", savedAt: Date.now(), step: 0, values }));
    stubApi({ ...signedInAs("ROLE_USER", "new@example.in"), ...masters, "/booking/admission": ok(null) });
    renderAt("/admission");
    const question = await screen.findByRole("radiogroup", { name: "Child of an ex-serviceman?" });
    await userEvent.click(screen.getByRole("button", { name: "Next" }));

    const error = await screen.findByText("Please choose yes or no!");
    expect(question.getAttribute("aria-invalid")).toBe("true");
    expect(question.getAttribute("aria-describedby")?.split(" ")).toContain(error.closest("[id]")!.id);
    await waitFor(() => expect(document.activeElement).toBe(within(question).getAllByRole("radio")[0]));
  });
});

describe("the course left unchosen", () => {
  it("is the field Next scrolls to and focuses: its first button, with its error", async () => {
    const values = { ...sampleAdmission(), course: undefined, courseSubjectId: undefined };
    localStorage.setItem("admissionData", JSON.stringify({ owner: "new@example.in", savedAt: Date.now(), step: 0, values }));
    stubApi({ ...signedInAs("ROLE_USER", "new@example.in"), ...masters, "/booking/admission": ok(null) });
    renderAt("/admission");
    const course = await screen.findByRole("radiogroup", { name: "Course" });
    await userEvent.click(await screen.findByRole("button", { name: "Next" }));

    await waitFor(() => expect(course.getAttribute("aria-invalid")).toBe("true"));
    await waitFor(() => expect(document.activeElement).toBe(within(course).getAllByRole("radio")[0]));
  });
});

describe("the form open in two tabs of one browser", () => {
  /** What the browser tells a tab when another tab writes the draft. */
  const writtenByAnotherTab = (draft: object) => {
    const newValue = JSON.stringify(draft);
    localStorage.setItem("admissionData", newValue);
    fireEvent(window, new StorageEvent("storage", { key: "admissionData", newValue, storageArea: localStorage }));
  };

  it("takes up what the other tab wrote, at its step, and drops its own save still waiting to go", async () => {
    const calls = stubApi({ ...signedInAs("ROLE_USER", "new@example.in"), ...masters, "/booking/admission": ok(null), "/booking/admission/draft": () => okAnswer(null) });
    renderAt("/admission");
    await userEvent.type(await screen.findByRole("textbox", { name: "Name" }), "PRIYA");

    writtenByAnotherTab({ owner: "new@example.in", savedAt: Date.now(), step: 1, values: { ...sampleAdmission(), whatsappNo: "9123456780" } });
    expect(await screen.findByRole("heading", { name: "Address Details" })).toBeTruthy();
    expect(await screen.findByLabelText("Student's mobile (WhatsApp)")).toHaveProperty("value", "9123456780");
    // The typed name's save would have gone 2.5 s after the last key.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(calls.filter((call) => call.init?.method === "PUT")).toHaveLength(0);
  });

  it("leaves alone a draft another account wrote there", async () => {
    stubApi({ ...signedInAs("ROLE_USER", "new@example.in"), ...masters, "/booking/admission": ok(null) });
    renderAt("/admission");
    await userEvent.type(await screen.findByRole("textbox", { name: "Name" }), "PRIYA");

    writtenByAnotherTab({ owner: "someone.else@example.in", savedAt: Date.now(), step: 1, values: sampleAdmission() });
    expect(screen.getByRole("heading", { name: "Student Details" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveProperty("value", "PRIYA");
  });
});

describe("the name's hint", () => {
  it("describes the name field, and still does beside the field's error", async () => {
    stubApi({ ...signedInAs("ROLE_USER", "new@example.in"), ...masters, "/booking/admission": ok(null) });
    renderAt("/admission");
    const name = await screen.findByRole("textbox", { name: "Name" });
    const description = () => name.getAttribute("aria-describedby")?.split(" ").map((id) => document.getElementById(id)?.textContent);
    expect(description()).toEqual(["As on the HSC marksheet; letters and spaces only."]);

    await userEvent.click(await screen.findByRole("button", { name: "Next" }));
    expect(await screen.findByText("Please input your name!")).toBeTruthy();
    expect(description()).toEqual(["Please input your name!", "As on the HSC marksheet; letters and spaces only."]);
  });
});

describe("the marks step of an application whose fee failed", () => {
  const stored = { ...sampleAdmission(), applicationNo: "UG-2026-000005", applicationStatus: "Payment Failure", paymentStatus: "Failure", paymentRefNo: null, applicationFee: 300 };
  const enteredMarks = (stored.marksDetails as { markSecured: number }[]).map((row) => String(row.markSecured));
  const choose = async (field: string, option: string) => {
    await userEvent.click(await screen.findByRole("combobox", { name: field }));
    await userEvent.click(await screen.findByTitle(option));
  };
  const rowValues = (label: string) => screen.getAllByLabelText(label).map((input) => (input as HTMLInputElement).value);

  async function openMarksStep() {
    localStorage.setItem("admissionData", JSON.stringify({ savedAt: Date.now(), step: 2, applicationNo: stored.applicationNo, values: {}, owner: "person@example.in" }));
    stubApi({ ...signedInAs("ROLE_USER"), ...masters, "/booking/admission": ok(stored) });
    renderAt("/admission");
    expect(await screen.findByRole("heading", { name: "HSC marks" })).toBeTruthy();
  }

  it("keeps the marks while the result is said to be awaited, and makes them follow a change of the HSC maximum made meanwhile", async () => {
    await openMarksStep();

    await choose("HSC result", "Appeared, result awaited");
    await waitFor(() => expect(screen.queryByRole("heading", { name: "HSC marks" })).toBeNull());
    await choose("HSC maximum marks", "1200");
    await choose("HSC result", "Passed");

    expect(await screen.findByRole("heading", { name: "HSC marks" })).toBeTruthy();
    expect(rowValues("Marks scored")).toEqual(enteredMarks);
    expect(rowValues("Max marks")).toEqual(enteredMarks.map(() => "200"));
  }, 60_000);

  it("checks again the copies of row 1's year and register number that were refused, once row 1 fills them", async () => {
    await openMarksStep();
    // As the sample has them: only row 1 holds the year and the register number.
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(screen.getAllByText("Enter the year as YYYY!")).toHaveLength(5));
    const [firstYear] = screen.getAllByLabelText("Passing year");
    await userEvent.clear(firstYear!);
    await userEvent.type(firstYear!, "2026");
    await waitFor(() => expect(screen.queryAllByText("Enter the year as YYYY!")).toHaveLength(0));
    expect(screen.queryAllByText("Enter Register No!")).toHaveLength(0);
  }, 60_000);

  it("refuses at Next a mark over its row's max marks once the HSC maximum is lowered", async () => {
    await openMarksStep();
    await choose("HSC maximum marks", "1200");
    const [firstMark] = screen.getAllByLabelText("Marks scored");
    await userEvent.clear(firstMark!);
    await userEvent.type(firstMark!, "150");
    await choose("HSC maximum marks", "600");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));

    expect(await screen.findByText("Marks cannot be more than the max marks!")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "HSC marks" })).toBeTruthy();
  }, 60_000);

  it("refuses a subject chosen in an earlier row as it is chosen, until the earlier row's changes", async () => {
    await openMarksStep();
    // Searched for first: the long list is virtual, and only its first options are drawn.
    const subjectOfRow = async (row: number, option: string) => {
      const subject = screen.getAllByRole("combobox", { name: "Subject" })[row]!;
      await userEvent.click(subject);
      await userEvent.type(subject, option);
      const [offered] = (await screen.findAllByTitle(option)).filter((element) => element.classList.contains("ant-select-item-option"));
      await userEvent.click(offered!);
    };
    // The sample's rows 3 and 4 are Mathematics and Physics.
    await subjectOfRow(3, "Mathematics");
    expect(await screen.findByText("This subject is already entered in an earlier row!")).toBeTruthy();
    await subjectOfRow(2, "Biology");
    await waitFor(() => expect(screen.queryByText("This subject is already entered in an earlier row!")).toBeNull());
  }, 60_000);
});
