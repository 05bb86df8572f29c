import type { AdmissionInput } from "@admissions/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiRequest } from "../../../lib/api-client";
import { apiPaths } from "../../../lib/paths";
import { refreshShared } from "../../../lib/query-keys";
import { storedAdmissionQuery, type AdmissionDraft } from "./form-reads";

export interface Submission {
  applicationNo: string;
  applicationStatus: string;
  paymentStatus: string;
  applicationFee: number;
  /** Present when the fee is still owed: the gateway form to post. */
  accessCode?: string;
  encRequest?: string;
  transactionUrl?: string;
}

export function useAdmission(userName: string | undefined) {
  return useQuery({ ...storedAdmissionQuery(userName ?? ""), enabled: !!userName });
}

export function useSubmitAdmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (admission: AdmissionInput) =>
      (await apiRequest<Submission>(apiPaths.submitAdmission, { method: "POST", body: admission })).data,
    // Staff entering a walk-in applicant add a row to the applications list.
    onSuccess: () => void Promise.all([queryClient.invalidateQueries({ queryKey: ["admission"] }), refreshShared(queryClient, "applications")]),
  });
}

/** Keeps the form on the server, naming whose it was drawn for: a tab left open as another account is refused. */
export async function saveServerDraft(draft: AdmissionDraft, owner: string | undefined): Promise<void> {
  await apiRequest<null>(owner ? apiPaths.admissionDraftOf(owner) : apiPaths.admissionDraft, { method: "PUT", body: draft });
}

export async function uploadDocument(file: Blob, fileName: string, username?: string): Promise<string> {
  const form = new FormData();
  if (username) form.append("username", username);
  form.append("file", file, fileName);
  return (await apiRequest<{ fileName: string }>(apiPaths.uploadFile, { method: "POST", body: form })).data.fileName;
}

export { ApiError };
