import { ROLE_ADMIN, type activityListQuerySchema } from "@admissions/shared";
import type { z } from "zod";
import type { Actor, AppContext } from "../../context.js";
import { findActivityActions, findActivityPage, type ActivityVisibility } from "./activity.repository.js";
import { presentActivity } from "./activity.presenter.js";

/**
 * Only an administrator reads the whole log. It holds client addresses and what other people did
 * (applicants' sign-ins, other staff's decisions and user changes), so a department admin or any
 * other staff member sees only their own entries.
 */
export function activityVisibilityFor(actor: Actor): ActivityVisibility {
  return actor.role === ROLE_ADMIN ? null : { actorUserId: actor.id };
}

export async function listActivity(ctx: AppContext, actor: Actor, query: z.output<typeof activityListQuerySchema>) {
  const { rows, total } = await findActivityPage(ctx.db, query, activityVisibilityFor(actor));
  return {
    content: rows.map(presentActivity),
    totalElements: total,
    totalPages: Math.ceil(total / query.pageSize),
    number: query.pageNo,
    size: query.pageSize,
  };
}

export function listActivityActions(ctx: AppContext, actor: Actor): Promise<string[]> {
  return findActivityActions(ctx.db, activityVisibilityFor(actor));
}
