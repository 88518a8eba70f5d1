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

// The board's environment, likewise set by whatever starts it. glibc gives each thread
// that allocates its own malloc arena, and every arena keeps the memory it once held;
// two arenas serve the board's few native allocations (the memory benchmark: about 4 MB
// less resident memory while idle). An operator's own value wins.
export const BOARD_NODE_ENV = { MALLOC_ARENA_MAX: '2' };
