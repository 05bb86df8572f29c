import { createServer } from "node:net";
import { eq, inArray, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema/index.js";
import { buildTestApp, type TestApp } from "../../test/build-app.js";
import { uniqueEmail } from "../../test/factories.js";
import { Mailer } from "./mailer.js";

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A real SMTP server that keeps what it is sent, so the test sees what a mail server would. */
async function startSink() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on: taken from the system, then given back. */
async function unusedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

let test: TestApp;
let sink: Awaited<ReturnType<typeof startSink>>;
beforeAll(async () => {
  [test, sink] = await Promise.all([buildTestApp(), startSink()]);
});
afterAll(async () => {
  await Promise.all([test?.close(), sink?.close()]);
});

function mailerFor(smtpUrl: string | undefined) {
  return new Mailer(test.db, { smtpUrl, from: "Admissions <a@b.in>", log: test.app.log });
}

async function runOnce(mailer: Mailer) {
  await mailer.drain();
  await mailer.stop();
}

async function outboxRowFor(recipient: string) {
  const rows = await test.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

const letter = (to: string) => ({
  to,
  subject: "Your password reset code",
  body: "Your password reset code is 123456.\n\nIt is valid for 10 minutes.",
});

describe("Mailer", () => {
  it("sends enqueued mail over SMTP and marks it sent, keeping no body (a reset code) once delivered", async () => {
    const to = uniqueEmail("sent");
    const mailer = mailerFor(`smtp://127.0.0.1:${sink.port}`);
    await mailer.enqueue(test.db, letter(to));
    await runOnce(mailer);

    const delivered = sink.received.filter((mail) => mail.to.includes(to));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.from).toBe("a@b.in");
    expect(delivered[0]!.raw).toMatch(new RegExp(`^To: ${to.replace(/\./g, "\\.")}\\r?$`, "m"));
    expect(delivered[0]!.raw).toMatch(/^Subject: Your password reset code\r?$/m);
    expect(delivered[0]!.raw).toMatch(/^From: Admissions <a@b\.in>\r?$/m);
    expect(delivered[0]!.raw).toContain("Your password reset code is 123456.");
    expect(delivered[0]!.raw).toContain("It is valid for 10 minutes.");

    const row = await outboxRowFor(to);
    expect(row.status).toBe("sent");
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.attempts).toBe(0);
    expect(row).toMatchObject({ recipient: to, subject: letter(to).subject, body: "" });
  });

  it("keeps mail the SMTP server cannot take, for a later try, and sends it then", async () => {
    const to = uniqueEmail("retry");
    const down = mailerFor(`smtp://127.0.0.1:${await unusedPort()}`);
    await down.enqueue(test.db, letter(to));
    await runOnce(down);

    const failed = await outboxRowFor(to);
    expect(failed.status).toBe("pending");
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(failed.sentAt).toBeNull();
    expect(failed.body).toBe(letter(to).body);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    const tooSoon = mailerFor(`smtp://127.0.0.1:${sink.port}`);
    await runOnce(tooSoon);
    expect(sink.received.filter((mail) => mail.to.includes(to))).toHaveLength(0);

    await test.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, failed.id));
    const back = mailerFor(`smtp://127.0.0.1:${sink.port}`);
    await runOnce(back);
    expect(sink.received.filter((mail) => mail.to.includes(to))).toHaveLength(1);
    expect(await outboxRowFor(to)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("takes over mail a crashed instance left half-sent", async () => {
    const to = uniqueEmail("crashed");
    const mailer = mailerFor(`smtp://127.0.0.1:${sink.port}`);
    await mailer.enqueue(test.db, letter(to));
    await test.db
      .update(mailOutbox)
      .set({ status: "sending", nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.recipient, to));
    await runOnce(mailer);
    expect(sink.received.filter((mail) => mail.to.includes(to))).toHaveLength(1);
    expect((await outboxRowFor(to)).status).toBe("sent");
  });

  it("sends each message once when two instances drain the outbox together", async () => {
    const recipients = Array.from({ length: 6 }, () => uniqueEmail("pair"));
    const [one, two] = [mailerFor(`smtp://127.0.0.1:${sink.port}`), mailerFor(`smtp://127.0.0.1:${sink.port}`)];
    for (const to of recipients) await one.enqueue(test.db, letter(to));
    await Promise.all([runOnce(one), runOnce(two)]);

    for (const to of recipients) expect(sink.received.filter((mail) => mail.to.includes(to))).toHaveLength(1);
    const rows = await test.db.select().from(mailOutbox).where(inArray(mailOutbox.recipient, recipients));
    expect(rows.map((row) => row.status)).toEqual(recipients.map(() => "sent"));
  });

  it("writes mail to the log and marks it logged when no SMTP server is set", async () => {
    const to = uniqueEmail("logged");
    const mailer = mailerFor(undefined);
    await mailer.enqueue(test.db, letter(to));
    await runOnce(mailer);

    const row = await outboxRowFor(to);
    expect(row.status).toBe("logged");
    expect(row.sentAt).toBeInstanceOf(Date);
    // Without a mail server, the outbox is where the code is read (README).
    expect(row.body).toBe(letter(to).body);
    expect(sink.received.filter((mail) => mail.to.includes(to))).toHaveLength(0);
  });

  it("leaves nothing behind after a transaction that enqueued mail rolls back", async () => {
    const to = uniqueEmail("rolled-back");
    const mailer = mailerFor(undefined);
    await expect(
      test.db.transaction(async (tx) => {
        await mailer.enqueue(tx, letter(to));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await runOnce(mailer);
    expect(await test.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to))).toHaveLength(0);
  });
});
