import type { QueryClient } from "@tanstack/react-query";

/**
 * The roots of the query keys for records that more than one feature changes: a decision changes the
 * applications list and makes a student with fee terms; a fee payment, an import or a year-end close
 * changes students and their fees. Each list is read by its own feature under its root; whatever
 * changes the records refreshes the roots it touched, so no screen shows them stale.
 */
export const sharedKeys = {
  applications: ["applications"],
  students: ["students"],
  fees: ["fees"],
} as const;

export function refreshShared(queryClient: QueryClient, ...roots: (keyof typeof sharedKeys)[]) {
  return Promise.all(roots.map((root) => queryClient.invalidateQueries({ queryKey: sharedKeys[root] })));
}
