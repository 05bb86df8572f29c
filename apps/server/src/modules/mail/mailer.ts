import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { Database } from "../../db/client.js";
import { claimDueMail, insertOutgoingMail, markMailDone, markMailFailed, type OutgoingMail } from "./mail.repository.js";

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  /** How often the outbox is checked for mail that is due again; new mail is sent at once. */
  pollIntervalMs?: number;
}

/**
 * Mail goes through the outbox: `enqueue` writes it inside the caller's transaction, and the
 * dispatcher sends it over SMTP, or writes it to the log when no SMTP server is configured.
 */
export class Mailer {
  private readonly transport: Transporter | undefined;
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private drainAgain = false;

  constructor(
    private readonly db: Database,
    private readonly options: MailerOptions,
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  }

  async enqueue(db: Database, mail: OutgoingMail): Promise<void> {
    await insertOutgoingMail(db, mail);
  }

  /** Asks the dispatcher to look now; call after the transaction that enqueued mail has committed. */
  kick(): void {
    void this.drain();
  }

  start(): void {
    this.timer = setInterval(() => this.kick(), this.options.pollIntervalMs ?? 30_000);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.draining;
    this.transport?.close();
  }

  /** Sends everything due; concurrent calls share one run and trigger one more pass afterwards. */
  drain(): Promise<void> {
    if (this.draining) {
      this.drainAgain = true;
      return this.draining;
    }
    this.draining = (async () => {
      try {
        do {
          this.drainAgain = false;
          let batch = await claimDueMail(this.db, 20);
          while (batch.length > 0) {
            for (const mail of batch) await this.deliver(mail);
            batch = await claimDueMail(this.db, 20);
          }
        } while (this.drainAgain);
      } catch (error) {
        this.options.log.error({ err: error }, "mail outbox could not be drained");
      } finally {
        this.draining = undefined;
      }
    })();
    return this.draining;
  }

  private async deliver(mail: { id: number; recipient: string; subject: string; body: string; attempts: number }) {
    if (!this.transport) {
      this.options.log.info({ to: mail.recipient, subject: mail.subject, body: mail.body }, "mail (no SMTP_URL set, logged instead)");
      await markMailDone(this.db, mail.id, "logged");
      return;
    }
    try {
      await this.transport.sendMail({ from: this.options.from, to: mail.recipient, subject: mail.subject, text: mail.body });
      await markMailDone(this.db, mail.id, "sent");
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.options.log.warn({ to: mail.recipient, err: message }, "mail not sent, will retry");
      await markMailFailed(this.db, mail.id, mail.attempts + 1, message);
    }
  }
}
