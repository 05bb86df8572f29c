import { Grid, type DescriptionsProps } from "antd";

/**
 * A bordered list of facts on a phone puts each label above its value: beside them, a long label
 * (Tamil's most) left the values a column too narrow for an application number or a status.
 */
export function useFactsLayout(): DescriptionsProps["layout"] {
  const wide = Grid.useBreakpoint().sm ?? true;
  return wide ? "horizontal" : "vertical";
}
