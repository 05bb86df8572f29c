import { useState, type Key } from "react";
import { useSearchParams } from "react-router";

/**
 * A list screen's page and filters, kept in the URL so that Back, reload and a shared link show the
 * same list. `update` sets or clears parameters (empty means cleared); any change but paging starts
 * again at the first page.
 */
export function useUrlQuery() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | undefined>, keepPage = false) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === "") next.delete(key);
      else next.set(key, value);
    }
    if (!keepPage) next.delete("pageNo");
    setParams(next);
  };
  return { params, update };
}

type TableSort = { order?: "ascend" | "descend" | null; columnKey?: Key };

/** The order a server-sorted table shows on a column: the URL's sort, or the list's default. */
export function sortOrderIn(params: URLSearchParams, key: string, defaults: { sort: string; order: "asc" | "desc" }): "ascend" | "descend" | null {
  if ((params.get("sort") ?? defaults.sort) !== key) return null;
  return (params.get("order") ?? defaults.order) === "asc" ? "ascend" : "descend";
}

/**
 * What a table's paging (and sorting, where it sorts on the server) changes in the URL: the page
 * (none for the first), the sorted column and its order (none for the list's default).
 */
export function tableChange(pagination: { current?: number }, sorter?: TableSort | TableSort[]): Record<string, string | undefined> {
  const pageNo = pagination.current && pagination.current > 1 ? String(pagination.current - 1) : undefined;
  if (sorter === undefined) return { pageNo };
  const single = Array.isArray(sorter) ? sorter[0] : sorter;
  const sort = single?.order ? String(single.columnKey) : undefined;
  return { pageNo, sort, order: sort ? (single!.order === "ascend" ? "asc" : "desc") : undefined };
}

/**
 * What a filter's box shows of a value kept in the page's address: what is typed, and the address's
 * value whenever that changes by other means (Back, a link). The box's own values reach the address
 * a render or a list's answer after they were sent, in the order sent; drawn from the address as they
 * came, the box lost what was typed meanwhile. `sent` names a value the box passed on.
 */
export function useAddressText(value: string) {
  const [text, setText] = useState(value);
  const [followedValue, setFollowedValue] = useState(value);
  const [unarrived, setUnarrived] = useState<readonly string[]>([]);
  if (value !== followedValue) {
    setFollowedValue(value);
    const ours = unarrived.indexOf(value);
    setUnarrived(ours >= 0 ? unarrived.slice(ours + 1) : []);
    if (ours < 0) setText(value);
  }
  return { text, setText, sent: (sentValue: string) => setUnarrived((values) => [...values, sentValue]) };
}
