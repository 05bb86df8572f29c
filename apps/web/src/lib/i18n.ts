import i18n from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
import { messages, notices } from "@admissions/shared";
import type en from "../locales/en.json";
import { loadAntdLocale } from "./antd-locales";
import { englishFirstPart } from "./english-first-part";
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

/** A catalogue or a part of one: its sections, each of texts. */
type Texts = Record<string, unknown>;
type Part = () => Promise<{ default: Texts }>;
/** The parts a signed-in layout asks for: the applicant's the signed-in texts, the staff's those and their own. */
type LaterPart = "signedIn" | "staff";

/**
 * Each catalogue in its three parts (build/catalogue-parts.ts): `first`, what the screens of the
 * first download show; `signedIn`, the texts of the screens behind the applicant's and the staff's
 * layouts; `staff`, the sections only the staff's screens show. English's first part is in the first
 * download, as the fallback of every other language; every other part is a chunk of its own
 * (docs/PERFORMANCE.md: all seven catalogues weighed 70 KiB gzipped on every first load; thirty-first
 * round: English's signed-in texts, 7.5 KiB; fifty-third round: the staff's, 4.5 KiB, off /admission).
 */
const catalogueParts: Record<LanguageCode, { first: Part } & Record<LaterPart, Part>> = {
  en: {
    first: async () => ({ default: englishFirstPart }),
    signedIn: () => import("virtual:catalogue/en-signed-in"),
    staff: () => import("virtual:catalogue/en-staff"),
  },
  zh: { first: () => import("virtual:catalogue/zh-first"), signedIn: () => import("virtual:catalogue/zh-signed-in"), staff: () => import("virtual:catalogue/zh-staff") },
  es: { first: () => import("virtual:catalogue/es-first"), signedIn: () => import("virtual:catalogue/es-signed-in"), staff: () => import("virtual:catalogue/es-staff") },
  fr: { first: () => import("virtual:catalogue/fr-first"), signedIn: () => import("virtual:catalogue/fr-signed-in"), staff: () => import("virtual:catalogue/fr-staff") },
  it: { first: () => import("virtual:catalogue/it-first"), signedIn: () => import("virtual:catalogue/it-signed-in"), staff: () => import("virtual:catalogue/it-staff") },
  ar: { first: () => import("virtual:catalogue/ar-first"), signedIn: () => import("virtual:catalogue/ar-signed-in"), staff: () => import("virtual:catalogue/ar-staff") },
  ta: { first: () => import("virtual:catalogue/ta-first"), signedIn: () => import("virtual:catalogue/ta-signed-in"), staff: () => import("virtual:catalogue/ta-staff") },
};

const isLanguage = (code: string): code is LanguageCode => languages.some((language) => language.code === code);

