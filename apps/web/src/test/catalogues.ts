import ar from "../locales/ar.json";
import en from "../locales/en.json";
import es from "../locales/es.json";
import fr from "../locales/fr.json";
import it from "../locales/it.json";
import ta from "../locales/ta.json";
import zh from "../locales/zh.json";
import type { Catalogue, LanguageCode } from "../lib/i18n";

/** All seven catalogues at once, for tests that compare them; the app itself fetches one at a time. */
export const catalogues: Record<LanguageCode, Catalogue> = { en, zh, es, fr, it, ar, ta };
