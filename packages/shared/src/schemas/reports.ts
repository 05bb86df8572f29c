import { z } from "zod";
import { isRecordedDay } from "../rules/admission.js";
import { dayRangeInOrder, dayRangeReversed, timeZoneField } from "./activity.js";
import { applicationFilterShape } from "./applications.js";

/**
 * GET exportApplication: the staff list's filters without paging or order. The export walks the
 * matching applications by id (keyset batches), so its rows come oldest first whatever the list shows.
 */
export const applicationExportQuerySchema = z.object(applicationFilterShape).refine(dayRangeInOrder, dayRangeReversed);
export type ApplicationExportQuery = z.input<typeof applicationExportQuerySchema>;

/** Without a date range, the daily chart shows this many days up to today. */
export const DASHBOARD_DEFAULT_DAYS = 30;
/** One point a day: a longer range would be a chart nobody can read and an answer nobody needs. */
export const DASHBOARD_MAX_DAYS = 366;

export const dashboardMessages = {
  dateInvalid: "Enter the date as YYYY-MM-DD!",
  rangeReversed: "The start date must be on or before the end date.",
  rangeTooLong: `Choose a date range of at most ${DASHBOARD_MAX_DAYS} days.`,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of a moment: day arithmetic on YYYY-MM-DD strings. */
export function isoDay(moment: Date = new Date()): string {
  return moment.toISOString().slice(0, 10);
}

/** One formatter a zone: making one costs far more than formatting with it, and a save dates each new application. */
const calendars = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day (YYYY-MM-DD) a moment falls on in a time zone: an application sent at 00:30 on
 * 1 July in India is dated 1 July, where the UTC day is 30 June.
 */
export function dayIn(timeZone: string, moment: Date = new Date()): string {
  let calendar = calendars.get(timeZone);
  if (!calendar) {
    calendar = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    calendars.set(timeZone, calendar);
  }
  return calendar.format(moment);
}

/** The calendar year a moment falls in, in a time zone. */
export function yearIn(timeZone: string, moment: Date = new Date()): number {
  return Number(dayIn(timeZone, moment).slice(0, 4));
}

export function addDays(day: string, days: number): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** Days from `from` to `to`, both counted; 0 when `to` comes first. */
export function daysInRange(from: string, to: string): number {
  return Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1);
}

const earlier = (a: string, b: string) => (a < b ? a : b);
const later = (a: string, b: string) => (a > b ? a : b);

/**
 * The days the daily chart covers: the chosen range; without a start, the 30 days up to the chosen
 * end (today by default); without an end, 30 days from the start but not past today, since the days
 * to come have no applications yet.
 */
export function perDayPeriod(range: { dateFrom?: string; dateTo?: string }, today: string = isoDay()): { dateFrom: string; dateTo: string } {
  if (range.dateFrom && range.dateTo) return { dateFrom: range.dateFrom, dateTo: range.dateTo };
  if (range.dateFrom) return { dateFrom: range.dateFrom, dateTo: later(range.dateFrom, earlier(addDays(range.dateFrom, DASHBOARD_DEFAULT_DAYS - 1), today)) };
  const dateTo = range.dateTo ?? today;
  return { dateFrom: addDays(dateTo, 1 - DASHBOARD_DEFAULT_DAYS), dateTo };
}

/** A day that exists, from 1900 on as the lists' calendarDay, with the dashboard's own message. */
const realDay = z.string().refine(isRecordedDay, dashboardMessages.dateInvalid);

/** GET dashboard: an optional range of application dates; every figure counts the applications in it. */
export const dashboardQuerySchema = z
  /** timeZone: the zone whose days the range means for term fees, which are counted by when they were paid. */
  .object({ dateFrom: realDay.optional(), dateTo: realDay.optional(), timeZone: timeZoneField })
  .refine((range) => !range.dateFrom || !range.dateTo || range.dateFrom <= range.dateTo, { path: ["dateTo"], message: dashboardMessages.rangeReversed })
  .refine((range) => !range.dateFrom || !range.dateTo || daysInRange(range.dateFrom, range.dateTo) <= DASHBOARD_MAX_DAYS, {
    path: ["dateTo"],
    message: dashboardMessages.rangeTooLong,
  });
export type DashboardQuery = z.input<typeof dashboardQuerySchema>;

const count = z.number().int().nonnegative();

export const dashboardSchema = z.object({
  /** The days `perDay` covers (see perDayPeriod). */
  period: z.object({ dateFrom: z.string(), dateTo: z.string() }),
  /** Every day of the period, with 0 where nobody applied. */
  perDay: z.array(z.object({ date: z.string(), count })),
  /** In the lifecycle's order; statuses nobody has are left out. */
  byStatus: z.array(z.object({ status: z.string(), count })),
  byCourse: z.array(z.object({ course: z.string(), count })),
  /** Most applications first. */
  byDegree: z.array(z.object({ degree: z.string(), count })),
  /**
   * Application fees paid through the gateway for these applications (staff-entered ones pay at the
   * office), and term fees paid online or at the office on the range's days, with how many payments.
   */
  feesCollected: z.object({ applicationFees: z.number().nonnegative(), count, termFees: z.number().nonnegative(), termFeeCount: count }),
  totals: z.object({
    applications: count,
    /** Complete: the fee paid or the application entered by staff, whatever was decided since. */
    submitted: count,
    approved: count,
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
