import type { SameAadhaar } from "@admissions/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "./api-client";
import { apiPaths } from "./paths";

/** Whose number: an application's, or (a walk-in being entered) a number typed. */
export type SameAadhaarQuery = { applicationNo: string } | { aadharNo: string };

/** The (other) applications made with the Aadhar number, as staff may see them. */
export function useSameAadhaar(query: SameAadhaarQuery) {
  return useQuery({
    queryKey: ["sameAadhaar", query],
    queryFn: async () => (await apiRequest<SameAadhaar>(apiPaths.sameAadhaar(query))).data,
  });
}
