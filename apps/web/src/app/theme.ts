import type { ThemeConfig } from "antd";

/**
 * Darker than Ant Design's defaults, so links, buttons and hint texts keep WCAG AA's 4.5:1 contrast
 * on white and on the page background. Under the pointer too: Ant Design lightens the primary colour
 * for hover (#4373e6, 4.3:1 on white), so hover darkens it instead (#0e35b3, the next shade of its
 * palette, 9.6:1); the error colour likewise.
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: "#1d4ed8",
    colorPrimaryHover: "#0e35b3",
    colorLink: "#1d4ed8",
    colorLinkHover: "#0e35b3",
    colorError: "#c81e1e",
    // Ant Design lightens it under the pointer (#d44642: 4.4:1 behind a red button's white text).
    colorErrorHover: "#9b1c1c",
    colorTextDescription: "#595959",
    colorTextPlaceholder: "#6b7280",
    borderRadius: 6,
    fontSize: 15,
    // The page's own fonts (styles.css), which name the Tamil and Arabic ones: Ant Design's list has
    // neither, so a Tamil name on a screen in another language showed as boxes where no system font had it.
    fontFamily: "inherit",
  },
  // The class that scopes the theme's CSS variables. Ant Design names it from React's useId unless
  // told, and the ids of a server render (build/prebuilt-antd-styles.tsx) differ from the browser's.
  cssVar: { key: "css-var-app" },
};
