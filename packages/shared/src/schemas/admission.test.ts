import { describe, expect, it } from "vitest";
import { messages } from "../messages.js";
import { ageOn } from "../rules/admission.js";
import { sampleAdmission } from "../testing/sample-admission.js";
import { admissionSchema, type AdmissionInput } from "./admission.js";

function issuesOf(input: AdmissionInput) {
  const result = admissionSchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ field: issue.path.join("."), message: issue.message }));
}

const sample = sampleAdmission();
const pgExam = {
  applicantNo: "",
  nameOfDegree: "B.Sc.",
  mainSubject: "Mathematics",
  mediumOfStudy: "English",
  universityName: "University of Madras",
  collegeName: "Presidency College",
  collegePlace: "Chennai",
  yearOfStudy: "2025",
};

describe("a complete application", () => {
  const parsed = admissionSchema.parse(sample);

  it("is cleaned up as SPEC.md says: names letters only and upper-cased, free text upper-cased, e-mail not", () => {
    expect(parsed.name).toBe("PRIYA S");
    expect(parsed.fatherName).toBe("SELVAM K");
    expect(parsed.caste).toBe("VANNIYAR");
    expect(parsed.addressDetails.streetName).toBe("GANDHI STREET");
    expect(parsed.examDetails).toMatchObject({ schoolName: "GOVT HR SEC SCHOOL" });
    expect(parsed.email).toBe("priya@example.in");
    expect(parsed.nameInTamil).toBe("பிரியா");
  });

  it("keeps the dots of a parent's initials: only the applicant's own name is letters and spaces", () => {
    const withInitials = admissionSchema.parse({ ...sample, name: "Priya S.", fatherName: "K. Selvam", motherName: "s.lakshmi" });
    expect(withInitials.name).toBe("PRIYA S");
    expect(withInitials.fatherName).toBe("K. SELVAM");
    expect(withInitials.motherName).toBe("S.LAKSHMI");
  });

  it("derives age, course id, totals and percentage on the server's side of the rule", () => {
    expect(parsed.age).toBe(ageOn("2008-03-14"));
    expect(parsed.courseId).toBe(1);
    expect(parsed.totalMarks).toBe(540);
    expect(parsed.totalMarkPercent).toBe(90);
  });

  it("copies the first row's passing year and register number to every row", () => {
    expect(parsed.marksDetails.map((row) => [row.passingYear, row.registerNo])).toEqual(Array(6).fill(["2026", "2611001234"]));
  });

  it("ignores client-sent derived values", () => {
    const tampered = admissionSchema.parse({ ...sample, age: 99, totalMarks: 600, totalMarkPercent: 100, courseId: 2 } as AdmissionInput);
    expect([tampered.age, tampered.totalMarks, tampered.totalMarkPercent, tampered.courseId]).toEqual([parsed.age, 540, 90, 1]);
  });

  it("takes course 1 as UG and numeric strings for marks", () => {
    const rows = sample.marksDetails!.map((row) => ({ ...(row as object), markSecured: "90", maxMark: "100" }));
    const result = admissionSchema.parse({ ...sample, course: 1 as never, marksDetails: rows });
    expect(result.course).toBe("UG");
    expect(result.totalMarkPercent).toBe(90);
  });

  it("offers the hostel only to girls", () => {
    expect(admissionSchema.parse({ ...sample, gender: "male", hostelRequired: "yes" }).hostelRequired).toBe("no");
    expect(parsed.hostelRequired).toBe("yes");
  });
});

