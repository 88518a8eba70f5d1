// Test file order for jest. With `--randomize`, the files run in an order drawn from jest's
// seed, the same seed that orders the tests inside each file: the run prints it, and
// `--seed=<seed>` (or `TEST_SEED=<seed> bash .ci/run`) repeats the order. Without
// `--randomize`, jest's own order (failed and slow files first).
import sequencerModule from '@jest/test-sequencer';

import { shuffled } from './seeded-shuffle.mjs';

const Sequencer = sequencerModule.default ?? sequencerModule;

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
