import { ConfigProvider, type PaginationProps } from "antd";
import enUS from "antd/es/locale/en_US";
import { cloneElement, isValidElement, useContext, type ReactElement } from "react";

type ItemRender = NonNullable<PaginationProps["itemRender"]>;

/**
 * A table pager's arrows named in the chosen language. Ant Design draws the previous and next page
 * buttons holding only an icon, so a screen reader heard them by the icon's own name, "left" and
 * "right", in every language; its locale words them ("Previous Page") only in the title of the list
 * item around them. (The five-page jumps are links without an address, which may not be named.)
 * Every paginated table passes this as its pagination's itemRender.
 */
export function usePagerItemRender(): ItemRender {
  const texts = useContext(ConfigProvider.ConfigContext).locale?.Pagination ?? enUS.Pagination!;
  const names: Partial<Record<Parameters<ItemRender>[1], string | undefined>> = { prev: texts.prev_page, next: texts.next_page };
  return (_page, type, element) => {
    const name = names[type];
    return name && isValidElement(element) ? cloneElement(element as ReactElement<{ "aria-label"?: string }>, { "aria-label": name }) : element;
  };
}