function initialLanguage(): LanguageCode {
  const wanted = [storedLocale(), ...(typeof navigator === "undefined" ? [] : navigator.languages)];
  for (const tag of wanted) {
    const code = tag?.slice(0, 2).toLowerCase();
    if (code && isLanguage(code)) return code;
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

/** The languages whose texts have been asked for, and the later parts wanted so far. */
const languagesAskedFor = new Set<LanguageCode>(["en"]);
const partsWanted = new Map<LaterPart, Promise<void>>();

/** A language's texts, fetched together with Ant Design's texts in that language. */
async function loadLanguage(code: string): Promise<Texts> {
  if (!isLanguage(code)) return englishFirstPart;
  languagesAskedFor.add(code);
  // Without them, the signed-in screens show this language's texts in English, the fallback.
  const fetched = new Map<LaterPart, Promise<Texts>>();
  const fetchPart = (part: LaterPart) => {
    if (!fetched.has(part)) fetched.set(part, catalogueParts[code][part]().then(({ default: texts }) => texts, () => ({})));
    return fetched.get(part)!;
  };
  // Chosen on a signed-in screen: the parts it wants at once.
  for (const part of partsWanted.keys()) void fetchPart(part);
  const [{ default: first }] = await Promise.all([catalogueParts[code].first(), loadAntdLocale(code)]);
  // Wanted while the first part was on its way (a signed-in layout began to load): i18next puts the
  // answer in its store section by section, replacing each, so it must hold those parts too.
  const later = await Promise.all([...partsWanted.keys()].map(fetchPart));
  return later.reduce(joinParts, first);
}

/** Two parts as one catalogue: a section may be in both (its texts split between them). */
export function joinParts(first: Texts, signedIn: Texts): Texts {
  const joined = { ...first, ...signedIn };
  for (const [section, texts] of Object.entries(first)) {
    const more = signedIn[section];
    if (more) joined[section] = { ...(texts as object), ...(more as object) };
  }
  return joined;
}

/**
 * A later part of the texts. The signed-in layouts wait for theirs before they draw
 * (app/router.tsx); asking again returns the same promise. A part is fetched in every language asked
 * for so far (a language chosen later brings its own, in `loadLanguage`), but only the shown
 * language's and English's are waited for: another that fails to come leaves those screens in
 * English in that language. If one of those two fails, the layout fails as its chunk would, and the
 * next load of the app asks again.
 */
function loadPart(part: LaterPart): Promise<void> {
  let wanted = partsWanted.get(part);
  if (!wanted) {
    wanted = (async () => {
      const shown = new Set<string>(["en", i18n.resolvedLanguage ?? "en"]);
      const loads = [...languagesAskedFor].map((code) => ({
        shown: shown.has(code),
        load: catalogueParts[code][part]().then(({ default: texts }) => void i18n.addResourceBundle(code, "translation", texts, true, false)),
      }));
      for (const { shown, load } of loads) if (!shown) load.catch(() => undefined);
      await Promise.all(loads.filter(({ shown }) => shown).map(({ load }) => load));
    })().catch((error: unknown) => {
      partsWanted.delete(part);
      throw error;
    });
    partsWanted.set(part, wanted);
  }
  return wanted;
}

/** The texts of the screens behind the applicant's and the staff's layouts. */
export const loadSignedInTexts = () => loadPart("signedIn");

/**
 * The texts only the staff's screens show, which their layout waits for beside the signed-in ones,
 * and the messages only staff are told (staff-messages.ts), which the first download leaves out.
 */
export const loadStaffTexts = () =>
  Promise.all([loadPart("signedIn"), loadPart("staff"), import("./staff-messages").then(({ learnStaffMessages }) => learnStaffMessages())]).then(() => undefined);

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
    // A copy: the signed-in texts are merged into the store's catalogue, not into the part itself.
    resources: { en: { translation: structuredClone(englishFirstPart) } },
    partialBundledLanguages: true,
    lng: startLanguage,
    fallbackLng: "en",
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });

/** The server's and the shared rules' English messages, each with its catalogue key. */
const keyOfMessage = new Map<string, string>();
/** Messages with a {{value}} in them (a fee code, say) are matched by pattern, and the value passed on. */
const messagePatterns: { key: string; pattern: RegExp }[] = [];

/** Messages translateMessage knows from now on: each text of `texts` worded by the catalogue key `keyOf` gives its key. */
export function learnMessages(texts: Record<string, string>, keyOf: (key: string) => string): void {
  for (const [key, text] of Object.entries(texts)) {
    keyOfMessage.set(text, keyOf(key));
    if (text.includes("{{")) {
      const pattern = new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\\{\\\{(\w+)\\\}\\\}/g, "(?<$1>.+)")}$`);
      messagePatterns.push({ key: keyOf(key), pattern });
    }
  }
}

// What the public screens and the applicant's may be told; staff's own come with their texts (loadStaffTexts).
learnMessages(messages, (key) => `validation.${key}`);
learnMessages(notices, (key) => `notices.${key}`);

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
