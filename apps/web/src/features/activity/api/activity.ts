import type { ActivityPage } from "@admissions/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { apiPaths } from "../../../lib/paths";

/** A page of the activity log for a query string built from the page's URL (pageNo, filters). */
export function useActivityLog(query: string) {
  return useQuery({
    queryKey: ["activity", "page", query],
    queryFn: async () => (await apiRequest<ActivityPage>(apiPaths.activity(query))).data,
    placeholderData: keepPreviousData,
  });
}

/** The action names the log holds, for the action filter. */
export function useActivityActions() {
  return useQuery({
    queryKey: ["activity", "actions"],
    queryFn: async () => (await apiRequest<string[]>(apiPaths.activityActions)).data,
  });
}
