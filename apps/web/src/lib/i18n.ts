import i18n from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
import { masterMessages, messages, notices, userMessages } from "@admissions/shared";
import en from "../locales/en.json";
import { loadAntdLocale } from "./antd-locales";
import { storedLocale, storeLocale } from "./storage";

export const languages = [
  { code: "en", name: "English", dir: "ltr" },
  { code: "zh", name: "中文", dir: "ltr" },
  { code: "es", name: "Español", dir: "ltr" },
  { code: "fr", name: "Français", dir: "ltr" },
  { code: "it", name: "Italiano", dir: "ltr" },
  { code: "ar", name: "العربية", dir: "rtl" },
  { code: "ta", name: "தமிழ்", dir: "ltr" },
] as const;

export type LanguageCode = (typeof languages)[number]["code"];
export type Catalogue = typeof en;

/**
 * English is in the first download, as the fallback of every other language; each other catalogue is
 * a chunk of its own, fetched when it is chosen (docs/PERFORMANCE.md: all seven weighed 70 KiB gzipped
 * on every first load).
 */
const otherCatalogues: Record<Exclude<LanguageCode, "en">, () => Promise<{ default: Catalogue }>> = {
  zh: () => import("../locales/zh.json"),
  es: () => import("../locales/es.json"),
  fr: () => import("../locales/fr.json"),
  it: () => import("../locales/it.json"),
  ar: () => import("../locales/ar.json"),
  ta: () => import("../locales/ta.json"),
};

function initialLanguage(): LanguageCode {
  const wanted = [storedLocale(), ...(typeof navigator === "undefined" ? [] : navigator.languages)];
  for (const tag of wanted) {
    const code = tag?.slice(0, 2).toLowerCase();
    if (languages.some((language) => language.code === code)) return code as LanguageCode;
  }
  return "en";
}

export function directionOf(code: string): "ltr" | "rtl" {
  return languages.find((language) => language.code === code)?.dir ?? "ltr";
}

/** Keeps <html lang dir> in step with the language, so screen readers and the layout follow it. */
function applyToDocument(code: string): void {
  document.documentElement.lang = code;
  document.documentElement.dir = directionOf(code);
}

/** A language's catalogue, fetched together with Ant Design's texts in that language. */
async function loadLanguage(code: string): Promise<Catalogue> {
  const catalogue = otherCatalogues[code as keyof typeof otherCatalogues];
  if (!catalogue) return en;
  const [{ default: translation }] = await Promise.all([catalogue(), loadAntdLocale(code)]);
  return translation;
}

const startLanguage = initialLanguage();
applyToDocument(startLanguage);
// Listening before init, so the change to the starting language, whenever it lands, is seen too.
i18n.on("languageChanged", (code) => {
  storeLocale(code);
  applyToDocument(code);
});

/** Settles once the starting language is in: the app renders after it, so no English flashes first. */
export const i18nReady = i18n
  .use(initReactI18next)
  .use(resourcesToBackend(loadLanguage))
  .init({
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    lng: startLanguage,
    fallbackLng: "en",
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });

const keyOfMessage = new Map<string, string>([
  ...Object.entries(messages).map(([key, text]) => [text, `validation.${key}`] as const),
  ...Object.entries(notices).map(([key, text]) => [text, `notices.${key}`] as const),
  ...Object.entries(masterMessages).map(([key, text]) => [text, `masters.messages.${key}`] as const),
  ...Object.entries(userMessages).map(([key, text]) => [text, `users.messages.${key}`] as const),
]);

/** Messages with a {{value}} in them (a fee code, say) are matched by pattern, and the value passed on. */
const messagePatterns = [...keyOfMessage]
  .filter(([text]) => text.includes("{{"))
  .map(([text, key]) => ({
    key,
    pattern: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\\{\\\{(\w+)\\\}\\\}/g, "(?<$1>.+)")}$`),
  }));

/**
 * Shared schemas and the server speak SPEC.md's English; this finds the catalogue key of such a
 * message so that it shows in the chosen language. Unknown text is shown as it came.
 */
export function translateMessage(text: string): string {
  const key = keyOfMessage.get(text);
  if (key) return i18n.t(key);
  for (const { key: patternKey, pattern } of messagePatterns) {
    const match = pattern.exec(text);
    if (match) return i18n.t(patternKey, match.groups);
  }
  return text;
}

export default i18n;
