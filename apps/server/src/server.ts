import path from "node:path";
import { buildApp } from "./app.js";
import { databaseTargetOf, openDatabase } from "./db/client.js";
import { loadSettingsOrExit } from "./env.js";
import { foldStatusCountChanges } from "./modules/admissions/status-counts.repository.js";
import { deleteStaleSessions } from "./modules/auth/sessions.repository.js";
import { SessionCache } from "./modules/auth/session-cache.js";
import { Mailer } from "./modules/mail/mailer.js";
import { LocalDiskStorage } from "./modules/uploads/storage.js";
import { settleAwaitingOrders } from "./modules/payments/payments.service.js";
import { ensureFirstAdmin } from "./modules/users/first-admin.js";

/** Connections the kernel may hold for the server before it accepts them; it caps this at net.core.somaxconn. */
const acceptBacklog = 4096;

async function main() {
  const settings = loadSettingsOrExit();

  const database = await openDatabase(databaseTargetOf(settings));
  const logger = { level: settings.logLevel, redact: ["req.headers.cookie", "req.body.password", "req.body.newPassword"] };
  // The mailer needs the app's logger and the app needs the mailer: build the app, then hand it over.
  const storage = new LocalDiskStorage(path.join(settings.dataDir, "uploads"));
  const ctx = { db: database.db, engine: database.engine, settings, storage, sessionCache: new SessionCache(), mailer: undefined as unknown as Mailer };
  const app = await buildApp({ ctx, logger });
  ctx.mailer = new Mailer(database.db, { smtpUrl: settings.smtpUrl, from: settings.mailFrom, log: app.log });

  await ensureFirstAdmin(ctx, app.log);
  ctx.mailer.start();
  const sweep = setInterval(() => {
    deleteStaleSessions(ctx.db, new Date(Date.now() - settings.session.idleMs)).catch((err) => app.log.error({ err }, "session sweep failed"));
  }, 15 * 60_000);
  sweep.unref();
  // Payments whose browser never came back are settled by asking the gateway, once they are 10 minutes old.
  const settle = setInterval(() => {
    settleAwaitingOrders(ctx, { createdBefore: new Date(Date.now() - 10 * 60_000) }, app.log).catch((err) => app.log.error({ err }, "payment settlement failed"));
  }, 5 * 60_000);
  settle.unref();
  // The counts per status that the staff list reads are kept as totals plus the changes since; folding
  // the changes in keeps that read to a row per degree and status however busy the day has been.
  const fold = setInterval(() => {
    foldStatusCountChanges(ctx.db).catch((err) => app.log.error({ err }, "folding the status counts failed"));
  }, 15_000);
  fold.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "stopping");
    clearInterval(sweep);
    clearInterval(settle);
    clearInterval(fold);
    await app.close();
    await ctx.mailer.stop();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  // Node's default backlog holds 511 connections waiting to be accepted. A busy server accepts one per
  // turn of its event loop, so a thousand browsers connecting at once overflowed it, and the kernel
  // dropped the rest, whose clients tried again 1 s and 3 s later (docs/PERFORMANCE.md, seventh round).
  await app.listen({ port: settings.port, host: settings.host, backlog: acceptBacklog });
  app.log.info(`Open ${settings.publicUrl} (database: ${database.engine}${database.engine === "pglite" ? ` in ${settings.dataDir}` : ""})`);
}

await main();
