import type { TableRef } from "antd/es/table";
import { useLayoutEffect, useRef, type RefObject } from "react";

/**
 * A ref for an Ant Design table whose columns scroll sideways (`scroll.x`): it makes the table's
 * scroller a labelled region that takes focus, so a keyboard user can scroll a wide table on a phone
 * with the arrow keys (WCAG 2.1.1; axe's scrollable-region-focusable, which an empty table or rows
 * without links would fail). Ant Design draws that scroller itself and takes no props for it.
 */
export function useScrollableTable(label: string): RefObject<TableRef | null> {
  const table = useRef<TableRef>(null);
  // After every render, not only when the label changes: the table may have drawn a new scroller.
  useLayoutEffect(() => {
    // The first scroller is the table's own; a table in an expanded row comes after it.
    const scroller = table.current?.nativeElement.querySelector<HTMLElement>(".ant-table-content");
    if (!scroller) return;
    scroller.tabIndex = 0;
    scroller.setAttribute("role", "region");
    scroller.setAttribute("aria-label", label);
  });
  return table;
}
