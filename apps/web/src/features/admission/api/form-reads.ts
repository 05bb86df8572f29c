import type { AdmissionInput, SessionUser } from "@admissions/shared";
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { coursesQuery, degreesQuery } from "../../../lib/masters";
import { apiPaths } from "../../../lib/paths";
import { sessionKey } from "../../auth/api/session";

// What the admission form reads before it draws, apart from the rest of its API (admission.ts) so that
// the router can ask for it with the session, from the first download (readAdmissionFormAhead).

/** The stored application as GET admission answers it: the form plus numbers and statuses. */
export type StoredAdmission = AdmissionInput & {
  applicationNo: string;
  applicationStatus: string;
  paymentStatus: string;
  paymentRefNo: string | null;
  applicationFee: number;
};

/** What the applicant has typed so far, with when and at which step, kept in the browser and on the server. */
export interface AdmissionDraft {
  savedAt: number;
  step: number;
  values: Record<string, unknown>;
  /** The stored application the typing changes, when there is one (kept in the browser only). */
  applicationNo?: string;
}

/** An applicant's stored application, or null. */
export const storedAdmissionQuery = (userName: string) =>
  queryOptions({
    queryKey: ["admission", userName],
    queryFn: async () => (await apiRequest<StoredAdmission | null>(apiPaths.admission(userName))).data,
  });

/** The draft kept on the server, or null, also when it cannot be read: the browser's own draft then serves. */
const serverDraftQuery = queryOptions({
  queryKey: ["admission", "draft"],
  queryFn: async () => (await apiRequest<AdmissionDraft | null>(apiPaths.admissionDraft).catch(() => null))?.data ?? null,
});

/**
 * The server's draft as the form restores it: the one read ahead if there is one, which is then
 * forgotten, so that a later visit reads what was saved since.
 */
export async function takeServerDraft(queryClient: QueryClient): Promise<AdmissionDraft | null> {
  const draft = await queryClient.fetchQuery(serverDraftQuery);
  queryClient.removeQueries({ queryKey: serverDraftQuery.queryKey, exact: true });
  return draft;
}

/**
 * Asks for what the form reads before it draws, while its code is on its way (app/router.tsx): the
 * courses and degrees, and for an applicant the stored application, then the server's draft when
 * there is none and the applicant is still signed in; for staff entering a walk-in applicant (null),
 * their own draft of the entry.
 */
export function readAdmissionFormAhead(queryClient: QueryClient, applicant: string | null): void {
  void queryClient.prefetchQuery(coursesQuery);
  void queryClient.prefetchQuery(degreesQuery);
  if (applicant === null) {
    void queryClient.prefetchQuery(serverDraftQuery);
    return;
  }
  const stillSignedIn = () => queryClient.getQueryData<SessionUser | null>(sessionKey)?.userName === applicant;
  void queryClient
    .fetchQuery(storedAdmissionQuery(applicant))
    .then((stored) => (stored || !stillSignedIn() ? undefined : queryClient.prefetchQuery(serverDraftQuery)))
    .catch(() => undefined);
}
