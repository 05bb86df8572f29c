import { documentFieldNames, markRowLabels, rowMaxMark } from "@admissions/shared";
import type { AdmissionDraft, StoredAdmission } from "../api/form-reads";

export const LOCAL_DRAFT_KEY = "admissionData";

export function blankAdmission(email: string | undefined): Record<string, unknown> {
  return {
    email,
    nationality: "INDIAN",
    physicalChallengeDetails: "no",
    exServiceMan: "no",
    tnOriginAndaman: "no",
    distinctionInSportsDetails: "no",
    hostelRequired: "no",
    examDetails: { tweleveStatus: "PASSED", isPassedEleventh: "yes", govtSchool: "no", maxMarkInTweleve: 600 },
    marksDetails: markRowLabels.map(() => ({ maxMark: rowMaxMark(600), noOfAttempts: 1 })),
  };
}

/** The form's values from the stored application, without what the office keeps beside them. */
export function formValuesOf(stored: StoredAdmission): Record<string, unknown> {
  const { applicationNo: _no, applicationStatus: _status, paymentStatus: _payment, paymentRefNo: _ref, applicationFee: _fee, ...values } = stored;
  return withEveryMarkRow(values);
}

/**
 * The form's values with a row for every mark the table asks for: an application stored while the
 * result was awaited has none, and a draft may have fewer (one kept by an earlier version of the
 * form lost them all when the table was hidden), and the table draws only the rows there are.
 */
export function withEveryMarkRow(values: Record<string, unknown>): Record<string, unknown> {
  const rows = Array.isArray(values.marksDetails) ? (values.marksDetails as unknown[]) : [];
  const maxMark = rowMaxMark((values.examDetails as { maxMarkInTweleve?: number } | undefined)?.maxMarkInTweleve);
  const padded = [...rows, ...markRowLabels.slice(rows.length).map(() => ({ maxMark, noOfAttempts: 1 }))];
  return { ...values, marksDetails: padded };
}

/**
 * The draft this browser keeps for the signed-in user (the applicant, or staff entering a walk-in):
 * one left by somebody else on a shared computer is theirs, not to fill this user's form with.
 */
export function readLocalDraft(owner: string | undefined): AdmissionDraft | null {
  try {
    const draft = JSON.parse(localStorage.getItem(LOCAL_DRAFT_KEY) ?? "null") as (AdmissionDraft & { owner?: unknown }) | null;
    if (!draft || draft.owner !== owner || typeof draft.savedAt !== "number" || typeof draft.values !== "object") return null;
    const { owner: _owner, ...own } = draft;
    return own;
  } catch {
    return null;
  }
}

export function writeLocalDraft(draft: AdmissionDraft, owner: string | undefined): void {
  localStorage.setItem(LOCAL_DRAFT_KEY, JSON.stringify({ ...draft, owner }));
}

export function clearLocalDraft(): void {
  localStorage.removeItem(LOCAL_DRAFT_KEY);
}

/** The newer of the two drafts: the applicant may have gone on from another device. */
export function newestDraft(...drafts: (AdmissionDraft | null)[]): AdmissionDraft | null {
  return drafts.filter((draft): draft is AdmissionDraft => !!draft).sort((a, b) => b.savedAt - a.savedAt)[0] ?? null;
}

const contactFields = new Set(["whatsappNo", "fatherNo", "motherNo", "email"]);
const uploadStepFields = new Set<string>([...documentFieldNames, "declaration"]);

/** Which step shows a field, so an error found at the end can be shown where it is fixed. */
export function stepOfField(path: string): number {
  const [head = ""] = path.split(".");
  if (head === "addressDetails" || contactFields.has(head)) return 1;
  if (head === "examDetails" || head === "marksDetails") return 2;
  if (uploadStepFields.has(head)) return 3;
  return 0;
}

/** A dotted path (`marksDetails.0.markSecured`) as an Ant Design field name. */
export function fieldNameOf(path: string): (string | number)[] {
  return path.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}
