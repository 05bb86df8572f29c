import fs from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sampleAdmission } from "@admissions/shared";
import { asc, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createPostgresDatabase } from "../test/build-app.js";
import { createUser } from "../test/factories.js";
import { openDatabase, pingDatabase, type Database } from "./client.js";
import { applicationDrafts, courses, roles, users } from "./schema/index.js";
import { rowsOf } from "./sql-lists.js";

async function appliedMigrations(db: Database): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(db, sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
  return row!.count;
}

async function expectReferenceData(db: Database) {
  expect((await db.select({ name: roles.name }).from(roles).orderBy(asc(roles.name))).map((role) => role.name)).toEqual([
    "ROLE_ADMIN",
    "ROLE_DEPARTMENT_ADMIN",
    "ROLE_STUDENT",
    "ROLE_USER",
  ]);
  expect(await db.select({ id: courses.id, name: courses.name }).from(courses).orderBy(asc(courses.id))).toEqual([
    { id: 1, name: "UG" },
    { id: 2, name: "PG" },
  ]);
}

/** How PostgreSQL compressed a whole form kept as a draft, and what each table's form column is set to use. */
async function formCompression(db: Database) {
  const user = await createUser(db);
  await db.insert(applicationDrafts).values({ userId: user.id, data: sampleAdmission({ email: user.userName }) });
  const [draft] = await rowsOf<{ method: string | null }>(db, sql`select pg_column_compression(data) as method from application_drafts where user_id = ${user.id}`);
  const columns = await rowsOf<{ table: string; method: string }>(
    db,
    sql`select attrelid::regclass::text as table, attcompression::text as method from pg_attribute
        where attname = 'data' and attrelid in ('applications'::regclass, 'application_drafts'::regclass) order by 1`,
  );
  return { draft: draft!.method, columns: Object.fromEntries(columns.map((column) => [column.table, column.method])) };
}

