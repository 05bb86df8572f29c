/** A part of a language's catalogue, cut at build time (build/catalogue-parts.ts): its sections of texts. */
declare module "virtual:catalogue/*" {
  const texts: Record<string, unknown>;
  export default texts;
}
