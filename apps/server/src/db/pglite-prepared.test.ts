import { PGlite, type QueryOptions } from "@electric-sql/pglite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withPreparedStatements } from "./pglite-prepared.js";

const schema = `
  create table fees (id serial primary key, code text not null unique, amount numeric(10, 2), due date, paid_at timestamptz, details jsonb, terms int[]);
  insert into fees (code, amount, due, paid_at, details, terms) values
    ('TUITION', 12500.50, '2026-07-01', '2026-06-01 10:30:00+05:30', '{"term": 1}', '{1,2}'),
    ('LAB', 800, null, null, null, '{}');
`;

/** The statements kept under a name in PGlite's session, read without going through the wrapper. */
async function keptStatements(client: PGlite): Promise<string[]> {
  const [result] = await client.exec("select statement from pg_prepared_statements where name like 'pglite_statement_%' order by prepare_time");
  return result!.rows.map((row) => (row as { statement: string }).statement);
}

describe("PGlite with each query statement parsed once", () => {
  let plain: PGlite;
  let prepared: PGlite;
  beforeEach(async () => {
    plain = await PGlite.create();
    prepared = withPreparedStatements(await PGlite.create(), 3);
    await plain.exec(schema);
    await prepared.exec(schema);
  });
  afterEach(async () => {
    await plain.close();
    await prepared.close();
  });

  it("answers every kind of statement as PGlite's own query does, the first time and after", async () => {
    const statements: [string, unknown[], QueryOptions?][] = [
      ["select id, code, amount, due, paid_at, details, terms from fees where code = any($1::text[]) order by id", [["TUITION", "LAB"]]],
      ["select code, amount from fees where amount > $1 and due is not distinct from $2", [100, null], { rowMode: "array" }],
      [
        "insert into fees (code, amount, details) values ($1, $2, $3) on conflict (code) do update set amount = fees.amount + excluded.amount returning id, code, amount, details",
        ["HOSTEL", 4000, JSON.stringify({ rooms: 2 })],
      ],
      ["update fees set amount = amount + $1 where code <> $2", [10, "HOSTEL"]],
      ["with gone as (delete from fees where code = $1 returning code) select count(*)::int as removed from gone", ["HOSTEL"]],
    ];
    for (const [text, params, options] of statements) {
      const expected = await plain.query(text, params, options);
      // Run twice, each time after the same statement on the plain client, which changes the same rows.
      expect(await prepared.query(text, params, options)).toEqual(expected);
      expect(await prepared.query(text, params, options)).toEqual(await plain.query(text, params, options));
    }
    expect((await prepared.query("update fees set amount = 0 where code = $1", ["LAB"])).affectedRows).toBe(1);
  });

  it("parses a statement once however often it runs, and keeps no others", async () => {
    const text = "select code from fees where id = $1";
    for (let id = 1; id <= 3; id += 1) expect((await prepared.query(text, [id])).rows).toEqual(id <= 2 ? [{ code: id === 1 ? "TUITION" : "LAB" }] : []);
    await prepared.query("create table notes (id int)");
    await prepared.query("savepoint nothing").catch(() => undefined);

    expect(await keptStatements(prepared)).toEqual([text]);
  });

  it("keeps at most its number of statements, closing the one used longest ago", async () => {
    const [first, second, third, fourth] = [1, 2, 3, 4].map((n) => `select ${n} as n, code from fees where id = $1`);
    for (const text of [first, second, third, first, fourth]) await prepared.query(text!, [1]);

    expect(new Set(await keptStatements(prepared))).toEqual(new Set([first, third, fourth]));
    // The closed statement is parsed again when it comes back, and closes the next oldest.
    expect((await prepared.query(second!, [1])).rows).toEqual([{ n: 2, code: "TUITION" }]);
    expect(new Set(await keptStatements(prepared))).toEqual(new Set([first, fourth, second]));
  });

  it("rejects as PGlite does, with the statement on the error, and runs the next statements as before", async () => {
    const insert = "insert into fees (code) values ($1)";
    await prepared.query(insert, ["BUS"]);
    const refused = await prepared.query(insert, ["BUS"]).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "23505", constraint: "fees_code_key", query: insert, params: ["BUS"] });

    await expect(prepared.query(insert, ["LIBRARY"])).resolves.toMatchObject({ affectedRows: 1 });
    expect((await prepared.query("select count(*)::int as count from fees", [])).rows).toEqual([{ count: 4 }]);
  });

  it("rolls back a transaction whose statement failed, and one rolled back on purpose", async () => {
    const insert = "insert into fees (code) values ($1)";
    const failed = prepared.transaction(async (tx) => {
      await tx.query(insert, ["SPORTS"]);
      await tx.query(insert, ["TUITION"]);
    });
    await expect(failed).rejects.toMatchObject({ code: "23505" });
    await prepared.transaction(async (tx) => {
      await tx.query(insert, ["CANTEEN"]);
      await tx.rollback();
      await expect(tx.query(insert, ["AFTER"])).rejects.toThrow("Transaction is closed");
    });
    await prepared.transaction((tx) => tx.query(insert, ["EXAM"]));

    expect((await prepared.query("select code from fees order by id", [])).rows).toEqual([{ code: "TUITION" }, { code: "LAB" }, { code: "EXAM" }]);
  });

  it("parses a statement again when a change of its table changed what it answers or what it is given", async () => {
    const byCode = "select id, amount from fees where code = $1";
    const byAmount = "select code from fees where amount = $1";
    expect((await prepared.query(byCode, ["LAB"])).rows).toEqual([{ id: 2, amount: "800.00" }]);
    expect((await prepared.query(byAmount, [800])).rows).toEqual([{ code: "LAB" }]);
    await prepared.exec("alter table fees alter column amount type int using amount::int");
    expect((await prepared.query(byCode, ["LAB"])).rows).toEqual([{ id: 2, amount: 800 }]);
    await prepared.exec("alter table fees alter column amount type text using amount::text");
    // Parsed for a number, the statement would now compare text with a number ("operator does not exist").
    expect((await prepared.query(byAmount, ["800"])).rows).toEqual([{ code: "LAB" }]);
    expect(new Set(await keptStatements(prepared))).toEqual(new Set([byCode, byAmount]));
    // Inside a transaction the outdated statement ends the transaction, as it would on any client.
    await expect(prepared.transaction((tx) => tx.query(byCode, ["LAB"]))).rejects.toMatchObject({ code: "0A000" });
    expect((await prepared.query(byCode, ["LAB"])).rows).toEqual([{ id: 2, amount: "800" }]);
  });

  it("runs a statement sent while a transaction is open after that transaction, not inside it", async () => {
    const insert = "insert into fees (code) values ($1)";
    let outside: Promise<unknown> | undefined;
    const refused = prepared.transaction(async (tx) => {
      await tx.query(insert, ["INSIDE"]);
      outside = prepared.query(insert, ["OUTSIDE"]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error("the payment was refused");
    });
    await expect(refused).rejects.toThrow("the payment was refused");
    await outside;

    expect((await prepared.query("select code from fees order by id", [])).rows).toEqual([{ code: "TUITION" }, { code: "LAB" }, { code: "OUTSIDE" }]);
  });

  it("hands PostgreSQL's notices to the caller that asked for them", async () => {
    await prepared.exec("create function remind(code text) returns int language plpgsql as $$ begin raise notice 'fee % is due', code; return 1; end $$");
    const notices: string[] = [];
    const text = "select remind($1) as reminded";
    for (const code of ["LAB", "BUS"]) await prepared.query(text, [code], { onNotice: (notice) => notices.push(notice.message ?? "") });

    expect(notices).toEqual(["fee LAB is due", "fee BUS is due"]);
  });
});
