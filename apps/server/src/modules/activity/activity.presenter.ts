import type { ActivityEntry } from "@admissions/shared";
import type { ActivityRow } from "./activity.repository.js";

/** A log row in the wire shape: `at` as an ISO instant, the actor by name only. */
export function presentActivity(row: ActivityRow): ActivityEntry {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actorName: row.actorName,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    summary: row.summary,
    details: (row.details as Record<string, unknown> | null) ?? null,
    ip: row.ip,
  };
}
