import type { Locale } from "antd/es/locale";
import enUS from "antd/es/locale/en_US";
import type { LanguageCode } from "./i18n";

/**
 * Ant Design's own texts (pagination, date pickers, empty states) follow the chosen language. Like the
 * catalogues, only English is in the first download; another language's locale is fetched with its
 * catalogue, before i18next switches to it, so it is here whenever the language shows.
 */
const loaders: Record<Exclude<LanguageCode, "en">, () => Promise<{ default: Locale }>> = {
  zh: () => import("antd/es/locale/zh_CN"),
  es: () => import("antd/es/locale/es_ES"),
  fr: () => import("antd/es/locale/fr_FR"),
  it: () => import("antd/es/locale/it_IT"),
  ar: () => import("antd/es/locale/ar_EG"),
  ta: () => import("antd/es/locale/ta_IN"),
};

const loaded = new Map<string, Locale>([["en", enUS]]);

export async function loadAntdLocale(code: string): Promise<void> {
  const loader = loaders[code as keyof typeof loaders];
  if (loader && !loaded.has(code)) loaded.set(code, (await loader()).default);
}

export function antdLocaleOf(code: string): Locale {
  return loaded.get(code) ?? enUS;
}