describe("SPEC.md's messages, field by field", () => {
  it.each([
    ["name", { name: "" }, messages.nameRequired],
    ["name", { name: "1234." }, messages.nameRequired],
    ["nameInTamil", { nameInTamil: " " }, messages.nameInTamilRequired],
    ["course", { course: undefined }, messages.courseRequired],
    ["courseSubjectId", { courseSubjectId: undefined }, messages.degreeRequired],
    ["dob", { dob: "" }, messages.dobRequired],
    ["dob", { dob: "2008-02-30" }, messages.dobInvalid],
    ["dob", { dob: "2020-01-01" }, messages.ageOutOfRange],
    ["gender", { gender: undefined }, messages.genderRequired],
    ["bloodGroup", { bloodGroup: "Z+ve" }, messages.bloodGroupRequired],
    ["community", { community: undefined }, messages.communityRequired],
    ["caste", { caste: "" }, messages.casteRequired],
    ["nationality", { nationality: "" }, messages.nationalityRequired],
    ["religion", { religion: undefined }, messages.religionRequired],
    ["motherTongue", { motherTongue: "" }, messages.motherTongueRequired],
    ["fatherName", { fatherName: "" }, messages.fatherNameRequired],
    ["motherName", { motherName: "" }, messages.motherNameRequired],
    ["occupation", { occupation: "" }, messages.occupationRequired],
    ["annualIncome", { annualIncome: "" }, messages.annualIncomeRequired],
    ["annualIncome", { annualIncome: "1.2 lakh" }, messages.incomeInvalid],
    ["aadharNo", { aadharNo: "23412341234" }, messages.aadharInvalid],
    ["aadharNo", { aadharNo: "234123412347" }, messages.aadharInvalid],
    ["whatsappNo", { whatsappNo: "12345" }, messages.studentMobileRequired],
    ["fatherNo", { fatherNo: "" }, messages.fatherMobileRequired],
    ["email", { email: "not-mail" }, messages.emailRequired],
    ["transportMode", { transportMode: "Cycle" }, messages.transportModeRequired],
    ["emisNo", { emisNo: "EMIS12" }, messages.emisInvalid],
  ] as [string, Partial<AdmissionInput>, string][])("%s: %j answers its message", (field, change, message) => {
    expect(issuesOf({ ...sample, ...change })).toContainEqual({ field, message });
  });

  it.each([
    ["streetName", { streetName: "" }, messages.streetNameRequired],
    ["village", { village: "" }, messages.villageRequired],
    ["post", { post: "" }, messages.postRequired],
    ["taluk", { taluk: "" }, messages.talukRequired],
    ["state", { state: "Atlantis" }, messages.stateRequired],
    ["district", { district: "Mumbai" }, messages.districtRequired],
    ["pincode", { pincode: "60200" }, messages.pincodeInvalid],
    ["pincode", { pincode: "012345" }, messages.pincodeInvalid],
  ])("address %s: %j answers its message", (field, change, message) => {
    const addressDetails = { ...(sample.addressDetails as object), ...change };
    expect(issuesOf({ ...sample, addressDetails })).toContainEqual({ field: `addressDetails.${field}`, message });
  });

  it("names each field of a missing address or exam, and a missing income as missing", () => {
    // As a client that leaves them out sends it, which the type of a form would not allow.
    const { addressDetails: _address, examDetails: _exam, annualIncome: _income, ...withoutThem } = sample;
    const sent = (input: object) => input as AdmissionInput;
    expect(issuesOf(sent(withoutThem))).toEqual([{ field: "annualIncome", message: messages.annualIncomeRequired }]);
    const withIncome = sent({ ...withoutThem, annualIncome: "120000" });
    expect(issuesOf(withIncome)).toContainEqual({ field: "addressDetails.streetName", message: messages.streetNameRequired });
    expect(issuesOf(withIncome)).toContainEqual({ field: "examDetails.schoolName", message: messages.examDetailRequired });
    expect(issuesOf({ ...sample, annualIncome: "" })).toEqual([{ field: "annualIncome", message: messages.annualIncomeRequired }]);
    expect(issuesOf({ ...sample, annualIncome: "12,000" })).toEqual([{ field: "annualIncome", message: messages.incomeInvalid }]);
  });

  it("takes a typed text of at most 100 characters, required or optional, and names the field of a longer one", () => {
    const long = "A".repeat(101);
    const address = sample.addressDetails as object;
    expect(issuesOf({ ...sample, caste: "B".repeat(100), addressDetails: { ...address, doorNo: "1".repeat(100) } })).toEqual([]);
    expect(issuesOf({ ...sample, caste: long })).toEqual([{ field: "caste", message: messages.textTooLong }]);
    expect(issuesOf({ ...sample, name: `${long} S` })).toEqual([{ field: "name", message: messages.textTooLong }]);
    expect(issuesOf({ ...sample, addressDetails: { ...address, doorNo: long } })).toEqual([{ field: "addressDetails.doorNo", message: messages.textTooLong }]);
    expect(issuesOf({ ...sample, referralName: long })).toEqual([{ field: "referralName", message: messages.textTooLong }]);
    // Counted after the spaces around it are trimmed, as it is stored.
    expect(issuesOf({ ...sample, caste: `  ${"B".repeat(100)}  ` })).toEqual([]);
  });

  it("keeps the door number optional", () => {
    expect(issuesOf({ ...sample, addressDetails: { ...(sample.addressDetails as object), doorNo: "" } })).toEqual([]);
  });

  it.each([
    ["markSecured", { markSecured: "" }, messages.marksScoredRequired],
    ["maxMark", { maxMark: "" }, messages.maxMarksRequired],
    ["registerNo", { registerNo: "" }, messages.registerNoRequired],
    ["markSecured", { markSecured: 101 }, messages.markAboveMax],
    ["subject", { subject: "" }, messages.subjectRequired],
    ["passingYear", { passingYear: "26" }, messages.yearInvalid],
    ["passingYear", { passingYear: String(new Date().getFullYear() + 1) }, messages.yearInFuture],
  ])("the first mark row's %s: %j answers its message", (field, change, message) => {
    const rows = [...sample.marksDetails!];
    rows[0] = { ...(rows[0] as object), ...change };
    expect(issuesOf({ ...sample, marksDetails: rows })).toContainEqual({ field: `marksDetails.0.${field}`, message });
  });

  it("wants an HSC's rows out of 100 of 600 and 200 of 1200, as the form fills them in", () => {
    const rowsOutOf = (maxMark: number) => sample.marksDetails!.map((row) => ({ ...(row as object), markSecured: 7, maxMark }));
    const examOutOf = (maxMarkInTweleve: number) => ({ ...(sample.examDetails as object), maxMarkInTweleve });
    const issues = issuesOf({ ...sample, examDetails: examOutOf(1200), marksDetails: rowsOutOf(7) });
    expect(issues).toContainEqual({ field: "marksDetails.0.maxMark", message: messages.maxMarkNotOfHsc });
    expect(issues.filter((issue) => issue.message === messages.maxMarkNotOfHsc)).toHaveLength(6);
    expect(issuesOf({ ...sample, examDetails: examOutOf(600), marksDetails: rowsOutOf(200) })).toContainEqual({ field: "marksDetails.5.maxMark", message: messages.maxMarkNotOfHsc });
    expect(issuesOf({ ...sample, examDetails: examOutOf(1200), marksDetails: rowsOutOf(200) })).toEqual([]);
  });

  it("refuses a subject of the HSC's own chosen twice, whose marks would count twice, but not 'Other' twice", () => {
    const withSubjects = (...subjects: string[]) =>
      sample.marksDetails!.map((row, index) => ({ ...(row as object), subject: subjects[index - 2] ?? (row as { subject: string }).subject }));
    expect(issuesOf({ ...sample, marksDetails: withSubjects("Accountancy", "Commerce", "Accountancy", "Accountancy") })).toEqual([
      { field: "marksDetails.4.subject", message: messages.subjectRepeated },
      { field: "marksDetails.5.subject", message: messages.subjectRepeated },
    ]);
    expect(issuesOf({ ...sample, marksDetails: withSubjects("Other", "Commerce", "Other", "Economics") })).toEqual([]);
  });

  it("wants the marks of at least five subjects when the HSC is passed", () => {
    expect(issuesOf({ ...sample, marksDetails: sample.marksDetails!.slice(0, 4) })).toContainEqual({ field: "marksDetails", message: messages.marksRowsRequired });
  });

  it("takes at most seven mark rows", () => {
    const rows = [...sample.marksDetails!, ...sample.marksDetails!.slice(0, 2)];
    expect(issuesOf({ ...sample, marksDetails: rows }).map((issue) => issue.field)).toContain("marksDetails");
  });

  it.each([
    ["photoUrl", { photoUrl: "" }, messages.photoRequired],
    ["marksheetCertificateUrl", { marksheetCertificateUrl: "" }, messages.marksheetRequired],
    ["aadharImageUrl", { aadharImageUrl: "" }, messages.aadharImageRequired],
    ["declaration", { declaration: false }, messages.agreementRequired],
    ["declaration", { declaration: undefined }, messages.agreementRequired],
  ] as [string, Partial<AdmissionInput>, string][])("upload step %s: %j answers %s", (field, change, message) => {
    expect(issuesOf({ ...sample, ...change })).toContainEqual({ field, message });
  });

  it("asks for the Specify fields only when the answer is yes", () => {
    expect(issuesOf({ ...sample, physicalChallengeDetails: "yes" })).toContainEqual({ field: "physicalChallenge", message: messages.specifyRequired });
    expect(issuesOf({ ...sample, distinctionInSportsDetails: "yes" })).toContainEqual({ field: "distinctionInSports", message: messages.specifyRequired });
    const specified = admissionSchema.parse({ ...sample, physicalChallengeDetails: "yes", physicalChallenge: "low vision" });
    expect(specified.physicalChallenge).toBe("LOW VISION");
    expect(admissionSchema.parse({ ...sample, physicalChallenge: "stale" }).physicalChallenge).toBe("");
  });
});

