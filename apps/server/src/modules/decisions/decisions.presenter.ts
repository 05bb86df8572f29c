import type { DecisionHistoryEntry } from "@admissions/shared";
import type { DecisionRecord } from "./decisions.repository.js";

/** One decision as the review screen lists it. */
export function presentDecision(record: DecisionRecord): DecisionHistoryEntry {
  return {
    id: record.id,
    at: record.createdAt.toISOString(),
    actorName: record.actorName,
    fromStatus: record.fromStatus,
    toStatus: record.toStatus,
    fromDegree: record.fromDegree,
    toDegree: record.toDegree,
    remarks: record.remarks,
  };
}
