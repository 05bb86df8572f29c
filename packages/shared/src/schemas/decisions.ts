import { z } from "zod";
import { limits } from "../constants/limits.js";
import { messages } from "../messages.js";
import { applicationListItemSchema } from "./applications.js";
import { recordId } from "./record-id.js";

/** SPEC.md section 4: the statuses staff set on an application, from any status. */
export const decisionStatuses = ["Approved", "Transferred", "Cancelled", "Rejected"] as const;
export type DecisionStatus = (typeof decisionStatuses)[number];

/** Each field of a decision with its own rule, so the review screen checks a field as the server does. */
export const decisionFields = {
  /** SPEC.md section 5: the remarks are required and at most 100 characters ('Enter Remarks'). */
  message: z
    .string({ error: messages.remarksRequired })
    .trim()
    .min(1, messages.remarksRequired)
    .max(limits.remarksMaxLength, messages.remarksRequired),
  status: z.enum(decisionStatuses),
  applicationNo: z.string().trim().min(1).max(40),
  /**
   * The application's status as the deciding screen showed it, when it says: a decision made on a
   * screen that another's decision has outdated is refused rather than applied over theirs.
   */
  expectedStatus: z.string().trim().min(1).max(40).optional(),
  /** The degree a Transferred application moves to; a cleared select (null or '') counts as none. */
  degreeId: z.preprocess(
    (value) => (value === null || value === "" ? undefined : value),
    recordId(messages.degreeRequired).optional(),
  ),
};

/** POST applicationStatus: SPEC.md's status update body (message, status, applicationNo) plus the transfer's degree. */
export const applicationDecisionSchema = z.object(decisionFields).superRefine((decision, context) => {
  if (decision.status === "Transferred" && decision.degreeId === undefined) {
    context.addIssue({ code: "custom", path: ["degreeId"], message: messages.degreeRequired });
  }
});
export type ApplicationDecisionInput = z.input<typeof applicationDecisionSchema>;
export type ApplicationDecision = z.output<typeof applicationDecisionSchema>;

/** GET applicationHistory: which application. */
export const applicationNoQuerySchema = z.object({ applicationNo: decisionFields.applicationNo });

/** GET sameAadhaar: the applications sharing this application's number, or (a walk-in being entered) this number. */
export const sameAadhaarQuerySchema = z
  .object({ applicationNo: decisionFields.applicationNo.optional(), aadharNo: z.string().regex(/^\d{12}$/).optional() })
  .refine((query) => (query.applicationNo === undefined) !== (query.aadharNo === undefined), "Give applicationNo or aadharNo");

/** One decision as the review screen lists it; degrees by name, `at` as an ISO timestamp. */
export const decisionHistoryEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The staff member's user name; null once their account is gone. */
  actorName: z.string().nullable(),
  fromStatus: z.string(),
  toStatus: z.string(),
  fromDegree: z.string().nullable(),
  toDegree: z.string().nullable(),
  remarks: z.string(),
});
export type DecisionHistoryEntry = z.infer<typeof decisionHistoryEntrySchema>;

/** The decisions on one application, newest first. */
export const decisionHistorySchema = z.array(decisionHistoryEntrySchema);
export type DecisionHistory = z.infer<typeof decisionHistorySchema>;

/**
 * GET applicationDecision: the latest decision on an application as its applicant is told it (the
 * decision e-mail's facts: the status, the degree it leaves the application in, the remarks), or null
 * before any. Staff names stay with the office's history.
 */
export const latestDecisionSchema = z
  .object({
    at: z.string(),
    status: z.string(),
    degree: z.string().nullable(),
    remarks: z.string(),
  })
  .nullable();
export type LatestDecision = z.infer<typeof latestDecisionSchema>;

/**
 * GET sameAadhaar: the other applications whose form gives the same Aadhaar number, as the staff
 * list shows them, those of the reader's degrees only, oldest first and at most 20; `notListed`
 * counts the reader's past those, `outOfScope` those of other degrees.
 */
export const sameAadhaarSchema = z.object({
  applications: z.array(applicationListItemSchema),
  notListed: z.number().int(),
  outOfScope: z.number().int(),
});
export type SameAadhaar = z.infer<typeof sameAadhaarSchema>;
