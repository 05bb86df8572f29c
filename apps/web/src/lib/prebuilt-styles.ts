import { reset } from "@ant-design/cssinjs/es/util/cacheMapUtil";

/**
 * The style-engine paths whose styles a loaded stylesheet holds (build/prebuilt-antd-styles.tsx).
 * The engine's own list is read once, from the first stylesheet, when the first style is made; a
 * sheet that comes with a screen's chunk arrives later, so its paths are set here, all sheets' at once.
 */
const inLoadedSheets: Record<string, string> = {};

export function registerPrebuiltStyles(paths: readonly string[]): void {
  for (const path of paths) inLoadedSheets[path] = "prebuilt";
  // `true`: the styles are in a stylesheet, not in style elements to be read back.
  reset(inLoadedSheets, true);
}
