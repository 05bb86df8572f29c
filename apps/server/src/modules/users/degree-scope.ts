import { ROLE_DEPARTMENT_ADMIN } from "@admissions/shared";
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Actor } from "../../context.js";
import type { Database } from "../../db/client.js";
import { staffDegrees } from "../../db/schema/index.js";
import { ForbiddenError } from "../../errors.js";

/**
 * The degrees whose applications and students a staff member may see and decide: `null` means every
 * degree; a department admin gets the degrees assigned to them (none assigned: an empty list, so
 * they see nothing rather than everything).
 */
export type DegreeScope = readonly number[] | null;

export async function degreeScopeOf(db: Database, actor: Pick<Actor, "id" | "role">): Promise<DegreeScope> {
  if (actor.role !== ROLE_DEPARTMENT_ADMIN) return null;
  const rows = await db.select({ degreeId: staffDegrees.degreeId }).from(staffDegrees).where(eq(staffDegrees.userId, actor.id));
  return rows.map((row) => row.degreeId);
}

export function isDegreeInScope(scope: DegreeScope, degreeId: number): boolean {
  return scope === null || scope.includes(degreeId);
}

/** A list's condition for the scope on its degree column: none for everything, false for no degrees. */
export function degreeScopeCondition(scope: DegreeScope, degreeColumn: AnyPgColumn): SQL | undefined {
  if (scope === null) return undefined;
  return scope.length > 0 ? inArray(degreeColumn, [...scope]) : sql`false`;
}

/** Refuses (403) a record of a degree outside the actor's scope. */
export function assertDegreeInScope(scope: DegreeScope, degreeId: number): void {
  if (!isDegreeInScope(scope, degreeId)) throw new ForbiddenError();
}
