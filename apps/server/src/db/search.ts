import { eq, like, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/** Where a staff list looks for what the office types into its search box. */
export interface SearchTargets {
  /** Columns stored upper-cased (a name, an application or admission number), matched from their start. */
  startsWith: AnyPgColumn[];
  /** E-mail columns, matched whole whatever the case. */
  emails: AnyPgColumn[];
  /** The mobile column, matched when the term holds exactly 10 digits. */
  mobile: AnyPgColumn;
}

/** A search term as the office types it: a name's or a number's start, an e-mail or a mobile. */
export function searchCondition(term: string, targets: SearchTargets): SQL {
  const digits = term.replace(/\D/g, "");
  // LIKE's own wildcards are not search terms; what is left of the term is matched from its start.
  const start = term.toUpperCase().replace(/[%_\\]/g, "");
  const options = [
    ...(start ? targets.startsWith.map((column) => like(column, `${start}%`)) : []),
    ...targets.emails.map((column) => eq(sql`lower(${column})`, term.toLowerCase())),
    digits.length === 10 ? eq(targets.mobile, digits) : undefined,
  ];
  return or(...options) ?? sql`false`;
}
