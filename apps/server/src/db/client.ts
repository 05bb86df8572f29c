import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { DEFAULT_DATABASE_POOL_SIZE, type Settings } from "../env.js";
import { openDurablePglite } from "./durable-pglite.js";
import { withParsersSetOnce } from "./pglite-parsers.js";
import { withPreparedStatements } from "./pglite-prepared.js";
import * as schema from "./schema/index.js";

export type Schema = typeof schema;
/** One type for both engines; a transaction is also a Database, so repositories take either. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  engine: "pglite" | "postgres";
  close(): Promise<void>;
}

/** src/db and dist/db sit at the same depth, so the migrations folder is found from either. */
const migrationsFolder = fileURLToPath(new URL("../../migrations", import.meta.url));

/** Any number, so that instances starting together take turns at migrating. */
const MIGRATION_LOCK_ID = 7_211_001;

/** A PostgreSQL server (with at most `poolSize` connections), a data folder for PGlite, or PGlite in memory. */
export type DatabaseTarget = { url: string; poolSize?: number } | { dataDir: string } | { memory: true };

/** The database the settings name: the PostgreSQL server of DATABASE_URL, else PGlite under DATA_DIR. */
export function databaseTargetOf(settings: Pick<Settings, "databaseUrl" | "databasePoolSize" | "dataDir">): DatabaseTarget {
  return settings.databaseUrl ? { url: settings.databaseUrl, poolSize: settings.databasePoolSize } : { dataDir: settings.dataDir };
}

/** Opens the database and brings its schema up to date before anything else touches it. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ("url" in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? DEFAULT_DATABASE_POOL_SIZE, idleTimeoutMillis: 30_000 });
    // A connection the server closes while it waits in the pool (a restart, a failover, a terminated
    // backend) is reported here; without a listener Node would treat it as an uncaught exception and
    // stop the app. The pool has already dropped it and opens a new one when next needed.
    pool.on("error", (error) => console.warn(`A pooled database connection was closed by the server: ${error.message}`));
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    const lock = await pool.connect();
    try {
      await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg({ client: lock, schema }), { migrationsFolder });
    } finally {
      await lock.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
      lock.release();
    }
    return { db, engine: "postgres", close: () => pool.end() };
  }

  let client: PGlite;
  if ("dataDir" in target) {
    const folder = path.join(target.dataDir, "pgdata");
    mkdirSync(folder, { recursive: true });
    client = await openDurablePglite(folder);
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite({ client: withParsersSetOnce(withPreparedStatements(client)), schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, engine: "pglite", close: () => client.close() };
}

/** A cheap round trip for the health check. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Whether a statement failed on the named unique index or constraint (Drizzle wraps the driver's error). */
export function violatesConstraint(error: unknown, constraint: string): boolean {
  const cause = error instanceof Error && error.cause ? error.cause : error;
  return typeof cause === "object" && cause !== null && "constraint" in cause && cause.constraint === constraint;
}
