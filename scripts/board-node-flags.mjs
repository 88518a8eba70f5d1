import { existsSync } from 'node:fs';

// V8 heap sizes of the board process. V8 fixes them when the process starts, so whatever
// starts the board passes them on the command line: `scripts/start.mjs`, the container's
// command (Dockerfile) and the benchmarks.
//  - An old-space limit of 512 MB. With none (the default is several GB) V8 lets the heap
//    grow after a burst of misses to several times what stays live, and keeps it; with a
//    limit of this size it collects sooner (the memory benchmark: 420 MB resident without,
//    about 200 MB with). The benchmark's peak of live objects, during a search over
//    100,000 issues, is above 128 MB (a 128 MB limit runs out) and within 192 MB. Cached answers are
//    buffers outside this heap, bounded by CACHE_MAX_BYTES.
//  - Semi-spaces of 8 MB instead of 16: about 15 MB less resident memory. Smaller ones
//    save more (2 MB: 25 MB) but collect the cached route's short-lived objects so often
//    that its throughput falls by about a third.
//  - `--expose-gc`, so the board can collect its start-up garbage once it listens
//    (server/board/main.ts): about 15 MB less resident memory while idle.
export const BOARD_NODE_FLAGS = [
  '--max-old-space-size=512',
  '--max-semi-space-size=8',
  '--expose-gc',
];

// The board's allocator, likewise set by whatever starts it (the memory benchmark,
// 100,000 issues, idle 30 s after start). Start-up reads every organization's issues and
// writes its alerts; the memory that work frees is scattered between what stays.
//  - jemalloc where the system has it (Debian and Ubuntu: the `libjemalloc2` package),
//    with one arena and freed pages given back to the system after a second by its
//    background thread: about 6 MB less resident memory than glibc set as below, the
//    cached route's throughput unchanged.
//  - Otherwise glibc, with two arenas (it gives each thread that allocates its own, and
//    every arena keeps what it once held) and blocks of 32 KB and more mapped on their
//    own, so freeing one gives it back (about 4 MB less than glibc's defaults). glibc
//    returns the scattered rest only when asked (`malloc_trim`), which Node never does.
// `BOARD_ALLOCATOR=glibc` keeps glibc's allocator where jemalloc is installed. An
// operator's own value of any of these variables wins.
export const JEMALLOC_PATHS = [
  '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
  '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
  '/usr/local/lib/libjemalloc.so.2',
];

/**
 * The environment the board starts with: `choice` is `BOARD_ALLOCATOR`, `jemalloc` the
 * library found (`null`: none).
 */
export function boardNodeEnv({
  choice = process.env.BOARD_ALLOCATOR,
  jemalloc = JEMALLOC_PATHS.find((path) => existsSync(path)) ?? null,
} = {}) {
  if (choice !== undefined && choice !== 'glibc' && choice !== 'jemalloc') {
    throw new Error(`BOARD_ALLOCATOR must be glibc or jemalloc (got "${choice}")`);
  }
  if (choice === 'jemalloc' && !jemalloc) {
    throw new Error(`BOARD_ALLOCATOR=jemalloc, but none of ${JEMALLOC_PATHS.join(', ')} exists`);
  }
  return jemalloc && choice !== 'glibc'
    ? {
        LD_PRELOAD: jemalloc,
        MALLOC_CONF: 'narenas:1,background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0',
      }
    : { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '32768' };
}
