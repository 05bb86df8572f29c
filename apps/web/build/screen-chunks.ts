import { fileURLToPath } from "node:url";
import { parseAst } from "rolldown/parseAst";
import type { Rolldown } from "vite";

/** The app's entry and the screen cut here, resolved when the build asks (a test's page has no file URL). */
const moduleFile = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The names a module is asked for: some of its exports, or all of them (a namespace import, an entry). */
type Wanted = ReadonlySet<string> | "all";

/** A module's static imports and re-exports, each with the module it resolved to. */
interface Links {
  imports: { target: string; names: Wanted }[];
  /** `export { a as b } from`: the exported name, the module and the name there. */
  reexports: Map<string, { target: string; name: string }>;
  /** `export * from`: asked for a name it does not export itself, a module looks in these. */
  stars: string[];
}

type Graph = Rolldown.ChunkingContext;

/** A specifier's name: an identifier, or a string literal (`export { a as "b-c" }`). */
const nameOf = (node: { name: string } | { value: unknown }) => String("name" in node ? node.name : node.value);

/**
 * Reads a module's import statements. Rolldown's module information names every module a module
 * imports, but not which of their exports: through a barrel (`import { Select } from "antd"`) that
 * would be all of Ant Design. The statements' sources, in order, match `importedIds`; where they do
 * not (two sources of one module), or the code is not JavaScript, every import counts whole.
 */
function linksOf(id: string, graph: Graph): Links | null {
  const info = graph.getModuleInfo(id);
  if (!info?.code) return null;
  let body;
  try {
    body = parseAst(info.code).body;
  } catch {
    return null;
  }
  const sources: string[] = [];
  for (const statement of body) {
    if ("source" in statement && statement.source && !sources.includes(String(statement.source.value))) sources.push(String(statement.source.value));
  }
  // Helpers the bundler adds (`\0vite/preload-helper.js`) are imported by no statement of the code read here.
  const imported = info.importedIds.filter((importedId) => !importedId.startsWith("\0vite/"));
  if (sources.length !== imported.length) return null;
  const resolved = (source: string) => imported[sources.indexOf(source)]!;
  const links: Links = { imports: [], reexports: new Map(), stars: [] };
  for (const statement of body) {
    if (statement.type === "ImportDeclaration") {
      const whole = statement.specifiers.some((specifier) => specifier.type === "ImportNamespaceSpecifier");
      const names = statement.specifiers.map((specifier) => (specifier.type === "ImportSpecifier" ? nameOf(specifier.imported) : "default"));
      links.imports.push({ target: resolved(String(statement.source.value)), names: whole ? "all" : new Set(names) });
    } else if (statement.type === "ExportNamedDeclaration" && statement.source) {
      for (const specifier of statement.specifiers) {
        links.reexports.set(nameOf(specifier.exported), { target: resolved(String(statement.source.value)), name: nameOf(specifier.local) });
      }
    } else if (statement.type === "ExportAllDeclaration") {
      const target = resolved(String(statement.source.value));
      if (statement.exported) links.reexports.set(nameOf(statement.exported), { target, name: "*" });
      else links.stars.push(target);
    }
  }
  return links;
}

/**
 * The modules a screen runs, following each import to the exports it names: a barrel's other
 * components are not counted. A module's own statements run whole, so everything they import counts.
 */
