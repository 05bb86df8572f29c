import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { buildApp } from "../app.js";
import type { AppContext } from "../context.js";
import { openDatabase, type DatabaseTarget } from "../db/client.js";
import { loadSettings } from "../env.js";
import { SessionCache } from "../modules/auth/session-cache.js";
import { Mailer } from "../modules/mail/mailer.js";
import { LocalDiskStorage } from "../modules/uploads/storage.js";
import type { AuthLimits } from "../plugins/rate-limit.js";

export interface TestAppOptions {
  env?: Record<string, string>;
  authLimits?: AuthLimits;
  /** A built web app to serve, for the tests of serving it. */
  webRoot?: string;
}

/**
 * The whole app on a database of its own: in-process PGlite by default, or a fresh database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again by `close`).
 */
export async function buildTestApp(options: TestAppOptions = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "admissions-test-"));
  const settings = loadSettings({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000", LOG_LEVEL: "silent", DATA_DIR: dataDir, ...options.env });
  const fresh = process.env.TEST_DATABASE_URL ? await createPostgresDatabase(process.env.TEST_DATABASE_URL) : undefined;
  const target: DatabaseTarget = fresh ? { url: fresh.url } : { memory: true };
  const database = await openDatabase(target);
  const storage = new LocalDiskStorage(path.join(dataDir, "uploads"));
  const ctx: AppContext = { db: database.db, engine: database.engine, settings, storage, sessionCache: new SessionCache(), mailer: undefined as unknown as Mailer };
  const app = await buildApp({ ctx, authLimits: options.authLimits, webRoot: options.webRoot ?? false });
  ctx.mailer = new Mailer(database.db, { smtpUrl: settings.smtpUrl, from: settings.mailFrom, log: app.log });
  await app.ready();
  return {
    app,
    ctx,
    db: database.db,
    async close() {
      await app.close();
      await ctx.mailer.stop();
      await database.close();
      await fresh?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** Test files run in parallel, so each gets a database of its own on the shared server. */
export async function createPostgresDatabase(serverUrl: string) {
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
