import { masterMessages, staffNotices, userMessages } from "@admissions/shared";
import { learnMessages } from "./i18n";

/**
 * What the server and the shared rules tell staff alone: a decision's, a refund's or a cancellation's
 * notices, the master-data and users screens' messages. A chunk of its own, loaded with the staff's
 * texts, so the public screens' first download does without them (PERFORMANCE.md, sixty-first round).
 */
export function learnStaffMessages(): void {
  learnMessages(staffNotices, (key) => `staffNotices.${key}`);
  learnMessages(masterMessages, (key) => `masters.messages.${key}`);
  learnMessages(userMessages, (key) => `users.messages.${key}`);
}
