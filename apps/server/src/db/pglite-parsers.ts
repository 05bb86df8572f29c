import type { PGlite, QueryOptions } from "@electric-sql/pglite";
import { withQueriesReplaced } from "./pglite-queries.js";

/**
 * Drizzle gives PGlite the same parsers with every statement (timestamps, dates and intervals kept as
 * text, which Drizzle reads itself). PGlite then copies its whole table of parsers, one for each of
 * some three hundred types, into a new one for that statement: about a tenth of a millisecond each
 * time, in the server's own thread, as long as a small statement takes to run (docs/PERFORMANCE.md,
 * fifteenth round). The client here takes them into its table once, the first time they come, and
 * runs each statement without them.
 *
 * Every statement goes through Drizzle, so every statement asks for the same types; one that asked
 * for others would be read with these as well, so it is refused instead.
 */
export function withParsersSetOnce(client: PGlite): PGlite {
  let typesSet: string | undefined;
  const withoutParsers = <Options extends QueryOptions>(options: Options | undefined): Options | undefined => {
    if (!options?.parsers) return options;
    const types = Object.keys(options.parsers).join();
    if (typesSet === undefined) {
      Object.assign(client.parsers, options.parsers);
      typesSet = types;
    } else if (types !== typesSet) {
      throw new Error(`a statement asked for the parsers of types ${types}, where every statement so far asked for ${typesSet}`);
    }
    return { ...options, parsers: undefined };
  };

  return withQueriesReplaced(client, (query) => async (sql, params, options) => query(sql, params, withoutParsers(options)));
}
