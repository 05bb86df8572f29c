import type { Dashboard } from "@admissions/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { apiPaths } from "../../../lib/paths";
import { browserTimeZone } from "../../../lib/time-zone";

/** The staff dashboard's figures for a date range (dateFrom, dateTo; either may be left out); not asked while the range is invalid. */
export function useDashboard(range: { dateFrom?: string; dateTo?: string }, enabled: boolean) {
  const query = new URLSearchParams();
  if (range.dateFrom) query.set("dateFrom", range.dateFrom);
  if (range.dateTo) query.set("dateTo", range.dateTo);
  query.set("timeZone", browserTimeZone);
  return useQuery({
    queryKey: ["dashboard", query.toString()],
    queryFn: async () => (await apiRequest<Dashboard>(apiPaths.dashboard(query.toString()))).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}
