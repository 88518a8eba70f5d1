// The forge tells time through the same injectable clock as the board.
export { Clock, ManualClock, SystemClock } from '../../common/clock';

/** A source of random numbers in [0, 1); injectable so fault injection can be tested. */
export abstract class RandomSource {
  /** The next number in [0, 1). */
  abstract next(): number;
}

/** Math.random. */
export class MathRandom extends RandomSource {
  next(): number {
    return Math.random();
  }
}
