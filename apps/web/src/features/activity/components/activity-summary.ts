import {
  activityActions,
  gatewayRefusals,
  type ActivityAction,
  type ActivityEntry,
  type ActivityNamedDetails,
  type FeeTermNamed,
} from "@admissions/shared";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { isolated } from "../../../lib/bidi";
import { yesNoLabel } from "../../../lib/choice-labels";
import { feeModeName } from "../../fees/lib/fee-terms";

type Details = Record<string, unknown>;

/**
 * An action's details as they may come: what its sentence names (`@admissions/shared`'s
 * ActivityNamedDetails), any of it missing from an entry written before it was recorded. The
 * values' types are checked as they are read, as the log keeps whatever was written.
 */
type DetailsAsKept<A extends ActivityAction> = Partial<ActivityNamedDetails[A]>;

/** An entry's sentence's values, and under `context` which variant of it (i18next's context) reads right. */
type SummaryValues = Record<string, string | number | undefined>;

/**
 * What one action's sentence is made of, read from the entry's details; undefined when an entry
 * written before the details held it lacks something, and the server's English sentence is shown.
 */
type ValuesOf<A extends ActivityAction> = (details: DetailsAsKept<A>, entry: ActivityEntry, t: TFunction) => SummaryValues | undefined;

const isValue = (value: unknown): value is string | number => typeof value === "string" || typeof value === "number";

/** The named details as they are, if every one is there. */
function valuesIn<D>(details: Partial<D>, names: readonly (keyof D & string)[]): SummaryValues | undefined {
  const values: SummaryValues = {};
  for (const name of names) {
    const value = (details as Details)[name];
    if (!isValue(value)) return undefined;
    values[name] = value;
  }
  return values;
}

/** A sentence of the named details alone; the action's type says which names it has. */
const just =
  <D>(...names: (keyof D & string)[]) =>
  (details: Partial<D>) =>
    valuesIn(details, names);

/** A decision's values, told too when it withdrew an admission (the student record went Cancelled). */
const withdrawing =
  <D extends { admissionWithdrawn?: boolean }>(values: (details: Partial<D>) => Record<string, unknown> | undefined) =>
  (details: Partial<D>) => {
    const found = values(details);
    return found && { ...found, context: details.admissionWithdrawn === true ? "withdrawn" : undefined };
  };

/** `FART-Y1T1 (year 1, term 1)`: a fee term as the fee screens name it. */
function termOf(details: Partial<FeeTermNamed>, t: TFunction): string | undefined {
  const term = valuesIn(details, ["feeCode", "academicYear", "termNo"]);
  return term && t("activity.summaryParts.term", { feeCode: term.feeCode, yearAndTerm: t("students.yearTermN", { year: term.academicYear, term: term.termNo }) });
}

/** With the term's name added: the sentences of the fee payments. */
const withTerm =
  <D extends FeeTermNamed>(...names: (keyof D & string)[]) =>
  (details: Partial<D>, _entry: ActivityEntry, t: TFunction): SummaryValues | undefined => {
    const values = valuesIn(details, names);
    const term = termOf(details, t);
    return values && term ? { ...values, term } : undefined;
  };

/** A staff account's role, state and degrees, as the users' screen names them. */
function accessOf(access: unknown, t: TFunction): string | undefined {
  if (!access || typeof access !== "object") return undefined;
  const { role, isActive, degreeIds, degrees } = access as Details;
  if (typeof role !== "string" || typeof isActive !== "boolean" || !Array.isArray(degreeIds)) return undefined;
  // By name where the entry keeps them; an older entry has only the ids.
  const named = Array.isArray(degrees) && degrees.length === degreeIds.length ? degrees : degreeIds;
  return t("activity.summaryParts.access", {
    role: t(`users.roleNames.${role}`, { defaultValue: role }),
    state: t(isActive ? "activity.summaryParts.active" : "activity.summaryParts.disabled"),
    context: degreeIds.length > 0 ? "degrees" : undefined,
    degrees: named.join(t("activity.summaryParts.listSeparator")),
  });
}