function modulesUsedBy(root: string, graph: Graph, readLinks: (id: string) => Links | null): Set<string> {
  // Whether a module exports a name, itself or through its own `export *` (a barrel of barrels,
  // which may name each other: ES modules allow the cycle).
  const provides = (id: string, name: string, seen = new Set<string>()): boolean => {
    if (seen.has(id)) return false;
    seen.add(id);
    return (graph.getModuleInfo(id)?.exports ?? []).includes(name) || (readLinks(id)?.stars ?? []).some((target) => provides(target, name, seen));
  };
  const used = new Set<string>();
  const askedFor = new Map<string, Set<string> | "all">();
  const waiting: [string, Wanted][] = [[root, "all"]];
  for (let next = waiting.pop(); next; next = waiting.pop()) {
    const [id, wanted] = next;
    const before = askedFor.get(id);
    if (before === "all") continue;
    const names = wanted === "all" ? "all" : [...wanted].filter((name) => !before?.has(name));
    if (names !== "all" && names.length === 0 && used.has(id)) continue;
    askedFor.set(id, names === "all" ? "all" : new Set([...(before ?? []), ...names]));
    const links = readLinks(id);
    if (!used.has(id)) {
      used.add(id);
      if (links) for (const link of links.imports) waiting.push([link.target, link.names]);
      else for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) waiting.push([imported, "all"]);
    }
    if (!links) continue;
    for (const [exported, { target, name }] of links.reexports) {
      if (names === "all" || names.includes(exported)) waiting.push([target, name === "*" ? "all" : new Set([name])]);
    }
    for (const target of links.stars) {
      const found = names === "all" ? "all" : new Set(names.filter((name) => provides(target, name)));
      if (found === "all" || found.size > 0) waiting.push([target, found]);
    }
  }
  return used;
}

const sizeOf = (ids: Iterable<string>, graph: Graph) => [...ids].reduce((sum, id) => sum + (graph.getModuleInfo(id)?.code?.length ?? 0), 0);

/** Which chunk each module of the admission screen goes to; worked out once, on the first call. */
let chunkOf: Map<string, string> | undefined;

/** Which chunk each module of `screenId` goes to, `entryId` being the app's entry module. */
export function cutScreen(graph: Graph, entryId: string, screenId: string): Map<string, string> {
  const linksCache = new Map<string, Links | null>();
  const readLinks = (id: string) => {
    if (!linksCache.has(id)) linksCache.set(id, linksOf(id, graph));
    return linksCache.get(id)!;
  };
  const firstDownload = modulesUsedBy(entryId, graph, readLinks);
  // The whole screen, the first download's modules among them: the group before this one takes
  // those, and this reading counts a few there that Rolldown does not (a helper that only the
  // on-demand screens import), which would otherwise be files of their own.
  const screen = modulesUsedBy(screenId, graph, readLinks);
  const otherScreens = (graph.getModuleInfo(screenId)?.dynamicImporters ?? [])
    .flatMap((router) => graph.getModuleInfo(router)?.dynamicallyImportedIds ?? [])
    .filter((id) => id !== screenId)
    .map((id) => new Set([...modulesUsedBy(id, graph, readLinks)].filter((used) => screen.has(used))));
  const shared = new Set(otherScreens.flatMap((uses) => [...uses]));
  // A screen that uses less than half of what the form shares (the status page, the dashboard, the
  // staff's layout) takes its part from a chunk of its own, so that it does not download the form's controls.
  const onDemandSize = (ids: Iterable<string>) => sizeOf([...ids].filter((id) => !firstDownload.has(id)), graph);
  const sharedSize = onDemandSize(shared);
  const common = new Set(otherScreens.filter((uses) => onDemandSize(uses) < sharedSize / 2).flatMap((uses) => [...uses]));
  const cut = new Map<string, string>();
  for (const id of screen) cut.set(id, common.has(id) ? "admission-common" : shared.has(id) ? "admission-controls" : "admission");
  return cut;
}

/**
 * A Rolldown code-splitting group's `name`: the admission screen's code, what the first download
 * lacks of it, in three chunks rather than the twenty-odd that Rolldown cuts by which screens share a
 * module (most under 2 KB): `admission` what only that screen uses, `admission-controls` what it
 * shares with the screens that use most of it (Ant Design's Select, Input and Radio: the other forms),
 * and `admission-common` what it shares with the others. On a phone's network each wave of
 * requests costs a round trip (PERFORMANCE.md, fifty-sixth round).
 */
export const admissionScreenChunks: Rolldown.CodeSplittingNameFunction = (moduleId, graph) => (chunkOf ??= cutScreen(graph, moduleFile("../src/main.tsx"), moduleFile("../src/features/admission/routes/AdmissionPage.tsx"))).get(moduleId) ?? null;
