import { ROLE_ADMIN, type SessionUser } from "@admissions/shared";
import { skipToken, useQuery } from "@tanstack/react-query";

/** The key under which the auth feature keeps the signed-in user (features/auth/api/session.ts). */
const sessionKey = ["session"] as const;

/**
 * The signed-in user as the route guards already loaded it, read from the query cache and never
 * fetched here, so a screen can fit itself to the role without importing the auth feature.
 */
export function useCurrentUser(): SessionUser | null | undefined {
  return useQuery<SessionUser | null>({ queryKey: sessionKey, queryFn: skipToken }).data;
}

/** Whether the signed-in user may change master data and users (the server checks again). */
export function useIsAdmin(): boolean {
  return useCurrentUser()?.roleName === ROLE_ADMIN;
}
