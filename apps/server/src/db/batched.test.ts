import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/build-app.js";
import { createUser } from "../test/factories.js";
import { batchedGroupsPerDatabase, batchedPerDatabase } from "./batched.js";
import type { Database } from "./client.js";
import { users } from "./schema/index.js";

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(async () => {
  await test.close();
});

/** A batched read of users' mobiles by id that notes the keys of every query it sends. */
function mobilesById(options: { failWhen?: (ids: readonly number[]) => boolean } = {}) {
  const queries: number[][] = [];
  const read = batchedPerDatabase(
    async (db: Database, ids: readonly number[]) => {
      queries.push([...ids]);
      if (options.failWhen?.(ids)) throw new Error("the database went away");
      return db.select({ id: users.id, mobile: users.mobile }).from(users).where(inArray(users.id, [...ids]));
    },
    (row) => row.id,
  );
  return { read: (id: number) => read(test.db, id), queries };
}

describe("batchedPerDatabase", () => {
  it("sends the reads of one turn of the event loop as one query and gives each read its own row, or undefined", async () => {
    const [first, second] = [await createUser(test.db, { mobile: "9000000001" }), await createUser(test.db, { mobile: "9000000002" })];
    const { read, queries } = mobilesById();

    const found = await Promise.all([read(second.id), read(first.id), read(-1), read(second.id)]);

    expect(found).toEqual([{ id: second.id, mobile: "9000000002" }, { id: first.id, mobile: "9000000001" }, undefined, { id: second.id, mobile: "9000000002" }]);
    expect(queries).toEqual([[second.id, first.id, -1, second.id]]);
  });

  it("reads afresh every time: a change committed before a read is in its answer", async () => {
    const user = await createUser(test.db, { mobile: "9000000003" });
    const { read, queries } = mobilesById();

    expect(await read(user.id)).toMatchObject({ mobile: "9000000003" });
    await test.db.update(users).set({ mobile: "9000000004" }).where(eq(users.id, user.id));
    expect(await read(user.id)).toMatchObject({ mobile: "9000000004" });
    expect(queries).toHaveLength(2);
  });

  it("asks a failed query's keys again one by one, so a key the database refuses fails only its own read", async () => {
    const user = await createUser(test.db, { mobile: "9000000005" });
    const { read, queries } = mobilesById({ failWhen: (ids) => ids.includes(-1) });

    const outcomes = await Promise.allSettled([read(user.id), read(-1)]);

    expect(outcomes).toEqual([
      { status: "fulfilled", value: { id: user.id, mobile: "9000000005" } },
      { status: "rejected", reason: new Error("the database went away") },
    ]);
    expect(queries).toEqual([[user.id, -1], [user.id], [-1]]);
  });

  it("fails every read when the database fails them all, and the next turn's reads are asked again", async () => {
    const user = await createUser(test.db, { mobile: "9000000008" });
    let failing = true;
    const { read, queries } = mobilesById({ failWhen: () => failing });

    const failed = await Promise.allSettled([read(user.id), read(-1)]);
    expect(failed.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
    failing = false;
    expect(await read(user.id)).toMatchObject({ mobile: "9000000008" });
    expect(queries).toEqual([[user.id, -1], [user.id], [-1], [user.id]]);
  });

  it("splits a turn with more than 500 reads into queries of at most 500", async () => {
    const user = await createUser(test.db, { mobile: "9000000006" });
    const { read, queries } = mobilesById();

    const found = await Promise.all(Array.from({ length: 1_201 }, (_, index) => read(index === 1_200 ? user.id : -index)));

    expect(queries.map((keys) => keys.length)).toEqual([500, 500, 201]);
    expect(found.filter(Boolean)).toEqual([{ id: user.id, mobile: "9000000006" }]);
  });
});

describe("batchedGroupsPerDatabase", () => {
  it("sends the keys of one turn as one statement and gives each caller all its key's rows, or none", async () => {
    const [first, second] = [await createUser(test.db, { mobile: "9000000007" }), await createUser(test.db, { mobile: "9000000007" })];
    const queries: string[][] = [];
    const usersWithMobile = batchedGroupsPerDatabase(
      async (db: Database, mobiles: readonly string[]) => {
        queries.push([...mobiles]);
        return db.select({ id: users.id, mobile: users.mobile }).from(users).where(inArray(users.mobile, [...mobiles]));
      },
      (row) => row.mobile ?? "",
    );

    const found = await Promise.all(["9000000007", "9000000099"].map((mobile) => usersWithMobile(test.db, mobile)));

    expect(found[0]!.map((row) => row.id).sort()).toEqual([first.id, second.id].sort());
    expect(found[1]).toEqual([]);
    expect(queries).toEqual([["9000000007", "9000000099"]]);
  });
});
