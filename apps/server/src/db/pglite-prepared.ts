import { parse, protocol, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";
import { LRUCache } from "lru-cache";
import { withQueriesReplaced } from "./pglite-queries.js";

type BackendMessage = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];

/** A statement parsed once under a name of its own, with what describing it told. */
interface PreparedStatement {
  name: string;
  /** The types PostgreSQL gave the statement's parameters, which say how to write each value. */
  parameterTypes: number[];
  /** How its rows look (none for a statement that answers no rows); each execution's rows are read with it. */
  rowDescription: BackendMessage | undefined;
}

/** Statements that Drizzle's queries build; anything else (migrations, savepoints) runs as PGlite runs it. */
const QUERY_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Whether an error of a statement parsed before says that it is out of date: a change of a table it
 * reads changed the rows it answers ("cached plan must not change result type", 0A000) or the types
 * its values were parsed with (class 42: "operator does not exist" and the like), or it is gone
 * (26000). A statement that PostgreSQL parsed once fails this way only after such a change.
 */
function isOutdatedStatementError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && (code === "0A000" || code === "26000" || code.startsWith("42"));
}

/** At most this many statements are kept; the one used longest ago is closed to make room. */
const DEFAULT_CAPACITY = 200;

const { serialize } = protocol;

/**
 * PGlite runs every `query` as six exchanges with PostgreSQL (parse, describe the statement, bind,
 * describe the portal, execute, sync), and PostgreSQL parses and plans the statement again each time:
 * Drizzle's prepared statements are named for node-postgres, and its PGlite driver passes the text
 * alone. On the embedded database that is the server's own thread: a look-up by primary key took 88 µs
 * that way and 17 µs as one exchange of a statement parsed before (docs/PERFORMANCE.md, thirty-second
 * round). Here each query statement is parsed and described once under a name, and then run as bind,
 * execute and sync in one exchange, with PGlite's own locks, value writers, row readers and errors.
 */
export function withPreparedStatements(client: PGlite, capacity = DEFAULT_CAPACITY): PGlite {
  /**
   * Statements that left the cache (the one used longest ago, or an outdated one), closed in
   * PostgreSQL with the next parse.
   */
  const toClose: string[] = [];
  /** By their text. */
  const statements = new LRUCache<string, PreparedStatement>({ max: capacity, dispose: (statement) => toClose.push(statement.name) });
  let statementsNamed = 0;

  async function prepare(text: string, options: QueryOptions | undefined): Promise<PreparedStatement> {
    // Room is made before the parse, so that PostgreSQL never holds more than `capacity` statements.
    if (statements.size >= capacity) statements.pop();
    const name = `pglite_statement_${(statementsNamed += 1)}`;
    const closings = toClose.splice(0).map((closed) => serialize.close({ type: "S", name: closed }));
    const described = await client.execProtocolStream(
      Buffer.concat([...closings, serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()]),
      { syncToFs: false, onNotice: options?.onNotice },
    );
    const statement = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(described),
      rowDescription: described.find((message) => message.name === "rowDescription"),
    };
    statements.set(text, statement);
    return statement;
  }

  /** Runs a statement parsed before as one exchange: bind, execute, sync. */
  async function execute<Row>(statement: PreparedStatement, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<Row>> {
    const { parameterTypes } = statement;
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const write = options?.serializers?.[parameterTypes[index]!] ?? client.serializers[parameterTypes[index]!];
      return write ? write(param) : String(param);
    });
    const messages = await client.execProtocolStream(
      Buffer.concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false, onNotice: options?.onNotice },
    );
    if (!inTransaction) await client.syncToFs();
    const answer = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    return parse.parseResults(answer, client.parsers, options)[0] as Results<Row>;
  }

  async function run<Row>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<Row>> {
    const kept = statements.get(text);
    try {
      if (!kept) return await execute<Row>(await prepare(text, options), params, options, inTransaction);
      try {
        return await execute<Row>(kept, params, options, inTransaction);
      } catch (error) {
        if (!isOutdatedStatementError(error)) throw error;
        statements.delete(text);
        // Outside a transaction the failed statement changed nothing, so it is parsed again and run
        // once more; inside one it has aborted the transaction (or its savepoint), and the next use
        // parses it again.
        if (inTransaction) throw error;
        return await execute<Row>(await prepare(text, options), params, options, inTransaction);
      }
    } catch (error) {
      // As PGlite's own query does, the error says which statement failed, with what.
      throw Object.assign(error as object, { query: text, params, queryOptions: options });
    }
  }

  const isPreparable = (text: string, options: QueryOptions | undefined) => QUERY_STATEMENT.test(text) && !options?.blob && !options?.paramTypes;

  return withQueriesReplaced(client, (query, transaction) =>
    transaction
      ? // Inside its transaction, PGlite's query takes only the statements' lock, and so does this.
        (text, params = [], options) =>
          transaction.closed || !isPreparable(text, options) ? query(text, params, options) : client._runExclusiveQuery(() => run(text, params, options, true))
      : async (text, params = [], options) => {
          if (!isPreparable(text, options)) return query(text, params, options);
          await client._checkReady();
          // PGlite's locks, as its query takes them: no other statement, and no transaction, in between.
          return client._runExclusiveTransaction(() => client._runExclusiveQuery(() => run(text, params, options, false)));
        },
  );
}
