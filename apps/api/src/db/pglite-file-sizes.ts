// PGlite's files on disk (Emscripten's NODEFS) with each open file's size remembered between changes.
//
// PostgreSQL asks for a relation's length (lseek to its end) before every heap scan and for every
// index it opens, and NODEFS answers each of those with an fstat system call (about 14 us through
// Node; 9 to 18 of them for a campaign list or detail). This process is the only writer of the data
// directory (PGlite runs PostgreSQL single-user inside it; two processes on one directory would corrupt
// it anyway), and every change to a file's size passes through this file layer: a write, a truncate
// (ftruncate, truncate, open with O_TRUNC), an unlink, a rename, a new file. So a size read once stays
// true until the next such call; any of them forgets every remembered size (they are rare next to the
// reads: a write costs one fstat more on the next scan of each file).
//
// Remembered per open file descriptor (the fstat's own key), never per path or node: an unlinked
// file still open keeps its own size, and a descriptor number Node hands out again after a close
// starts without one.
import { NodeFS } from '@electric-sql/pglite/nodefs';

const SEEK_SET = 0;
const SEEK_END = 2;

type Stream = { nfd: number; node: { mode: number } };
type Op = (...args: never[]) => unknown;
type FileLayer = {
  stream_ops: Record<string, Op> & { llseek: (stream: Stream, offset: number, whence: number) => number };
  node_ops: Record<string, Op>;
};

/** What changes a file's size or which file a path names: each forgets every remembered size. */
const STREAM_CHANGES = ['write', 'setattr', 'open', 'close'] as const;
const NODE_CHANGES = ['setattr', 'unlink', 'rename', 'rmdir', 'mknod', 'symlink'] as const;

/** Wraps NODEFS's operations (one PGlite instance's Emscripten module) in place. */
const rememberFileSizes = (layer: FileLayer): { sizeReads: () => number } => {
  const sizes = new Map<number, number>();
  let sizeReads = 0;
  const forgetAfter = (ops: Record<string, Op>, name: string) => {
    const op = ops[name];
    if (!op) return;
    ops[name] = (...args: never[]) => {
      try {
        return op(...args);
      } finally {
        sizes.clear();
      }
    };
  };
  for (const name of STREAM_CHANGES) forgetAfter(layer.stream_ops, name);
  for (const name of NODE_CHANGES) forgetAfter(layer.node_ops, name);

  const llseek = layer.stream_ops.llseek;
  layer.stream_ops.llseek = (stream, offset, whence) => {
    if (whence !== SEEK_END) return llseek(stream, offset, whence);
    let size = sizes.get(stream.nfd);
    if (size === undefined) {
      // NODEFS's own answer (fstat for a file, 0 otherwise), its errors as it raises them.
      size = llseek(stream, 0, SEEK_END);
      sizeReads++;
      sizes.set(stream.nfd, size);
    }
    // From the start, as NODEFS would from the end: a negative position is its EINVAL.
    return llseek(stream, size + offset, SEEK_SET);
  };
  return { sizeReads: () => sizeReads };
};

/** NodeFS (a data directory on disk) whose file sizes are remembered between changes, see above. */
export class SizeCachingNodeFS extends NodeFS {
  /** How many times a size was asked of the file system (tests). */
  sizeReads = () => 0;

  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [
          ...(emscriptenOpts.preRun ?? []),
          (mod) => {
            this.sizeReads = rememberFileSizes(mod.NODEFS as unknown as FileLayer).sizeReads;
          },
        ],
      },
    };
  }
}
