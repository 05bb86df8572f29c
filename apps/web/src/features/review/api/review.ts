import type { Admission, ApplicationDecisionInput, DecisionHistoryEntry } from "@admissions/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { apiPaths } from "../../../lib/paths";
import { refreshShared } from "../../../lib/query-keys";

/** The application as GET admission answers staff: the stored form plus the office's numbers and statuses. */
export type ReviewedApplication = Admission & {
  userName: string;
  applicationNo: string;
  /** "" until the application is approved. */
  admissionNo: string;
  applicationDate: string;
  isOffline: boolean;
  applicationStatus: string;
  paymentStatus: string;
  paymentRefNo: string | null;
  applicationFee: number;
};

/** This screen owns these keys. */
export const reviewKeys = {
  all: ["review"] as const,
  application: (userName: string) => ["review", "application", userName] as const,
  history: (applicationNo: string) => ["review", "history", applicationNo] as const,
};

/**
 * The applicant's application, or null when they have none. Forgotten as soon as the screen closes
 * (SPEC.md: Go Back clears the loaded application), so each visit reads it afresh.
 */
export function useReviewedApplication(userName: string) {
  return useQuery({
    queryKey: reviewKeys.application(userName),
    gcTime: 0,
    refetchOnMount: "always",
    queryFn: async () => (await apiRequest<ReviewedApplication | null>(apiPaths.admission(userName))).data,
  });
}

/** The decisions taken on an application, newest first. */
export function useDecisionHistory(applicationNo: string | undefined) {
  return useQuery({
    queryKey: reviewKeys.history(applicationNo ?? ""),
    enabled: !!applicationNo,
    queryFn: async () => (await apiRequest<DecisionHistoryEntry[]>(apiPaths.applicationHistory(applicationNo!))).data,
  });
}

/**
 * POST applicationStatus; afterwards the application and its history are read again (SPEC.md
 * section 4) before the caller hears of the success, and the lists it changes (applications, and the
 * student and fee terms an approval makes) when next shown.
 */
export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: ApplicationDecisionInput) =>
      (await apiRequest<ReviewedApplication>(apiPaths.decideApplication, { method: "POST", body: decision })).data,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: reviewKeys.all }), refreshShared(queryClient, "applications", "students", "fees")]),
    // Refused because someone else decided meanwhile (409): the screen shows where it stands now.
    onError: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
