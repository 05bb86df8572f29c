import { z } from "zod";
import { applicationStatuses, paymentStatuses } from "../constants/statuses.js";
import { calendarDay, dayRangeInOrder, dayRangeReversed } from "./activity.js";
import { pageQuerySchema, pageSchema } from "./envelope.js";
import { recordId } from "./record-id.js";

export const applicationSortFields = ["applicationDate", "applicationNo", "name", "totalMarkPercent", "status"] as const;

/** The staff list's filters, which its export takes too. */
export const applicationFilterShape = {
  /** Name (from its start), application number, e-mail or mobile. */
  search: z.string().trim().max(100).optional(),
  status: z.enum(applicationStatuses).optional(),
  paymentStatus: z.enum(paymentStatuses).optional(),
  courseId: recordId().optional(),
  degreeId: recordId().optional(),
  mode: z.enum(["online", "offline"]).optional(),
  /** Inclusive days of the application date. */
  dateFrom: calendarDay.optional(),
  dateTo: calendarDay.optional(),
};

/** GET admissionAll: the staff list's page, filters and order. */
export const applicationListQuerySchema = pageQuerySchema
  .extend({
    ...applicationFilterShape,
    sort: z.enum(applicationSortFields).default("applicationDate"),
    order: z.enum(["asc", "desc"]).default("desc"),
  })
  .refine(dayRangeInOrder, dayRangeReversed);
export type ApplicationListQuery = z.input<typeof applicationListQuerySchema>;

export const applicationListItemSchema = z.object({
  applicationNo: z.string(),
  userName: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  course: z.string(),
  degree: z.string(),
  applicationStatus: z.string(),
  paymentStatus: z.string(),
  isOffline: z.boolean(),
  applicationDate: z.string(),
  totalMarkPercent: z.number().nullable(),
});
export type ApplicationListItem = z.infer<typeof applicationListItemSchema>;

/** The paged shape plus how many applications match each status under the other filters. */
export const applicationListSchema = pageSchema(applicationListItemSchema).extend({
  statusCounts: z.record(z.string(), z.number().int()),
});
export type ApplicationList = z.infer<typeof applicationListSchema>;
