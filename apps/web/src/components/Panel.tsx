import type { HTMLAttributes } from "react";

/**
 * A screen's white, bordered area, drawn as Ant Design's Card draws one. Not Card itself: Card
 * imports Tabs (for its tab bar) and with it Dropdown and Menu, about 20 KiB gzipped on every
 * screen's first download for a feature no screen here uses. Sections with a title bar or a
 * loading state (the review and student sections, the dashboard's charts) keep Card.
 */
export function Panel({ className, ...rest }: HTMLAttributes<HTMLElement>) {
  return <section className={className ? `panel ${className}` : "panel"} {...rest} />;
}
