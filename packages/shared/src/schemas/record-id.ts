import { z } from "zod";

/** The largest value of a PostgreSQL integer column, which every table's id is. */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * A record's id as a request names it (a path, a query, a body's reference to a course or degree): a
 * whole number from 1 to the largest id a table can hold, refused with `message` otherwise. A larger
 * number names no record, and PostgreSQL refuses to compare an integer column with it, which was a
 * 500 where the caller had sent bad input. `coerce` for ids that come as text (paths, queries).
 */
export function recordId(message?: string, { coerce = true } = {}) {
  const number = coerce ? z.coerce.number({ error: message }) : z.number({ error: message });
  return number.int(message).positive(message).max(MAX_RECORD_ID, message);
}
