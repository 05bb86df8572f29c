import { PGlite, types } from "@electric-sql/pglite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withParsersSetOnce } from "./pglite-parsers.js";

/** What Drizzle's PGlite driver gives with every statement: these types kept as PostgreSQL writes them. */
const keepText = (value: string) => value;
const drizzleOptions = { rowMode: "array", parsers: { [types.TIMESTAMP]: keepText, [types.TIMESTAMPTZ]: keepText, [types.DATE]: keepText } } as const;

const statement = "select $1::timestamp as at, $2::date as day, $3::int as count, $4::jsonb as details, $5::timestamptz as stamped";
const params = ["2026-06-01 10:30:00", "2026-06-01", 7, JSON.stringify({ fee: 500 }), "2026-06-01 10:30:00+05:30"];

describe("PGlite with Drizzle's parsers set once", () => {
  let plain: PGlite;
  let setOnce: PGlite;
  beforeEach(async () => {
    plain = await PGlite.create();
    setOnce = withParsersSetOnce(await PGlite.create());
  });
  afterEach(async () => {
    await plain.close();
    await setOnce.close();
  });

  it("reads every statement as PGlite does with the parsers given each time, in a transaction too", async () => {
    const expected = (await plain.query(statement, params, drizzleOptions)).rows;
    expect(expected).toEqual([["2026-06-01 10:30:00", "2026-06-01", 7, { fee: 500 }, "2026-06-01 05:00:00+00"]]);

    expect((await setOnce.query(statement, params, drizzleOptions)).rows).toEqual(expected);
    expect((await setOnce.transaction((tx) => tx.query(statement, params, drizzleOptions))).rows).toEqual(expected);
    expect((await setOnce.query(statement, params, drizzleOptions)).rows).toEqual(expected);
  });

  it("keeps a transaction's rollback and its closing", async () => {
    await setOnce.query("create table fees (amount int)");
    await expect(
      setOnce.transaction(async (tx) => {
        await tx.query("insert into fees values (500)", [], drizzleOptions);
        throw new Error("the payment was refused");
      }),
    ).rejects.toThrow("the payment was refused");
    const closed = await setOnce.transaction(async (tx) => {
      await tx.query("insert into fees values (700)", [], drizzleOptions);
      return () => tx.closed;
    });
    expect(closed()).toBe(true);
    expect((await setOnce.query("select amount from fees", [], drizzleOptions)).rows).toEqual([[700]]);
  });

  it("refuses a statement that asks for other parsers, rather than reading it with Drizzle's", async () => {
    await setOnce.query(statement, params, drizzleOptions);
    await expect(setOnce.query("select now()", [], { parsers: { [types.TIMESTAMPTZ]: keepText } })).rejects.toThrow(
      `a statement asked for the parsers of types ${types.TIMESTAMPTZ}, where every statement so far asked for ${types.DATE},${types.TIMESTAMP},${types.TIMESTAMPTZ}`,
    );
  });
});