/** "Name UG → UNDER GRADUATE; Active Yes → No": what an edit changed, each field named in the chosen language. */
function changesOf(before: unknown, after: unknown, t: TFunction): string | undefined {
  if (!before || !after || typeof before !== "object" || typeof after !== "object") return undefined;
  const show = (field: string, value: unknown) => {
    if (typeof value === "boolean") return yesNoLabel(t, value ? "yes" : "no");
    if (field === "status" && typeof value === "string") return t(`students.statuses.${value}`, { defaultValue: value });
    return value === null || value === undefined || value === "" ? "-" : String(value);
  };
  const changed = Object.entries(after as Details)
    .filter(([field, value]) => (before as Details)[field] !== value)
    .map(([field, value]) =>
      t("activity.summaryParts.change", {
        field: t(`activity.detailNames.${field}`, { defaultValue: field }),
        from: show(field, (before as Details)[field]),
        to: show(field, value),
      }),
    );
  return changed.length > 0 ? changed.join(t("activity.summaryParts.changeSeparator")) : undefined;
}

const fileTypes: Record<string, string> = { "application/pdf": "PDF", "image/jpeg": "JPG", "image/png": "PNG" };

/** How much the gateway's word on an order was about, and whether its return or our status call brought it. */
const settledPayment: ValuesOf<"payment.success"> = (details, _entry, t) => {
  const values = valuesIn(details, ["amount", "settledBy"]);
  return values && { amount: values.amount, via: t(`activity.summaryParts.settledBy.${values.settledBy}`, { defaultValue: String(values.settledBy) }) };
};

/** Either kind of money kept to refund: paid for an application or for a fee term. */
type RefundDueAsKept = Partial<{ amount: string; feeNow: string; application: string } & FeeTermNamed>;

/** Money the gateway took that pays nothing: for which application or fee term, and how much. */
function refundDueValues(details: RefundDueAsKept, t: TFunction, names: "feeNow"[]): SummaryValues | undefined {
  const values = valuesIn(details, ["amount", ...names]);
  const paidFor =
    typeof details.application === "string"
      ? t("activity.summaryParts.application", { applicationNo: details.application })
      : termOf(details, t);
  return values && paidFor ? { ...values, paidFor } : undefined;
}

const nothingNamed = () => ({});

