import DataLoader from "dataloader";
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
  const loaders = new WeakMap<Database, DataLoader<Key, Row | undefined>>();
  return (db, key) => {
    let loader = loaders.get(db);
    if (!loader) {
      loader = new DataLoader(
        async (keys) => {
          const found = new Map((await readMany(db, keys)).map((row) => [keyOf(row), row]));
          return keys.map((wanted) => found.get(wanted));
        },
        { cache: false, maxBatchSize: MAX_KEYS_PER_QUERY, batchScheduleFn: (send) => setImmediate(send) },
      );
      loaders.set(db, loader);
    }
    return loader.load(key);
  };
}
