import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { rowsOf } from "../../db/sql-lists.js";
import { mailOutbox } from "../../db/schema/index.js";

export interface OutgoingMail {
  to: string;
  subject: string;
  body: string;
}

export async function insertOutgoingMail(db: Database, mail: OutgoingMail): Promise<void> {
  await db.insert(mailOutbox).values({ recipient: mail.to, subject: mail.subject, body: mail.body });
}

export interface ClaimedMail {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
}

/**
 * Claims due messages for this instance: SKIP LOCKED lets several instances drain one outbox, and a
 * message left in `sending` by a crashed instance becomes due again after five minutes.
 */
export async function claimDueMail(db: Database, batchSize: number) {
  return rowsOf<ClaimedMail>(
    db,
    sql`
    update ${mailOutbox} set status = 'sending', next_attempt_at = now() + interval '5 minutes'
    where id in (
      select id from ${mailOutbox}
      where status in ('pending', 'sending') and next_attempt_at <= now()
      order by next_attempt_at
      limit ${batchSize}
      for update skip locked
    )
    returning id, recipient, subject, body, attempts`,
  );
}

/**
 * A message the SMTP server took keeps its row (to whom, about what, when) but not its body, which may
 * hold a password reset code that nobody should read back from the database once it is delivered. A
 * logged one (no SMTP_URL) keeps its body: without a mail server, the outbox is where it is read (README).
 */
export async function markMailDone(db: Database, id: number, status: "sent" | "logged"): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status, sentAt: sql`now()`, ...(status === "sent" ? { body: "" } : {}) })
    .where(eq(mailOutbox.id, id));
}

/** Retries with a growing pause (1, 2, 4 ... minutes, at most an hour); gives up after a day's worth. */
export async function markMailFailed(db: Database, id: number, attempts: number, error: string): Promise<void> {
  const giveUp = attempts >= 30;
  const delayMinutes = Math.min(60, 2 ** Math.max(0, attempts - 1));
  await db
    .update(mailOutbox)
    .set({
      status: giveUp ? "failed" : "pending",
      attempts,
      lastError: error.slice(0, 1000),
      nextAttemptAt: sql`now() + make_interval(mins => ${delayMinutes})`,
    })
    .where(eq(mailOutbox.id, id));
}
