import { z } from "zod";
import { isStoredPicture } from "../constants/documents.js";
import { limits } from "../constants/limits.js";
import { messages } from "../messages.js";
import {
  bloodGroups,
  boardsOfStudy,
  communities,
  districtsOf,
  examPassedOptions,
  genders,
  mediumsOfStudy,
  religions,
  stateNames,
  transportModes,
  tweleveStatuses,
  yesNo,
} from "../reference/index.js";
import { ageOn, cleanMark, cleanName, copyFirstRowDetails, digitsOnly, isRealDate, isRepeatedSubject, isUnderGraduate, markTotals, maxMarkRows, rowMaxMark, upperText } from "../rules/admission.js";
import { isValidAadhar } from "../rules/verhoeff.js";
import { emailField, indianMobile } from "./auth.js";
import { recordId } from "./record-id.js";

/** A required text, trimmed; `upper` keeps it upper-cased as SPEC.md asks of free text. */
function requiredText(message: string, clean: (value: string) => string = upperText) {
  return z
    .string({ error: message })
    .transform((value) => clean(value).trim())
    .pipe(z.string().min(1, message).max(limits.formTextMaxLength, messages.textTooLong));
}

const optionalText = z
  .string()
  .optional()
  .transform((value) => upperText(value ?? "").trim())
  .pipe(z.string().max(limits.formTextMaxLength, messages.textTooLong));

function choice<T extends readonly [string, ...string[]]>(options: T, message: string) {
  return z.enum(options, { error: message });
}

const yesNoField = choice(yesNo, messages.yesNoRequired);

/** Numbers may come as numbers or numeric strings (DESIGN.md); strings are cleaned as the form cleans them. */
function markValue(message: string) {
  return z.preprocess((value) => {
    if (typeof value !== "string") return value;
    const cleaned = cleanMark(value);
    return cleaned === "" ? undefined : Number(cleaned);
  }, z.number({ error: message }).min(0, message));
}

/** A year already come: a passing year of marks entered, a degree's year of passing (2099 was taken). */
const yearField = z.coerce
  .string({ error: messages.yearInvalid })
  .regex(/^(19|20)\d{2}$/, messages.yearInvalid)
  .refine((year) => Number(year) <= new Date().getFullYear(), messages.yearInFuture);

/** Every field of the form with its own rule, so the form checks one field as the server checks the whole. */
export const admissionFields = {
  userName: emailField(messages.emailRequired),
  course: z.preprocess((value) => (value === 1 || value === "1" ? "UG" : value === 2 || value === "2" ? "PG" : value), choice(["UG", "PG"], messages.courseRequired)),
  // A degree's id is a database integer: a larger number names no degree.
  courseSubjectId: recordId(messages.degreeRequired),
  name: requiredText(messages.nameRequired, cleanName),
  nameInTamil: requiredText(messages.nameInTamilRequired, (value) => value),
  gender: choice(genders, messages.genderRequired),
  dob: z
    .string({ error: messages.dobRequired })
    .min(1, messages.dobRequired)
    .refine(isRealDate, messages.dobInvalid)
    .refine((dob) => {
      const age = ageOn(dob);
      return age !== null && age >= 14 && age <= 60;
    }, messages.ageOutOfRange),
  bloodGroup: choice(bloodGroups, messages.bloodGroupRequired),
  community: choice(communities, messages.communityRequired),
  caste: requiredText(messages.casteRequired),
  nationality: requiredText(messages.nationalityRequired),
  religion: choice(religions, messages.religionRequired),
  motherTongue: requiredText(messages.motherTongueRequired),
  aadharNo: z
    .string({ error: messages.aadharInvalid })
    .transform(digitsOnly)
    .refine(isValidAadhar, messages.aadharInvalid),
  // Only the applicant's own name is cut to letters and spaces (SPEC.md): a parent's initials keep their dots.
  fatherName: requiredText(messages.fatherNameRequired),
  motherName: requiredText(messages.motherNameRequired),
  occupation: requiredText(messages.occupationRequired),
  // A missing income is a blank one: coerced as it is, it would be the text "undefined", not a number.
  annualIncome: z.preprocess(
    (value) => value ?? "",
    z.coerce
      .string({ error: messages.annualIncomeRequired })
      .min(1, messages.annualIncomeRequired)
      // Blank is the message above's alone.
      .regex(/^\d{0,10}$/, messages.incomeInvalid),
  ),
  yesNo: yesNoField,
  /** The Specify fields shown after a yes (disability, sports distinction). */
  specify: requiredText(messages.specifyRequired),
  transportMode: choice(transportModes, messages.transportModeRequired),
  emisNo: z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim())
    .pipe(z.string().regex(/^\d*$/, messages.emisInvalid)),
  whatsappNo: indianMobile(messages.studentMobileRequired),
  fatherNo: indianMobile(messages.fatherMobileRequired),
  motherNo: z.union([z.literal("").transform(() => ""), indianMobile(messages.mobileInvalid)]).optional().default(""),
  email: emailField(messages.emailRequired),
  streetName: requiredText(messages.streetNameRequired),
  village: requiredText(messages.villageRequired),
  post: requiredText(messages.postRequired),
  taluk: requiredText(messages.talukRequired),
  state: z.string({ error: messages.stateRequired }).refine((state) => stateNames.includes(state as never), messages.stateRequired),
  district: requiredText(messages.districtRequired, (value) => value),
  pincode: z.coerce.string({ error: messages.pincodeInvalid }).regex(/^[1-9]\d{5}$/, messages.pincodeInvalid),
  examText: requiredText(messages.examDetailRequired),
  maxMarkInTweleve: z.coerce.number({ error: messages.examDetailRequired }).refine((value) => value === 600 || value === 1200, messages.examDetailRequired),
  tweleveStatus: choice(tweleveStatuses, messages.examDetailRequired),
  subject: requiredText(messages.subjectRequired, (value) => value),
  markSecured: markValue(messages.marksScoredRequired),
  maxMark: markValue(messages.maxMarksRequired),
  passingYear: yearField,
  registerNo: requiredText(messages.registerNoRequired),
};