describe("the embedded database in a data folder", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "admissions-db-test-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("keeps its data across a restart and migrates only once", async () => {
    const first = await openDatabase({ dataDir });
    expect(first.engine).toBe("pglite");
    const user = await createUser(first.db, { userName: "kept@example.in" });
    const migrations = await appliedMigrations(first.db);
    expect(migrations).toBeGreaterThan(0);
    await first.close();
    expect(await readdir(path.join(dataDir, "pgdata"))).toContain("PG_VERSION");

    const second = await openDatabase({ dataDir });
    try {
      const [found] = await second.db.select().from(users).where(eq(users.userName, "kept@example.in"));
      expect(found).toMatchObject({ id: user.id, role: "ROLE_USER", mobile: "9876543210" });
      expect(await appliedMigrations(second.db)).toBe(migrations);
      await expectReferenceData(second.db);
      await expect(pingDatabase(second.db)).resolves.toBeUndefined();
    } finally {
      await second.close();
    }
  });

  it.runIf(process.platform === "linux")("acknowledges a commit only once its write-ahead log is on the disk", async () => {
    const database = await openDatabase({ dataDir });
    const syncFile = fs.fsyncSync;
    const syncedFiles: string[] = [];
    const fsync = vi.spyOn(fs, "fsyncSync").mockImplementation((descriptor) => {
      syncedFiles.push(fs.readlinkSync(`/proc/self/fd/${descriptor}`));
      syncFile(descriptor);
    });
    try {
      expect(await rowsOf(database.db, sql`show fsync`)).toEqual([{ fsync: "on" }]);
      await createUser(database.db, { userName: "synced@example.in" });
      expect(syncedFiles.some((file) => file.startsWith(path.join(dataDir, "pgdata", "pg_wal")))).toBe(true);
    } finally {
      fsync.mockRestore();
      await database.close();
    }
  });

  it("answers a table's size from memory until something is written, and always as the disk has it", async () => {
    const database = await openDatabase({ dataDir });
    const fileStats = vi.spyOn(fs, "fstatSync");
    // A scan reads as many blocks as PostgreSQL is told the table's file holds: a size told too small
    // would leave rows out, too large would fail on a block that is not there.
    const rowsInProbe = async () => (await rowsOf<{ rows: number }>(database.db, sql`select count(*)::int as rows from size_probe`))[0]!.rows;
    try {
      await database.db.execute(sql`create table size_probe (id int primary key, filler text)`);
      await database.db.execute(sql`insert into size_probe select n, repeat('x', 500) from generate_series(1, 1000) as n`);
      expect(await rowsInProbe()).toBe(1000);
      const statsBefore = fileStats.mock.calls.length;
      expect(await rowsInProbe()).toBe(1000);
      expect(await rowsInProbe()).toBe(1000);
      expect(fileStats.mock.calls.length).toBe(statsBefore);

      await database.db.execute(sql`insert into size_probe select n, repeat('x', 500) from generate_series(1001, 3000) as n`);
      expect(await rowsInProbe()).toBe(3000);
      const [grown] = await rowsOf<{ size: number }>(database.db, sql`select pg_relation_size('size_probe')::int as size`);
      await database.db.execute(sql`delete from size_probe where id > 500`);
      await database.db.execute(sql`vacuum size_probe`);
      const [shrunk] = await rowsOf<{ size: number }>(database.db, sql`select pg_relation_size('size_probe')::int as size`);
      expect(shrunk!.size).toBeLessThan(grown!.size);
      expect(await rowsInProbe()).toBe(500);
      await database.db.execute(sql`insert into size_probe select n, repeat('x', 500) from generate_series(501, 2500) as n`);
      expect(await rowsInProbe()).toBe(2500);
    } finally {
      fileStats.mockRestore();
      await database.db.execute(sql`drop table if exists size_probe`);
      await database.close();
    }
  });

  it("takes any text a request can hold as the PostgreSQL server does, a lone surrogate included", async () => {
    const database = await openDatabase({ dataDir });
    // JSON lets a request hold half of a surrogate pair ("\udc00"); the server's driver sends it as
    // U+FFFD, and so must the embedded database's, whatever comes before it.
    const texts = ["முருகன் 😀", "é\udc00", "a\udc00", "\ud83d"];
    const asUtf8 = (text: string) => Buffer.from(text, "utf8").toString("utf8");
    try {
      for (const text of texts) {
        const [row] = await rowsOf<{ text: string; characters: number }>(database.db, sql`select ${text}::text as text, length(${text}::text)::int as characters`);
        expect(row).toEqual({ text: asUtf8(text), characters: [...asUtf8(text)].length });
      }
      const [found] = await database.db.select({ id: users.id }).from(users).where(eq(users.userName, "é\udc00@example.in"));
      expect(found).toBeUndefined();
    } finally {
      await database.close();
    }
  });

  it("compresses a form with PostgreSQL's own method, as PGlite has no lz4", async () => {
    const database = await openDatabase({ dataDir });
    try {
      expect(await formCompression(database.db)).toEqual({ draft: "pglz", columns: { applications: "", application_drafts: "" } });
    } finally {
      await database.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("a PostgreSQL server", () => {
  it("compresses the forms of applications and drafts with lz4", async () => {
    const fresh = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    const database = await openDatabase({ url: fresh.url });
    try {
      expect(await formCompression(database.db)).toEqual({ draft: "lz4", columns: { applications: "l", application_drafts: "l" } });
    } finally {
      await database.close();
      await fresh.drop();
    }
  });

  it("outlives the server closing its idle connections (a restart or failover) and reconnects for the next query", async () => {
    const fresh = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    const database = await openDatabase({ url: fresh.url });
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await Promise.all([pingDatabase(database.db), pingDatabase(database.db), pingDatabase(database.db)]);
      const name = new URL(fresh.url).pathname.slice(1);
      const ended = await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [name]);
      expect(ended.rowCount).toBeGreaterThan(0);
      // The pooled connections learn of it asynchronously; give them a moment to report and be dropped.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await expect(pingDatabase(database.db)).resolves.toBeUndefined();
      await createUser(database.db, { userName: "after-restart@example.in" });
      expect(await database.db.select().from(users).where(eq(users.userName, "after-restart@example.in"))).toHaveLength(1);
    } finally {
      await admin.end();
      await database.close();
      await fresh.drop();
    }
  });

  it("opens no more connections than its pool size, however many queries wait", async () => {
    const fresh = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    const database = await openDatabase({ url: fresh.url, poolSize: 2 });
    try {
      // Each query holds its connection for a moment, so the eight overlap and must share.
      const backends = await Promise.all(
        Array.from({ length: 8 }, () => rowsOf<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid from pg_sleep(0.05)`)),
      );
      expect(new Set(backends.map(([row]) => row!.pid)).size).toBe(2);
    } finally {
      await database.close();
      await fresh.drop();
    }
  });

  it("lets instances that start together migrate one at a time", async () => {
    const fresh = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    const handles = await Promise.all([openDatabase({ url: fresh.url }), openDatabase({ url: fresh.url }), openDatabase({ url: fresh.url })]);
    try {
      expect(handles.map((handle) => handle.engine)).toEqual(["postgres", "postgres", "postgres"]);
      const counts = await Promise.all(handles.map((handle) => appliedMigrations(handle.db)));
      expect(new Set(counts).size).toBe(1);
      await expectReferenceData(handles[2]!.db);
      await createUser(handles[0]!.db, { userName: "shared@example.in" });
      expect(await handles[1]!.db.select().from(users).where(eq(users.userName, "shared@example.in"))).toHaveLength(1);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await fresh.drop();
    }
  });
});
