// V8 heap sizes of the board process. V8 fixes them when the process starts, so whatever
// starts the board passes them on the command line: `scripts/start.mjs`, the container's
// command (Dockerfile) and the benchmarks.
//  - An old-space limit of 512 MB. With none (the default is several GB) V8 lets the heap
//    grow after a burst of misses to several times what stays live, and keeps it; with a
//    limit of this size it collects sooner (the memory benchmark: 420 MB resident without,
//    under 200 MB with). The benchmark's peak of live objects, during a search over
//    100,000 issues, is between 128 and 160 MB, well inside the limit. Cached answers are
//    buffers outside this heap, bounded by CACHE_MAX_BYTES.
//  - Semi-spaces of 2 MB instead of 16: a request's short-lived objects are collected in a
//    smaller nursery, about 25 MB less resident memory.
export const BOARD_NODE_FLAGS = ['--max-old-space-size=512', '--max-semi-space-size=2'];