/** Each action the server writes and what its sentence needs (the catalogues' activity.summaries). */
const summaryValues: { [A in ActivityAction]: ValuesOf<A> } = {
  "user.signin": nothingNamed,
  "user.signout": nothingNamed,
  "user.signup": nothingNamed,
  "user.password_reset_requested": nothingNamed,
  "user.password_reset": nothingNamed,
  "user.passwordResetSent": just("userName"),
  "user.first_admin": (details) => {
    const values = valuesIn(details, ["userName"]);
    return values && { ...values, context: details.promoted === true ? "promoted" : undefined };
  },
  "user.created": (details, _entry, t) => {
    const access = accessOf(details, t);
    return typeof details.userName === "string" && access ? { userName: details.userName, access } : undefined;
  },
  "user.updated": (details, _entry, t) => {
    const from = accessOf(details.from, t);
    const to = accessOf(details.to, t);
    return typeof details.userName === "string" && from && to ? { userName: details.userName, from, to } : undefined;
  },
  "application.submitted": just("paymentOrder"),
  "application.updated": just("paymentOrder"),
  "application.offline_entry": (details) => {
    const values = valuesIn(details, ["userName"]);
    return values && { ...values, context: details.newAccount === true ? "newAccount" : undefined };
  },
  "application.marks_entered": just("totalMarkPercent"),
  "application.approved": just("applicantName", "admissionNo"),
  "application.transferred": withdrawing(just("applicantName", "fromDegree", "toDegree")),
  "application.cancelled": withdrawing(just("applicantName")),
  "application.rejected": withdrawing(just("applicantName")),
  "application.exported": just("rows"),
  "upload.saved": (details) => {
    const values = valuesIn(details, ["contentType", "sizeBytes", "owner"]);
    if (!values) return undefined;
    const contentType = String(values.contentType);
    return { fileType: fileTypes[contentType] ?? contentType, size: Math.ceil(Number(values.sizeBytes) / 1024), owner: values.owner };
  },
  "payment.success": settledPayment,
  "payment.failure": settledPayment,
  "payment.aborted": settledPayment,
  "payment.rejected": (details, _entry, t) => {
    const { refusal } = details;
    // An entry written before the refusal was named has the server's English reason only.
    if (!refusal || !gatewayRefusals.includes(refusal)) return undefined;
    return { reason: t(`activity.summaryParts.refusals.${refusal}`, details) };
  },
  "payment.duplicate": (details, _entry, t) => refundDueValues(details, t, []),
  "payment.amount_changed": (details, _entry, t) => refundDueValues(details, t, ["feeNow"]),
  "payment.refunded": (details, entry) => {
    const values = valuesIn(details, ["amount", "reference"]);
    return values && entry.entityId ? { ...values, orderId: entry.entityId } : undefined;
  },
  "course.created": just("name", "applicationFee"),
  "course.updated": (details, _entry, t) => {
    const changes = changesOf(details.before, details.after, t);
    return typeof details.course === "string" && changes ? { course: details.course, changes } : undefined;
  },
  "degree.created": just("name", "course"),
  "degree.updated": (details, _entry, t) => {
    const values = valuesIn(details, ["degree", "course"]);
    const changes = changesOf(details.before, details.after, t);
    return values && changes ? { ...values, changes } : undefined;
  },
  "feeStructure.updated": (details) => {
    const values = valuesIn(details, ["degree", "total"]);
    const { before, after } = details;
    return values && Array.isArray(before) && Array.isArray(after) ? { ...values, termsBefore: before.length, termsAfter: after.length } : undefined;
  },
  "academic.year_closed": (details) => {
    const values = valuesIn(details, ["course", "year", "next", "moved", "completed"]);
    // "2026-27": the year the close ends and the one it opens.
    return values && { ...values, next: String(values.next).slice(-2) };
  },
  "fee.exported": just("rows"),
  "fee.paid_online": withTerm("amount", "orderId"),
  "fee.payment_started": withTerm("amount"),
  "fee.recorded_offline": (details, entry, t) => {
    const values = withTerm<ActivityNamedDetails["fee.recorded_offline"]>("amount", "admissionNo", "mode")(details, entry, t);
    return values && { ...values, mode: feeModeName(t, String(values.mode)) };
  },
  "fee.cancelled": (details, entry, t) => {
    const values = withTerm<ActivityNamedDetails["fee.cancelled"]>("amount", "admissionNo", "mode", "reason")(details, entry, t);
    // The reason is typed in any language: set apart, as the receipt number is, from the sentence's direction.
    return values && entry.entityId ? { ...values, receiptNo: isolated(entry.entityId), reason: isolated(String(values.reason)), mode: feeModeName(t, String(values.mode)) } : undefined;
  },
  "fee.held_payment_applied": (details, entry, t) => {
    const values = withTerm<ActivityNamedDetails["fee.held_payment_applied"]>("amount", "orderId", "cancelledReceipt")(details, entry, t);
    return values && entry.entityId ? { ...values, receiptNo: isolated(entry.entityId), cancelledReceipt: isolated(String(values.cancelledReceipt)) } : undefined;
  },
  "student.updated": (details, entry, t) => {
    const changes = changesOf(details.from, details.to, t);
    if (!changes || !entry.entityId) return undefined;
    const feeTerms = typeof details.feeTermsCreated === "number" ? details.feeTermsCreated : 0;
    return { admissionNo: entry.entityId, changes, feeTerms, context: feeTerms > 0 ? "feeTerms" : undefined };
  },
  "students.imported": just("fileName", "importedRows", "skippedRows"),
};

/** The actions the screen words itself; any other is shown with the server's own sentence. */
export const summarisedActions = Object.keys(summaryValues);

const isKnownAction = (action: string): action is ActivityAction => (activityActions as string[]).includes(action);

/**
 * An entry's summary in t's language, from its action and details. The server also writes it in
 * English, which is shown for an action this screen does not know yet and for an entry written
 * before its details held everything the sentence names.
 */
export function activitySummary(entry: ActivityEntry, t: TFunction): string {
  if (!isKnownAction(entry.action)) return entry.summary;
  // Each action's words are typed with its own details; the log's entry is any action's.
  const valuesOf = summaryValues[entry.action] as ValuesOf<ActivityAction>;
  const values = valuesOf((entry.details ?? {}) as DetailsAsKept<ActivityAction>, entry, t);
  return values ? t(`activity.summaries.${entry.action}`, values) : entry.summary;
}

/** activitySummary in the chosen language. */
export function useActivitySummary() {
  const { t } = useTranslation();
  return (entry: ActivityEntry) => activitySummary(entry, t);
}
