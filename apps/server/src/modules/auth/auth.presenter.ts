import type { SessionUser } from "@admissions/shared";

/** The signed-in user on the wire: SPEC.md's userName and roleName, never the password hash. */
export function presentSessionUser(user: { id: number; userName: string; role: string; mobile: string | null }): SessionUser {
  return { userId: user.id, userName: user.userName, roleName: user.role, mobile: user.mobile };
}
