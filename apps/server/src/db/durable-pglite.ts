import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

/** The part of Emscripten's Node file layer (NODEFS) this module completes; PGlite does not type it. */
interface NodeFileLayer {
  stream_ops: { fsync?: (stream: { nfd: number }) => number };
  /** Runs a call of Node's fs and turns its error into the errno PostgreSQL understands. */
  tryFSOperation<T>(operation: () => T): T;
}

/**
 * PGlite 0.5.16 in a data folder acknowledges a commit once its write-ahead log is in the operating
 * system's cache: it starts PostgreSQL with fsync off (`-F`), and the Node file layer under it has no
 * fsync, so PostgreSQL's calls would do nothing anyway. The data then outlives a crash of the app,
 * not a crash of the machine or a power cut. Here the layer's files get an fsync that reaches the
 * disk, and PostgreSQL starts with fsync on and syncs its log with fsync(): the layer's fdatasync,
 * PostgreSQL's default on Linux, is a stub inside PGlite's module that nothing outside it can replace.
 */
class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, emscriptenOptions: Parameters<NodeFS["init"]>[1]) {
    const { emscriptenOpts } = await super.init(pg, emscriptenOptions);
    const giveFilesFsync = (module: { NODEFS: unknown }) => {
      const files = module.NODEFS as NodeFileLayer;
      files.stream_ops.fsync = (stream) => {
        files.tryFSOperation(() => fs.fsyncSync(stream.nfd));
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), giveFilesFsync] } };
  }
}

const durableStartParams = [...PGlite.defaultStartParams.filter((param) => param !== "-F"), "-c", "wal_sync_method=fsync"];

/** PGlite on the data folder `folder`, which keeps every commit it acknowledged through a power cut. */
export function openDurablePglite(folder: string): Promise<PGlite> {
  return PGlite.create({ fs: new DurableNodeFS(folder), startParams: durableStartParams });
}
