import { addDays, applicationStatuses, dayIn, editableApplicationStatuses, perDayPeriod, type Dashboard } from "@admissions/shared";
import type { Actor, AppContext } from "../../context.js";
import { degreeScopeOf } from "../users/degree-scope.js";
import { countDashboardFigures, type DateRange } from "./dashboard.repository.js";

/** Every day of the period, 0 where nobody applied, so the chart keeps its time axis. */
function everyDay(period: Required<DateRange>, counted: { date: string; count: number }[]): Dashboard["perDay"] {
  const byDate = new Map(counted.map((row) => [row.date, row.count]));
  const days: Dashboard["perDay"] = [];
  for (let date = period.dateFrom; date <= period.dateTo; date = addDays(date, 1)) days.push({ date, count: byDate.get(date) ?? 0 });
  return days;
}

/** The staff dashboard for the applications in the range that the actor may see. */
export async function getDashboard(ctx: AppContext, actor: Actor, range: DateRange & { timeZone: string }): Promise<Dashboard> {
  const scope = await degreeScopeOf(ctx.db, actor);
  // The chart's days are application dates, which are the college's days.
  const period = perDayPeriod(range, dayIn(ctx.settings.timeZone));
  const figures = await countDashboardFigures(ctx.db, range, period, scope);
  const lifecycleOrder = (status: string) => applicationStatuses.indexOf(status as (typeof applicationStatuses)[number]);
  const byStatus = [...figures.byStatus].sort((a, b) => lifecycleOrder(a.status) - lifecycleOrder(b.status));
  const sumOf = (rows: { count: number }[]) => rows.reduce((total, row) => total + row.count, 0);
  return {
    period,
    perDay: everyDay(period, figures.perDay),
    byStatus,
    byCourse: figures.byCourse,
    byDegree: figures.byDegree,
    feesCollected: {
      applicationFees: figures.fees.paise / 100,
      count: figures.fees.count,
      termFees: figures.termFees.paise / 100,
      termFeeCount: figures.termFees.count,
    },
    totals: {
      applications: sumOf(byStatus),
      submitted: sumOf(byStatus.filter((row) => !editableApplicationStatuses.includes(row.status))),
      approved: byStatus.find((row) => row.status === "Approved")?.count ?? 0,
    },
  };
}
