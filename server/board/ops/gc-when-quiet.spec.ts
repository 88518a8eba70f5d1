import { expect } from '@jest/globals';
import { GcWhenQuiet, processProbe, type QuietProbe } from './gc-when-quiet';

const MB = 2 ** 20;

/** A process whose load and heap the test sets; collecting drops the heap to `live`. */
class ScriptedProcess implements QuietProbe {
  busy = 0;
  heap = 0;
  live = 0;
  collections = 0;

  busySinceLastCall(): number {
    return this.busy;
  }

  heapUsed(): number {
    return this.heap;
  }

  gc = (): void => {
    this.collections++;
    this.heap = this.live;
  };
}

describe('GcWhenQuiet', () => {
  let process_: ScriptedProcess;
  let collector: GcWhenQuiet;

  beforeEach(() => {
    process_ = new ScriptedProcess();
    collector = new GcWhenQuiet(process_.gc, process_, { growthBytes: 8 * MB, quietShare: 0.02 });
  });

  it('collects once the board is quiet after start-up grew the heap', () => {
    process_.heap = 40 * MB;
    process_.live = 30 * MB;
    process_.busy = 0.9;
    expect(collector.check()).toBe(false);
    process_.busy = 0.001;
    expect(collector.check()).toBe(true);
    expect(process_.collections).toBe(1);
  });

  it('does not collect again while the heap has not grown by the threshold since', () => {
    process_.heap = 40 * MB;
    process_.live = 30 * MB;
    collector.check();
    process_.heap = 37 * MB;
    expect(collector.check()).toBe(false);
    process_.heap = 39 * MB;
    expect(collector.check()).toBe(true);
    expect(process_.collections).toBe(2);
  });

  it('never collects while the event loop is busy, however much the heap grew', () => {
    process_.heap = 500 * MB;
    process_.busy = 0.5;
    for (let i = 0; i < 5; i++) expect(collector.check()).toBe(false);
    expect(process_.collections).toBe(0);
  });

  it('measures growth from the lowest heap seen since the last collection', () => {
    process_.heap = 40 * MB;
    process_.live = 30 * MB;
    collector.check();
    // V8 collected on its own and went below what the last collection left.
    process_.heap = 20 * MB;
    collector.check();
    process_.heap = 29 * MB;
    expect(collector.check()).toBe(true);
  });

  it('reads the running process: an idle loop is quiet and the heap has a size', async () => {
    const probe = processProbe();
    probe.busySinceLastCall();
    await new Promise<void>((resolve) => setImmediate(resolve));
    const busy = probe.busySinceLastCall();
    expect(busy).toBeGreaterThanOrEqual(0);
    expect(busy).toBeLessThanOrEqual(1);
    expect(probe.heapUsed()).toBeGreaterThan(1 * MB);
  });
});
