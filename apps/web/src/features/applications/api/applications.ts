import type { ApplicationList } from "@admissions/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { apiPaths } from "../../../lib/paths";
import { sharedKeys } from "../../../lib/query-keys";

/** The staff list for a query string taken as-is from the page's URL (pageNo, filters, sort). */
export function useApplications(query: string) {
  return useQuery({
    queryKey: [...sharedKeys.applications, query],
    queryFn: async () => (await apiRequest<ApplicationList>(apiPaths.applications(query))).data,
    placeholderData: keepPreviousData,
  });
}
