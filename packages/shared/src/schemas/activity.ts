import { z } from "zod";
import { isRecordedDay } from "../rules/admission.js";
import { pageQuerySchema, pageSchema } from "./envelope.js";

/** A day filter of the lists: a YYYY-MM-DD text that `isRecordedDay`. */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the date as YYYY-MM-DD!")
  .refine(isRecordedDay, "Enter a real date as YYYY-MM-DD!");

export function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The IANA zone a list's days are meant in (the browser's own); UTC when absent. */
export const timeZoneField = z
  .string()
  .max(64)
  .refine(isKnownTimeZone, "Unknown time zone!")
  .default("UTC");

/** A range's end may not come before its start: the check, and where and how it is reported. */
export const dayRangeInOrder = (query: { dateFrom?: string; dateTo?: string }) => !query.dateFrom || !query.dateTo || query.dateFrom <= query.dateTo;
export const dayRangeReversed = { path: ["dateTo"], message: "The end date cannot be before the start date!" };

/** GET activity: a page of the log, newest first, with its filters. */
export const activityListQuerySchema = pageQuerySchema
  .extend({
    /** The actor's user name (e-mail), matched from its start, case-insensitively. */
    userName: z.string().trim().max(254).optional(),
    action: z.string().trim().max(100).optional(),
    /** Inclusive days, read in `timeZone`. */
    dateFrom: calendarDay.optional(),
    dateTo: calendarDay.optional(),
    timeZone: timeZoneField,
  })
  .refine(dayRangeInOrder, dayRangeReversed);
export type ActivityListQuery = z.input<typeof activityListQuerySchema>;

export const activityEntrySchema = z.object({
  id: z.number().int(),
  /** When, as an ISO 8601 instant. */
  at: z.string(),
  /** Who: the actor's user name, null for the system (the payment gateway, the scheduler). */
  actorName: z.string().nullable(),
  /** What, as `entity.verb`, e.g. `user.signin`, `payment.success`. */
  action: z.string(),
  /** Which record: its kind and its id (an application number, an order id, a user id). */
  entityType: z.string(),
  entityId: z.string().nullable(),
  summary: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
  /** The client address the change came from, when it came through a request. */
  ip: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSchema = pageSchema(activityEntrySchema);
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** GET activity/actions: the action names present in the log, for the filter. */
export const activityActionsSchema = z.array(z.string());
