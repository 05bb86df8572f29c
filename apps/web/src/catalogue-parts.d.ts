/** A part of a language's catalogue, cut at build time (build/catalogue-parts.ts). */
declare module "virtual:catalogue/*" {
  const texts: Partial<import("./lib/i18n").Catalogue>;
  export default texts;
}
