import type { FeePaymentAnswer, FeePaymentRequest, FeeStatus, FeeTransactionPage, ReceiptCancellation, ReceiptCancelled, RefundRecord } from "@admissions/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { apiPaths } from "../../../lib/paths";
import { refreshShared, sharedKeys } from "../../../lib/query-keys";

const feesKey = sharedKeys.fees;

/** A student's fee terms; `userName` undefined waits (the session is not known yet). */
export function useFeeStatus(userName: string | undefined) {
  return useQuery({
    queryKey: [...feesKey, "status", userName ?? ""],
    enabled: !!userName,
    queryFn: async () => (await apiRequest<FeeStatus>(apiPaths.feeStatus(userName!))).data,
  });
}

export function usePayFee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payment: FeePaymentRequest) =>
      (await apiRequest<FeePaymentAnswer>(apiPaths.feePayment, { method: "POST", body: payment })).data,
    // An offline payment changes the terms, the transactions and the student's page at once; an online one on the way back.
    onSuccess: () => void refreshShared(queryClient, "fees", "students"),
  });
}

/** Staff: a page of fee and application payments for a query string taken from the page's URL. */
export function useFeeTransactions(query: string) {
  return useQuery({
    queryKey: [...feesKey, "transactions", query],
    queryFn: async () => (await apiRequest<FeeTransactionPage>(apiPaths.feeTransactions(query))).data,
    placeholderData: keepPreviousData,
  });
}

/** Staff record how a payment to refund was given back; the transactions are read again. */
export function useRecordRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderId, refund }: { orderId: string; refund: RefundRecord }) => apiRequest(apiPaths.refund(orderId), { method: "POST", body: refund }),
    onSuccess: () => void refreshShared(queryClient, "fees"),
  });
}

/**
 * Staff cancel an office receipt; the term is due again, so the students' fees change with the
 * transactions. Read again after a refusal too: one cancelled meanwhile (another tab) shows so.
 */
export function useCancelReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ receiptNo, cancellation }: { receiptNo: string; cancellation: ReceiptCancellation }) =>
      apiRequest<ReceiptCancelled>(apiPaths.receiptCancellation(receiptNo), { method: "POST", body: cancellation }),
    onSettled: () => void refreshShared(queryClient, "fees", "students"),
  });
}
