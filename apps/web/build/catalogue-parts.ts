import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { virtualModules } from "./virtual-modules.ts";

/**
 * Each language's catalogue (src/locales/<code>.json, one file per language for its translator)
 * comes in three parts, cut here at build time: `first`, what the screens of the first download show;
 * `signed-in`, the texts of the screens behind the applicant's and the staff's layouts, which come
 * with those layouts' chunks (PERFORMANCE.md, thirty-first round); and `staff`, the sections only the
 * staff's screens show, which come with the staff's layout alone, so that an applicant never
 * downloads them (fifty-third round).
 *
 * `virtual:catalogue/<code>-first`, `<code>-signed-in` and `<code>-staff` are the parts (so named,
 * the chunks are too: fr-signed-in-<hash>.js).
 */

/**
 * The texts of the first part: whole sections of the catalogue, or single texts of a section. They
 * are what the public screens, the error pages, and the frames drawn while a signed-in screen's code
 * loads (app/router.tsx, ScreenPlaceholder) show, and the messages of the shared rules and the
 * server that those screens translate. Every other text is in the signed-in part; a test renders the
 * first download's screens with the first part alone (src/app/catalogue-parts.test.tsx).
 */
export const firstPartTexts = [
  "app",
  "language",
  "nav",
  "signin",
  "signup",
  "forgot",
  "reset",
  "errors",
  "common",
  "validation",
  "notices",
  "admission.onlineTitle",
];

/**
 * English's sections whose texts are the shared package's messages word for word (SPEC.md's English,
 * which the shared rules and the server speak; locales/locales.test.ts keeps them equal). The first
 * download carries those messages already, with the rules, so English's built first part leaves the
 * sections out and the app lays them back from the package (src/lib/english-first-part.ts): about 2
 * KiB gzipped of /signin's first download, twice over.
 */
export const englishSectionsOfSharedMessages = ["validation", "notices"];

/**
 * The sections of the staff part: whole sections that only the screens of the staff's layout use
 * (a test checks that no other code names them), `staffNotices` among them: the server's notices to
 * staff alone, which the shared package keeps apart for the same reason. The staff's other sections (masters, users,
 * review, students, reports) stay in the signed-in part: the applicant's screens or the messages
 * they translate use some of their texts.
 */
export const staffPartSections = ["admin", "applications", "activity", "academic", "studentImport", "staffNotices"];

/** A catalogue or a part of one: its sections, each of texts. */
type Texts = Record<string, unknown>;
export type CataloguePart = "first" | "signed-in" | "staff";

/** The texts of one part of a catalogue; the three parts together are the whole catalogue. */
export function partOf(catalogue: Texts, part: CataloguePart): Texts {
  const inFirst = (section: string, key?: string) =>
    firstPartTexts.includes(section) || (key !== undefined && firstPartTexts.includes(`${section}.${key}`));
  const picked: Texts = {};
  for (const [section, texts] of Object.entries(catalogue)) {
    if (typeof texts !== "object" || texts === null || inFirst(section)) {
      if (part === "first") picked[section] = texts;
      continue;
    }
    if (staffPartSections.includes(section)) {
      if (part === "staff") picked[section] = texts;
      continue;
    }
    if (part === "staff") continue;
    const keys = Object.entries(texts as Texts).filter(([key]) => inFirst(section, key) === (part === "first"));
    if (keys.length > 0) picked[section] = Object.fromEntries(keys);
  }
  return picked;
}

const localesFolder = new URL("../src/locales/", import.meta.url);

export function catalogueParts(): Plugin {
  return virtualModules("catalogue-parts", "virtual:catalogue/", async (name, watchFile) => {
    const match = /^([a-z]{2})-(first|signed-in|staff)$/.exec(name);
    if (!match) throw new Error(`virtual:catalogue/${name} names no catalogue part: virtual:catalogue/<code>-first, -signed-in or -staff`);
    const [, code, part] = match;
    const file = new URL(`${code}.json`, localesFolder);
    watchFile(fileURLToPath(file));
    const catalogue = JSON.parse(await readFile(file, "utf8")) as Texts;
    const texts = partOf(catalogue, part as CataloguePart);
    if (code === "en") for (const section of englishSectionsOfSharedMessages) delete texts[section];
    // As JSON.parse of a string, as Vite does for a large JSON file: quicker to evaluate than a literal.
    return `export default JSON.parse(${JSON.stringify(JSON.stringify(texts))});`;
  });
}