const f = admissionFields;

export const addressDetailsSchema = z
  .object({
    doorNo: optionalText,
    streetName: f.streetName,
    village: f.village,
    post: f.post,
    taluk: f.taluk,
    state: f.state,
    district: f.district,
    pincode: f.pincode,
  })
  .refine((address) => districtsOf(address.state).includes(address.district), { path: ["district"], message: messages.districtRequired });

export const ugExamDetailsSchema = z.object({
  applicantNo: optionalText,
  examPassed: choice(examPassedOptions, messages.examDetailRequired),
  boardOfStudy: choice(boardsOfStudy, messages.examDetailRequired),
  mediumOfStudy: choice(mediumsOfStudy, messages.examDetailRequired),
  schoolName: f.examText,
  schoolPlace: f.examText,
  maxMarkInTweleve: f.maxMarkInTweleve,
  isPassedEleventh: yesNoField,
  tweleveStatus: f.tweleveStatus,
  govtSchool: yesNoField,
});

export const pgExamDetailsSchema = z.object({
  applicantNo: optionalText,
  nameOfDegree: f.examText,
  mainSubject: f.examText,
  mediumOfStudy: choice(mediumsOfStudy, messages.examDetailRequired),
  universityName: f.examText,
  collegeName: f.examText,
  collegePlace: f.examText,
  yearOfStudy: yearField,
});

export const markRowSchema = z
  .object({
    subject: f.subject,
    markSecured: f.markSecured,
    maxMark: f.maxMark,
    passingYear: f.passingYear,
    registerNo: f.registerNo,
    noOfAttempts: z.coerce.number().int().min(1).max(10).catch(1),
    applicantNo: optionalText,
  })
  .refine((row) => row.markSecured <= row.maxMark, { path: ["markSecured"], message: messages.markAboveMax });

export type MarkRow = z.output<typeof markRowSchema>;
export type UgExamDetails = z.output<typeof ugExamDetailsSchema>;
export type PgExamDetails = z.output<typeof pgExamDetailsSchema>;

const documentField = z
  .string()
  .nullish()
  .transform((value) => value ?? "");

/** The applicant's photo is shown and printed as a picture: a PDF is refused. */
const photoField = documentField.refine((fileName) => fileName === "" || isStoredPicture(fileName), messages.photoNotImage);

/** Copies the issues of a nested parse under a path of the outer object. */
function forwardIssues(ctx: z.RefinementCtx, path: (string | number)[], error: z.ZodError) {
  for (const issue of error.issues) ctx.addIssue({ code: "custom", path: [...path, ...issue.path], message: issue.message });
}

/**
 * The whole application as `POST /booking/admission` takes it (DESIGN.md's wire shape, SPEC.md's
 * names). The answer is normalised: derived values (age, totals, percentage, courseId) are computed
 * here, never taken from the client; hostel is only for girls; the first mark row's passing year and
 * register number apply to every row.
 */
