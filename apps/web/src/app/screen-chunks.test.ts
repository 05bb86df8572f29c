import { describe, expect, it } from "vitest";
import { cutScreen } from "../../build/screen-chunks";

interface FakeModule {
  code: string;
  importedIds?: string[];
  exports?: string[];
  dynamicallyImportedIds?: string[];
}

/** A module graph as Rolldown's chunking context describes it; the form's screen is imported on demand by the router. */
function graphOf(modules: Record<string, FakeModule>) {
  return {
    getModuleInfo(id: string) {
      const module = modules[id];
      if (!module) return null;
      const dynamicImporters = Object.keys(modules).filter((other) => modules[other]!.dynamicallyImportedIds?.includes(id));
      return { id, code: module.code, importedIds: module.importedIds ?? [], exports: module.exports ?? [], dynamicImporters, dynamicallyImportedIds: module.dynamicallyImportedIds ?? [] };
    },
  } as unknown as Parameters<typeof cutScreen>[0];
}

/** Code of a given length, so that a screen's share of the form's code can be weighed. */
const filler = (length: number) => `const filler = "${"x".repeat(length)}";`;

const modules: Record<string, FakeModule> = {
  main: { code: `import "router";`, importedIds: ["router"] },
  router: { code: `import("form"); import("staffList"); import("status");`, dynamicallyImportedIds: ["form", "staffList", "status"] },
  // A barrel of components, as Ant Design's index is, and a barrel of barrels, as the shared package's is.
  ui: { code: `export { default as Select } from "./select"; export { default as Table } from "./table"; export { default as Tag } from "./tag";`, importedIds: ["select", "table", "tag"] },
  select: { code: `import "./select-core"; export default 1; ${filler(3000)}`, importedIds: ["select-core"], exports: ["default"] },
  "select-core": { code: filler(3000) },
  table: { code: `export default 1; ${filler(5000)}`, exports: ["default"] },
  tag: { code: `export default 1; ${filler(100)}`, exports: ["default"] },
  shared: { code: `export * from "./reference/index.js";`, importedIds: ["reference"] },
  reference: { code: `export * from "./personal.js";`, importedIds: ["personal"] },
  personal: { code: `export const religions = []; ${filler(100)}`, exports: ["religions"] },
  form: { code: `import { Select, Tag } from "ui"; import { religions } from "shared"; import "./steps";`, importedIds: ["ui", "shared", "steps"] },
  steps: { code: filler(500) },
  staffList: { code: `import { Select, Table, Tag } from "ui";`, importedIds: ["ui"] },
  status: { code: `import { Tag } from "ui";`, importedIds: ["ui"] },
};

describe("the admission screen's chunks", () => {
  const cut = cutScreen(graphOf(modules), "main", "form");

  it("counts a barrel's components by the names imported from it, barrels of barrels included", () => {
    expect(cut.has("table")).toBe(false);
    expect(cut.get("personal")).toBe("admission");
    expect(cut.get("select-core")).toBe("admission-controls");
  });

  it("keeps what the screen alone uses apart, what the forms share in one chunk and what a light screen uses in another", () => {
    expect(cut.get("form")).toBe("admission");
    expect(cut.get("steps")).toBe("admission");
    expect(cut.get("select")).toBe("admission-controls");
    // The status screen uses a sliver of what the form shares: it takes that from a chunk without the Select.
    expect(cut.get("tag")).toBe("admission-common");
  });

  it("counts every import whole where the statements cannot be matched with the modules they resolved to", () => {
    const unmatched = cutScreen(graphOf({ ...modules, form: { ...modules.form!, importedIds: ["ui", "shared"] } }), "main", "form");
    expect(unmatched.has("table")).toBe(true);
  });
});
