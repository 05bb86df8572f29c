import type { LatestDecision, PaymentRefund } from "@admissions/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { apiPaths } from "../../../lib/paths";

/** SPEC.md's admission status record. */
export interface ApplicationStatus {
  applicationNo: string;
  applicationStatus: string;
  paymentStatus: string;
  paymentRefNo: string | null;
  /** Set once the fee is paid: the order whose receipt can be downloaded. */
  receiptOrderId?: string | null;
}

const statusKey = (userName: string) => ["applicationStatus", userName] as const;

export function useApplicationStatus(userName: string | undefined) {
  return useQuery({
    queryKey: statusKey(userName ?? ""),
    enabled: !!userName,
    staleTime: 0,
    queryFn: async () => (await apiRequest<ApplicationStatus | null>(apiPaths.applicationStatus(userName!))).data,
  });
}

/** The college office's latest decision on the signed-in applicant's application, or null before any. */
export function useLatestDecision(userName: string | undefined) {
  return useQuery({
    // Keyed by whose it is, like the status, though the call names nobody and answers the session's own.
    queryKey: ["applicationDecision", userName ?? ""],
    enabled: !!userName,
    staleTime: 0,
    queryFn: async () => (await apiRequest<LatestDecision>(apiPaths.applicationDecision)).data,
  });
}

/** The signed-in applicant's payments that paid nothing (the application fee paid from two tabs). */
export function usePaymentRefunds(userName: string | undefined) {
  return useQuery({
    // Keyed by whose they are, like the decision, though the call answers the session's own.
    queryKey: ["paymentRefunds", userName ?? ""],
    enabled: !!userName,
    staleTime: 0,
    queryFn: async () => (await apiRequest<PaymentRefund[]>(apiPaths.paymentRefunds)).data,
  });
}

/** Asks the gateway about payments that never came back, before a new attempt is started. */
export function useVerifyPayment(userName: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiRequest<ApplicationStatus | null>(apiPaths.verifyPayment, { method: "POST" })).data,
    onSuccess: (status) => queryClient.setQueryData(statusKey(userName ?? ""), status),
  });
}

/** SPEC.md: Verify and Pay shows for payment failure or pending, whatever the case. */
export function needsPayment(status: ApplicationStatus | null | undefined): boolean {
  return ["payment failure", "pending"].includes((status?.applicationStatus ?? "").toLowerCase());
}

/** SPEC.md: the reference is shown with # unless it is the text null (shown as "-", not the word). */
export function displayRef(paymentRefNo: string | null | undefined): string {
  return !paymentRefNo || paymentRefNo === "null" ? "-" : `#${paymentRefNo}`;
}
