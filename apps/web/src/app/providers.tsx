// The Ant Design styles every screen draws with, made at build time with this root's theme; before
// the app's own stylesheet, whose rules then come later and win over Ant Design's, as they do over the
// styles Ant Design makes in the browser (those go first in the document's head).
import "virtual:prebuilt-antd-styles/every-screen";
import "../styles.css";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { ConfigProvider } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { antdLocaleOf } from "../lib/antd-locales";
import { directionOf } from "../lib/i18n";
import { MessageProvider } from "../lib/message";
import { theme } from "./theme";

/**
 * Every form that refuses its input moves the focus to the first field in error (and scrolls to it),
 * whose error is read out with it: the focus stayed on the button, and a screen reader said nothing.
 */
const forms = { scrollToFirstError: { focus: true, block: "center" } } as const;

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocaleOf(language)} direction={directionOf(language)} theme={theme} form={forms}>
        <MessageProvider>{children}</MessageProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
