import { sql, type SQL } from "drizzle-orm";
import type { Database } from "./client.js";

/** The rows of a raw query; PGlite and node-postgres both answer them as `rows`. */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * A list as a subquery over one JSON parameter, for `IN`: ten thousand admission numbers or ids are
 * one bind value rather than ten thousand (PostgreSQL takes at most 65,535 per statement).
 */
export function listOf(values: readonly string[] | readonly number[]): SQL {
  const elements = sql`jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) as element`;
  return typeof values[0] === "number" ? sql`(select element::int from ${elements})` : sql`(select element from ${elements})`;
}
