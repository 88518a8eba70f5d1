import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';

/** What the collector reads of the process; `processProbe()` reads the real one. */
export interface QuietProbe {
  /** Share of the time since the previous call the event loop spent working (0..1). */
  busySinceLastCall(): number;
  /** Bytes used in the V8 heap now. */
  heapUsed(): number;
}

export interface GcWhenQuietOptions {
  /** Heap growth since the last collection that is worth giving back. */
  growthBytes: number;
  /** A check period with the event loop busy less than this share counts as quiet. */
  quietShare: number;
}

export const GC_WHEN_QUIET_DEFAULTS: GcWhenQuietOptions = {
  growthBytes: 8 * 2 ** 20,
  quietShare: 0.02,
};

/**
 * One full collection when the board falls quiet after work that grew the heap
 * (docs/architecture.md#caching). V8 collects when it allocates, so a board that goes
 * idle after start-up, a snapshot run or a burst of requests keeps the heap that work
 * grew — garbage included — until the next burst. Checked every few seconds: after a
 * quiet period (event loop almost idle) with the heap grown by `growthBytes` since the
 * last collection, one collection gives the garbage back, and V8 shrinks its young
 * generation in a collection that follows a quiet spell. A busy board is never
 * interrupted: its own allocation drives V8's collections.
 */
export class GcWhenQuiet {
  /** Heap used right after the last collection; 0 until the first one. */
  private baseline = 0;

  constructor(
    private readonly gc: () => void,
    private readonly probe: QuietProbe = processProbe(),
    private readonly options: GcWhenQuietOptions = GC_WHEN_QUIET_DEFAULTS,
  ) {}

  /** One check; true when it collected. */
  check(): boolean {
    const busy = this.probe.busySinceLastCall();
    const used = this.probe.heapUsed();
    if (used < this.baseline) this.baseline = used;
    if (busy >= this.options.quietShare || used - this.baseline < this.options.growthBytes) {
      return false;
    }
    this.gc();
    this.baseline = this.probe.heapUsed();
    return true;
  }

  /** Checks every `periodMs` without keeping the process alive; returns the stopper. */
  start(periodMs: number): () => void {
    this.probe.busySinceLastCall();
    const timer = setInterval(() => this.check(), periodMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}

/** The running process: event loop utilisation and V8 heap statistics. */
export function processProbe(): QuietProbe {
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  return {
    busySinceLastCall() {
      const now = performance.eventLoopUtilization();
      const share = performance.eventLoopUtilization(now, last).utilization;
      last = now;
      return share;
    },
    heapUsed: () => getHeapStatistics().used_heap_size,
  };
}
