import type { Locale } from "antd/es/locale";
import arEG from "antd/locale/ar_EG";
import enUS from "antd/locale/en_US";
import esES from "antd/locale/es_ES";
import frFR from "antd/locale/fr_FR";
import itIT from "antd/locale/it_IT";
import taIN from "antd/locale/ta_IN";
import zhCN from "antd/locale/zh_CN";
import type { LanguageCode } from "./i18n";

/** Ant Design's own texts (pagination, date pickers, empty states) follow the chosen language. */
export const antdLocales: Record<LanguageCode, Locale> = { en: enUS, zh: zhCN, es: esES, fr: frFR, it: itIT, ar: arEG, ta: taIN };
