import { isUnderGraduate, type documentFieldNames, type MarkRow, type PgExamDetails, type UgExamDetails } from "@admissions/shared";
import type { TFunction } from "i18next";
import { choiceLabel, isChoiceField } from "../../../lib/choice-labels";
import type { ReviewedApplication } from "../api/review";

/** One fact of the application; the screen and the printed form each decide how to show it. */
export interface DetailField {
  label: string;
  /** As stored, but a fixed choice (gender, religion, HSC result...) in the interface's language. */
  value: string;
  /** A yes/no answer: shown in words, printed as YES or NO (SPEC.md: empty prints NO). */
  yesNo?: boolean;
  /** What a yes answer specifies (the disability, the sport). */
  detail?: string;
  /** Printed as given rather than upper-cased (names in Tamil, dates, e-mail). */
  asGiven?: boolean;
}

export interface DetailSection {
  key: "student" | "contact" | "exam" | "degree";
  title: string;
  fields: DetailField[];
}

const text = (value: unknown) => (value === undefined || value === null ? "" : String(value));

/** SPEC.md's review sections in order: Student Detail, Contact Detail, then Exam Detail (UG) or Degree Detail (PG). */
export function applicationSections(application: ReviewedApplication, t: TFunction): DetailSection[] {
  const field = (key: string, value: unknown, options: Omit<DetailField, "label" | "value"> = {}): DetailField => ({
    label: t(`admission.${key}`),
    value: isChoiceField(key) && value ? choiceLabel(t, key, String(value)) : text(value),
    ...options,
  });
  const address = application.addressDetails;

  const sections: DetailSection[] = [
    {
      key: "student",
      title: t("review.sections.student"),
      fields: [
        field("name", application.name),
        field("nameInTamil", application.nameInTamil, { asGiven: true }),
        field("gender", application.gender),
        field("dob", application.dob, { asGiven: true }),
        field("age", application.age),
        field("bloodGroup", application.bloodGroup, { asGiven: true }),
        field("community", application.community),
        field("caste", application.caste),
        field("nationality", application.nationality),
        field("religion", application.religion),
        field("motherTongue", application.motherTongue),
        field("aadharNo", application.aadharNo),
        field("fatherName", application.fatherName),
        field("motherName", application.motherName),
        field("occupation", application.occupation),
        field("annualIncome", application.annualIncome),
        field("physicalChallengeDetails", application.physicalChallengeDetails, { yesNo: true, detail: application.physicalChallenge }),
        field("exServiceMan", application.exServiceMan, { yesNo: true }),
        field("tnOriginAndaman", application.tnOriginAndaman, { yesNo: true }),
        field("distinctionInSportsDetails", application.distinctionInSportsDetails, { yesNo: true, detail: application.distinctionInSports }),
        field("hostelRequired", application.hostelRequired, { yesNo: true }),
        field("transportMode", application.transportMode),
        field("referralName", application.referralName),
        field("emisNo", application.emisNo),
      ],
    },
    {
      key: "contact",
      title: t("review.sections.contact"),
      fields: [
        field("doorNo", address?.doorNo),
        field("streetName", address?.streetName),
        field("village", address?.village),
        field("post", address?.post),
        field("taluk", address?.taluk),
        field("district", address?.district),
        field("state", address?.state),
        field("pincode", address?.pincode),
        field("whatsappNo", application.whatsappNo),
        field("fatherNo", application.fatherNo),
        field("motherNo", application.motherNo),
        field("email", application.email, { asGiven: true }),
      ],
    },
  ];

  if (isUnderGraduate(application.course)) {
    const exam = (application.examDetails ?? {}) as Partial<UgExamDetails>;
    sections.push({
      key: "exam",
      title: t("review.sections.exam"),
      fields: [
        field("examPassed", exam.examPassed),
        field("boardOfStudy", exam.boardOfStudy),
        field("mediumOfStudy", exam.mediumOfStudy),
        field("schoolName", exam.schoolName),
        field("schoolPlace", exam.schoolPlace),
        field("maxMarkInTweleve", exam.maxMarkInTweleve),
        field("isPassedEleventh", exam.isPassedEleventh, { yesNo: true }),
        field("tweleveStatus", exam.tweleveStatus),
        field("govtSchool", exam.govtSchool, { yesNo: true }),
        // None while the result is awaited: the 0 stored then is not a mark.
        field("totalMarks", exam.tweleveStatus === "APPEARED" ? null : application.totalMarks),
        field("totalMarkPercent", exam.tweleveStatus === "APPEARED" ? null : application.totalMarkPercent),
      ],
    });
  } else {
    const exam = (application.examDetails ?? {}) as Partial<PgExamDetails>;
    sections.push({
      key: "degree",
      title: t("review.sections.degree"),
      fields: (["nameOfDegree", "mainSubject", "mediumOfStudy", "universityName", "collegeName", "collegePlace", "yearOfStudy"] as const).map((key) =>
        field(key, exam[key]),
      ),
    });
  }
  return sections;
}

/**
 * SPEC.md: the Mark Detail table is left out while the HSC result is awaited (tweleveStatus APPEARED).
 * A PG applicant's marks are optional, so their table shows only when some were entered.
 */
export function showsMarks(application: ReviewedApplication): boolean {
  if (!isUnderGraduate(application.course)) return application.marksDetails.length > 0;
  return (application.examDetails as Partial<UgExamDetails> | undefined)?.tweleveStatus !== "APPEARED";
}

/** SPEC.md's mark row for review, each column with its catalogue label. */
export const markColumns: readonly { key: keyof MarkRow; label: string }[] = [
  { key: "subject", label: "admission.subject" },
  { key: "markSecured", label: "admission.markSecured" },
  { key: "maxMark", label: "admission.maxMark" },
  { key: "passingYear", label: "admission.passingYear" },
  { key: "registerNo", label: "admission.registerNo" },
  { key: "noOfAttempts", label: "review.noOfAttempts" },
];

/** The seven documents of SPEC.md with their catalogue labels (admission.documents.*). */
export const documentLabels: Record<(typeof documentFieldNames)[number], string> = {
  photoUrl: "photo",
  marksheetCertificateUrl: "marksheet",
  transferCertificateUrl: "transferCertificate",
  communityCertificateUrl: "communityCertificate",
  conductCertificateUrl: "conductCertificate",
  specialCertificateUrl: "specialCertificate",
  aadharImageUrl: "aadharImage",
};
