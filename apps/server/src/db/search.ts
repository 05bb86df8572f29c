import { eq, like, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/** Where a staff list looks for what the office types into its search box. */
export interface SearchTargets {
  /** The name column, stored upper-cased: each word typed starts one of the name's words, in any order. */
  name: AnyPgColumn;
  /** Columns stored upper-cased (an application or admission number), matched from their start. */
  startsWith: AnyPgColumn[];
  /** Columns stored upper-cased and typed whole (a receipt or an order number), matched whole whatever the case. */
  exactly?: AnyPgColumn[];
  /** E-mail columns, matched whole whatever the case. */
  emails: AnyPgColumn[];
  /** The mobile column, matched when the term holds exactly 10 digits. */
  mobile: AnyPgColumn;
}

/**
 * A name's words as its full-text index keeps them (the `simple` configuration: every word, lower-cased,
 * none left out). The index is made on this very expression, or the planner cannot use it.
 */
export const nameWords = (column: AnyPgColumn): SQL => sql`to_tsvector('simple', ${column})`;

/**
 * The words typed as a full-text query, each the start of a word of the name: "s priya" and "S.PRIYA"
 * find PRIYA S, whose initial the office may type first. A name holds letters and spaces only, so a
 * term with anything else in a word (LIKE's wildcards, say) is no name, and matches none.
 */
function nameQuery(term: string): string | undefined {
  const words = term.toUpperCase().split(/[\s.]+/).filter(Boolean);
  if (words.length === 0 || !words.every((word) => /^[A-Z0-9]+$/.test(word))) return undefined;
  return words.map((word) => `${word.toLowerCase()}:*`).join(" & ");
}

/** A search term as the office types it: a name's words, a number's start or whole, an e-mail or a mobile. */
export function searchCondition(term: string, targets: SearchTargets): SQL {
  const digits = term.replace(/\D/g, "");
  // LIKE's own wildcards are not search terms; what is left of the term is matched from its start.
  const start = term.toUpperCase().replace(/[%_\\]/g, "");
  const words = nameQuery(term);
  const options = [
    words ? sql`${nameWords(targets.name)} @@ to_tsquery('simple', ${words})` : undefined,
    ...(start ? targets.startsWith.map((column) => like(column, `${start}%`)) : []),
    ...(targets.exactly ?? []).map((column) => eq(column, term.trim().toUpperCase())),
    ...targets.emails.map((column) => eq(sql`lower(${column})`, term.toLowerCase())),
    digits.length === 10 ? eq(targets.mobile, digits) : undefined,
  ];
  return or(...options) ?? sql`false`;
}
