import DataLoader from "dataloader";
import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database } from "./client.js";

/** More keys than this in one turn are sent as several queries, so that no statement grows without bound. */
const MAX_KEYS_PER_QUERY = 500;

/**
 * A read by one key that many requests make at the same moment (every applicant's screen polls its
 * status): the keys asked for during one turn of the event loop go to the database as one query.
 * On a deadline day a round trip per poll costs PostgreSQL and the server more than the rows do.
 *
 * The batch waits for `setImmediate`, which runs once the loop has handled every request that had
 * arrived, rather than DataLoader's default of the end of the current task, which is one request.
 * Nothing is cached: each read asks the database afresh, so an answer is never older than the
 * request, and a write committed before a read is always seen by it.
 */
export function batchedPerDatabase<Key, Row>(
  readMany: (db: Database, keys: readonly Key[]) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
): (db: Database, key: Key) => Promise<Row | undefined> {
  return loaderPerDatabase(async (db, keys) => {
    const found = new Map((await readMany(db, keys)).map((row) => [keyOf(row), row]));
    return keys.map((wanted) => found.get(wanted));
  });
}

/** batchedPerDatabase for a statement that answers any number of rows per key: each caller gets its key's rows. */
export function batchedGroupsPerDatabase<Key, Row>(
  runMany: (db: Database, keys: readonly Key[]) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
): (db: Database, key: Key) => Promise<Row[]> {
  return loaderPerDatabase(async (db, keys) => {
    const groups = new Map<Key, Row[]>();
    for (const row of await runMany(db, keys)) {
      const group = groups.get(keyOf(row));
      if (group) group.push(row);
      else groups.set(keyOf(row), [row]);
    }
    return keys.map((wanted) => groups.get(wanted) ?? []);
  });
}

/**
 * A failed batch is asked again one key at a time, so that a key the database refuses (a number out
 * of range, a character text cannot hold) or a statement that lost a deadlock fails only its own
 * callers, never the other requests that happened to arrive in the same turn.
 */
function loaderPerDatabase<Key, Value>(load: (db: Database, keys: readonly Key[]) => Promise<Value[]>): (db: Database, key: Key) => Promise<Value> {
  const loadEachAloneIfTheBatchFails = async (db: Database, keys: readonly Key[]): Promise<(Value | Error)[]> => {
    try {
      return await load(db, keys);
    } catch (error) {
      if (keys.length === 1) throw error;
      return Promise.all(keys.map((key) => load(db, [key]).then((values) => values[0] as Value, toError)));
    }
  };
  const loaders = new WeakMap<Database, DataLoader<Key, Value>>();
  return (db, key) => {
    let loader = loaders.get(db);
    if (!loader) {
      loader = new DataLoader((keys) => loadEachAloneIfTheBatchFails(db, keys), {
        cache: false,
        maxBatchSize: MAX_KEYS_PER_QUERY,
        batchScheduleFn: (send) => setImmediate(send),
      });
      loaders.set(db, loader);
    }
    return loader.load(key);
  };
}

/**
 * The condition of a batched read's prepared query: the column holds one of the batch's keys, which
 * the query is executed with as the array placeholder `placeholder`.
 */
export function isOneOfTheKeys(column: PgColumn, placeholder: string): SQL {
  return sql`${column} = any(${sql.placeholder(placeholder)}::${sql.raw(column.getSQLType())}[])`;
}

const toError = (failure: unknown) => (failure instanceof Error ? failure : new Error(String(failure)));
