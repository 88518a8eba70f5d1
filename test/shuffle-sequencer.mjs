// Test file order for jest. With `--randomize`, the files run in an order drawn from jest's
// seed, the same seed that orders the tests inside each file: the run prints it, and
// `--seed=<seed>` (or `TEST_SEED=<seed> bash .ci/run`) repeats the order. Without
// `--randomize`, jest's own order (failed and slow files first).
import sequencerModule from '@jest/test-sequencer';

const Sequencer = sequencerModule.default ?? sequencerModule;

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A copy of `items` in the order the seed gives (Fisher–Yates). */
export function shuffled(items, seed) {
  const random = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export default class ShuffleSequencer extends Sequencer {
  constructor(options) {
    super(options);
    this.globalConfig = options.globalConfig;
  }

  sort(tests) {
    const { randomize, seed } = this.globalConfig;
    if (!randomize) return super.sort(tests);
    // The same files in the same order for the same seed, whatever order they were found in.
    const key = (test) => `${test.path}\0${test.context.config.displayName?.name ?? ''}`;
    const byPath = [...tests].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    process.stderr.write(
      `test files shuffled with seed ${seed} (npm test -- --randomize --seed=${seed} repeats it)\n`,
    );
    return shuffled(byPath, seed);
  }
}
