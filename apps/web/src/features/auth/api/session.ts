import type { SessionUser } from "@admissions/shared";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiRequest } from "../../../lib/api-client";
import { apiPaths } from "../../../lib/paths";
import { clearStoredData, hasStoredUser } from "../../../lib/storage";

export const sessionKey = ["session"] as const;

/** The signed-in user, or null when nobody is: the cookie is httpOnly, so the server is asked. */
async function fetchSession(): Promise<SessionUser | null> {
  try {
    return (await apiRequest<SessionUser>(apiPaths.me, { expectUnauthorized: true })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      // A session that ended while the page was closed (it expired, or was signed out elsewhere):
      // what this browser kept of it goes, as after any 401 (SPEC.md). Only then, so that a visitor
      // who was never signed in keeps the address they are to come back to after signing in.
      if (hasStoredUser()) clearStoredData();
      return null;
    }
    throw error;
  }
}

const sessionQuery = queryOptions({ queryKey: sessionKey, queryFn: fetchSession, staleTime: 5 * 60_000 });

/** Who is signed in, asked of the server unless `ask` is false: then only what a screen has asked already. */
export function useSession({ ask = true }: { ask?: boolean } = {}) {
  return useQuery({ ...sessionQuery, enabled: ask });
}

/** The signed-in user once a screen has asked who it is; this alone never asks the server. */
export function useKnownSession() {
  return useSession({ ask: false }).data;
}

export function useSetSession() {
  const queryClient = useQueryClient();
  return (user: SessionUser | null) => queryClient.setQueryData(sessionKey, user);
}
