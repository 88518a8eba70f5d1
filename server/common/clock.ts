/**
 * The time, behind an injection token, so tests move it instead of waiting for it
 * (cache expiry, snapshot hours, forecasts).
 */
export abstract class Clock {
  /** The current time. */
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock that only moves when told to; for tests. */
export class ManualClock extends Clock {
  private current: number;

  constructor(start: Date | string) {
    super();
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  /** Move forward by `ms` milliseconds. */
  advance(ms: number): void {
    this.current += ms;
  }

  set(time: Date | string): void {
    this.current = new Date(time).getTime();
  }
}
