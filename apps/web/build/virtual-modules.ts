import type { Plugin } from "vite";

/**
 * A Vite plugin of modules that exist only in the build: an import of `prefix` + a name resolves to
 * the same id marked with "\0" (Rollup's sign that no other plugin should read it as a file), and
 * `make` writes the module from its name. `watchFile` names a file the module was made from, so that
 * the development server and the test watcher make it again when the file changes.
 */
export function virtualModules(
  pluginName: string,
  prefix: string,
  make: (moduleName: string, watchFile: (file: string) => void) => Promise<string>,
): Plugin {
  const resolvedPrefix = "\0" + prefix;
  return {
    name: pluginName,
    resolveId(id) {
      return id.startsWith(prefix) ? "\0" + id : undefined;
    },
    load(id) {
      if (!id.startsWith(resolvedPrefix)) return undefined;
      return make(id.slice(resolvedPrefix.length), (file) => this.addWatchFile(file));
    },
  };
}
