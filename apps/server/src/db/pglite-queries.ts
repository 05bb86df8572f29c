import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";

/** A client's `query`: PGlite's own, or a transaction's. */
export type Query = <Row>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<Row>>;

/**
 * The client with its `query` replaced, at the top and inside each of its transactions: `replace` is
 * given the query it stands in for, and the transaction it runs in, if any. The transaction's other
 * members (its `closed` getter, its rollback) stay as they are.
 */
export function withQueriesReplaced(client: PGlite, replace: (query: Query, transaction?: Transaction) => Query): PGlite {
  const query = replace(client.query.bind(client));
  const transaction = client.transaction.bind(client);
  return Object.assign(client, {
    query: query satisfies PGlite["query"],
    transaction: (<Result>(work: (tx: Transaction) => Promise<Result>) =>
      transaction((tx) => work(Object.assign(Object.create(tx) as Transaction, { query: replace(tx.query.bind(tx), tx) satisfies Transaction["query"] })))) satisfies PGlite["transaction"],
  });
}
