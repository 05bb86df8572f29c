import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

/** An open file of Emscripten's file layer; only its identity matters here. */
type FileStream = object;

/** The part of Emscripten's Node file layer (NODEFS) this module completes; PGlite does not type it. */
interface NodeFileLayer {
  stream_ops: {
    fsync?: (stream: { nfd: number }) => number;
    llseek: (stream: FileStream, offset: number, whence: number) => number;
    open: (stream: FileStream) => void;
    write: (stream: FileStream, ...rest: unknown[]) => number;
    setattr: (stream: FileStream, attributes: unknown) => void;
  };
  node_ops: { setattr: (node: object, attributes: unknown) => void };
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
    const completeFileLayer = (module: { NODEFS: unknown }) => {
      const files = module.NODEFS as NodeFileLayer;
      files.stream_ops.fsync = (stream) => {
        files.tryFSOperation(() => fs.fsyncSync(stream.nfd));
        return 0;
      };
      keepFileSizesUntilAWrite(files);
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), completeFileLayer] } };
  }
}

const SEEK_END = 2;

/**
 * PostgreSQL asks for a table's or an index's size (lseek to the file's end) whenever it plans a
 * statement that reads it, and the embedded database plans its batched look-ups (`= any($1)`) at
 * every execution. The layer answers each question with an fstat: a system call of 3 µs or more on
 * the server's thread, three per look-up (docs/PERFORMANCE.md, fortieth and forty-first rounds).
 * Here a file's size, once asked, is answered again from memory until the next call of the layer
 * that could change any file's size (a write, a truncation, an opening), which forgets every size
 * kept: only PostgreSQL in this process writes to its data folder, through this layer.
 */
function keepFileSizesUntilAWrite(files: NodeFileLayer) {
  const { llseek, open, write, setattr: setStreamAttributes } = files.stream_ops;
  const setNodeAttributes = files.node_ops.setattr;
  let writes = 0;
  const sizes = new WeakMap<FileStream, { writes: number; size: number }>();

  files.stream_ops.llseek = (stream, offset, whence) => {
    if (whence !== SEEK_END || offset !== 0) return llseek(stream, offset, whence);
    const kept = sizes.get(stream);
    if (kept?.writes === writes) return kept.size;
    const size = llseek(stream, 0, SEEK_END);
    sizes.set(stream, { writes, size });
    return size;
  };
  const forgettingSizes =
    <Args extends unknown[], Result>(operation: (...args: Args) => Result) =>
    (...args: Args): Result => {
      writes++;
      return operation(...args);
    };
  files.stream_ops.write = forgettingSizes(write);
  files.stream_ops.setattr = forgettingSizes(setStreamAttributes);
  files.stream_ops.open = forgettingSizes(open);
  files.node_ops.setattr = forgettingSizes(setNodeAttributes);
}

const durableStartParams = [...PGlite.defaultStartParams.filter((param) => param !== "-F"), "-c", "wal_sync_method=fsync"];

/** PGlite on the data folder `folder`, which keeps every commit it acknowledged through a power cut. */
export function openDurablePglite(folder: string): Promise<PGlite> {
  return PGlite.create({ fs: new DurableNodeFS(folder), startParams: durableStartParams });
}