describe("HSC results awaited (tweleveStatus APPEARED)", () => {
  const appeared = { ...sample, examDetails: { ...(sample.examDetails as object), tweleveStatus: "APPEARED" }, marksheetCertificateUrl: "" };

  it("needs no marks and no marksheet, and keeps no marks sent anyway", () => {
    const parsed = admissionSchema.parse(appeared);
    expect(parsed.marksDetails).toEqual([]);
    expect(parsed.totalMarks).toBe(0);
    expect(parsed.marksheetCertificateUrl).toBe("");
  });
});

describe("PG applications", () => {
  it("take the PG exam details instead of the school ones, and need no marks table", () => {
    const parsed = admissionSchema.parse({ ...sample, course: "PG", examDetails: pgExam, marksDetails: [] });
    expect(parsed.courseId).toBe(2);
    expect(parsed.examDetails).toMatchObject({ universityName: "UNIVERSITY OF MADRAS", yearOfStudy: "2025" });
  });

  it("check each PG exam detail", () => {
    expect(issuesOf({ ...sample, course: "PG", examDetails: { ...pgExam, universityName: "" }, marksDetails: [] })).toContainEqual({
      field: "examDetails.universityName",
      message: messages.examDetailRequired,
    });
    expect(issuesOf({ ...sample, course: "PG", examDetails: { ...pgExam, yearOfStudy: "2099" }, marksDetails: [] })).toEqual([{ field: "examDetails.yearOfStudy", message: messages.yearInFuture }]);
  });

  it("still need the degree marksheet", () => {
    expect(issuesOf({ ...sample, course: "PG", examDetails: pgExam, marksDetails: [], marksheetCertificateUrl: "" })).toContainEqual({
      field: "marksheetCertificateUrl",
      message: messages.marksheetRequired,
    });
  });
});

describe("UG exam details", () => {
  it.each(["examPassed", "boardOfStudy", "mediumOfStudy", "schoolName", "schoolPlace", "maxMarkInTweleve", "tweleveStatus"])("require %s", (field) => {
    const examDetails = { ...(sample.examDetails as object), [field]: "" };
    expect(issuesOf({ ...sample, examDetails })).toContainEqual({ field: `examDetails.${field}`, message: messages.examDetailRequired });
  });

  it("take only 600 or 1200 as the HSC maximum", () => {
    const examDetails = { ...(sample.examDetails as object), maxMarkInTweleve: 500 };
    expect(issuesOf({ ...sample, examDetails })).toContainEqual({ field: "examDetails.maxMarkInTweleve", message: messages.examDetailRequired });
  });
});