export const admissionSchema = z
  .object({
    userName: z.string().optional(),
    isOffline: z.boolean().default(false),
    /** Staff only: a walk-in entry may replace the applicant's own unpaid online application when this says so. */
    replaceOwnApplication: z.boolean().optional(),
    course: f.course,
    courseSubject: z.string().optional(),
    courseSubjectId: f.courseSubjectId,
    name: f.name,
    nameInTamil: f.nameInTamil,
    gender: f.gender,
    dob: f.dob,
    bloodGroup: f.bloodGroup,
    community: f.community,
    caste: f.caste,
    nationality: f.nationality,
    religion: f.religion,
    motherTongue: f.motherTongue,
    aadharNo: f.aadharNo,
    fatherName: f.fatherName,
    motherName: f.motherName,
    occupation: f.occupation,
    annualIncome: f.annualIncome,
    physicalChallengeDetails: yesNoField,
    physicalChallenge: optionalText,
    exServiceMan: yesNoField,
    tnOriginAndaman: yesNoField,
    distinctionInSportsDetails: yesNoField,
    distinctionInSports: optionalText,
    hostelRequired: yesNoField.optional(),
    transportMode: f.transportMode,
    referralName: optionalText,
    emisNo: f.emisNo,
    whatsappNo: f.whatsappNo,
    fatherNo: f.fatherNo,
    motherNo: f.motherNo,
    email: f.email,
    // Checked whole below, each missing part with its own field's message.
    addressDetails: z.unknown().optional(),
    examDetails: z.unknown().optional(),
    marksDetails: z.array(z.unknown()).max(maxMarkRows).default([]),
    photoUrl: photoField,
    marksheetCertificateUrl: documentField,
    transferCertificateUrl: documentField,
    communityCertificateUrl: documentField,
    conductCertificateUrl: documentField,
    specialCertificateUrl: documentField,
    aadharImageUrl: documentField,
    declaration: z.boolean().optional(),
  })
  .transform((input, ctx) => {
    const ug = isUnderGraduate(input.course);
    const address = addressDetailsSchema.safeParse(input.addressDetails ?? {});
    if (!address.success) forwardIssues(ctx, ["addressDetails"], address.error);

    const exam = (ug ? ugExamDetailsSchema : pgExamDetailsSchema).safeParse(input.examDetails ?? {});
    if (!exam.success) forwardIssues(ctx, ["examDetails"], exam.error);
    const appeared = ug && exam.success && (exam.data as UgExamDetails).tweleveStatus === "APPEARED";

    // Marks are entered for a passed HSC (SPEC.md), and optionally for a PG applicant's degree.
    const rawRows = appeared ? [] : copyFirstRowDetails(input.marksDetails as { passingYear?: string; registerNo?: string }[]);
    const rows: MarkRow[] = [];
    // An HSC's rows are each out of the share of its maximum SPEC.md gives (100 of 600, 200 of 1200),
    // which the form fills in: other max marks would make the percentage staff rank by meaningless.
    const hscRowMax = ug && exam.success ? rowMaxMark((exam.data as UgExamDetails).maxMarkInTweleve) : undefined;
    const subjects = rawRows.map((raw) => (raw as { subject?: unknown } | null)?.subject);
    rawRows.forEach((raw, index) => {
      const row = markRowSchema.safeParse(raw);
      if (!row.success) forwardIssues(ctx, ["marksDetails", index], row.error);
      else if (hscRowMax !== undefined && row.data.maxMark !== hscRowMax)
        ctx.addIssue({ code: "custom", path: ["marksDetails", index, "maxMark"], message: messages.maxMarkNotOfHsc });
      else if (isRepeatedSubject(subjects, index)) ctx.addIssue({ code: "custom", path: ["marksDetails", index, "subject"], message: messages.subjectRepeated });
      else rows.push(row.data);
    });
    if (ug && !appeared && rawRows.length < 5) ctx.addIssue({ code: "custom", path: ["marksDetails"], message: messages.marksRowsRequired });

    if (input.physicalChallengeDetails === "yes" && !input.physicalChallenge)
      ctx.addIssue({ code: "custom", path: ["physicalChallenge"], message: messages.specifyRequired });
    if (input.distinctionInSportsDetails === "yes" && !input.distinctionInSports)
      ctx.addIssue({ code: "custom", path: ["distinctionInSports"], message: messages.specifyRequired });

    if (!input.photoUrl) ctx.addIssue({ code: "custom", path: ["photoUrl"], message: messages.photoRequired });
    if (!appeared && !input.marksheetCertificateUrl)
      ctx.addIssue({ code: "custom", path: ["marksheetCertificateUrl"], message: messages.marksheetRequired });
    if (!input.aadharImageUrl) ctx.addIssue({ code: "custom", path: ["aadharImageUrl"], message: messages.aadharImageRequired });
    if (input.declaration !== true) ctx.addIssue({ code: "custom", path: ["declaration"], message: messages.agreementRequired });

    if (!address.success || !exam.success) return z.NEVER;
    const { declaration: _declaration, addressDetails: _address, examDetails: _exam, marksDetails: _marks, ...rest } = input;
    // Added to the copy rather than spread with it into a new object: spreading those fifty fields
    // again was the costliest part of the server's check of a save (docs/PERFORMANCE.md, thirty-fourth round).
    return Object.assign(rest, {
      courseId: ug ? 1 : 2,
      age: ageOn(input.dob) ?? 0,
      physicalChallenge: input.physicalChallengeDetails === "yes" ? input.physicalChallenge : "",
      distinctionInSports: input.distinctionInSportsDetails === "yes" ? input.distinctionInSports : "",
      hostelRequired: input.gender === "female" ? (input.hostelRequired ?? "no") : "no",
      addressDetails: address.data,
      examDetails: exam.data,
      marksDetails: rows,
      ...markTotals(rows),
    });
  });

export type AdmissionInput = z.input<typeof admissionSchema>;
export type Admission = z.output<typeof admissionSchema>;

/** A draft is whatever the applicant has typed so far: kept as given, bounded in size by the server. */
export const admissionDraftSchema = z.record(z.string(), z.unknown());

/**
 * GET admission, applicationStatus and applicationDecision: whose application; the reader's own
 * without one (staff name an applicant by e-mail).
 */
export const applicantQuerySchema = z.object({ userName: z.string().trim().toLowerCase().optional() });
