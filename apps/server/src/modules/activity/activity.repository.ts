import type { Database } from "../../db/client.js";
import { activityLog } from "../../db/schema/index.js";

export interface ActivityEntry {
  actor: { id: number; userName: string } | null;
  action: string;
  entityType: string;
  entityId?: string | number | null;
  summary: string;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** Call inside the transaction of the change it records, so the log and the data never disagree. */
export async function recordActivity(db: Database, entry: ActivityEntry): Promise<void> {
  await db.insert(activityLog).values({
    actorUserId: entry.actor?.id ?? null,
    actorName: entry.actor?.userName ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    summary: entry.summary,
    details: entry.details ?? null,
    ip: entry.ip ?? null,
  });
}
