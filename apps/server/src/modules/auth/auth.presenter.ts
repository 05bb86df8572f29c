import type { SessionUser } from "@admissions/shared";
import type { DegreeScope } from "../users/degree-scope.js";

/** The signed-in user on the wire: SPEC.md's userName and roleName, never the password hash. */
export function presentSessionUser(user: { id: number; userName: string; role: string; mobile: string | null }, scope: DegreeScope): SessionUser {
  return { userId: user.id, userName: user.userName, roleName: user.role, mobile: user.mobile, degreeIds: scope === null ? null : [...scope] };
}
