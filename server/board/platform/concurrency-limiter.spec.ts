import { ConcurrencyLimiter, RESUME_MAX_MS } from './concurrency-limiter';

/** Lets every task that can start now start (and every promise it resolved run). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('ConcurrencyLimiter', () => {
  it('runs at most `limit` tasks at once, in arrival order, and frees slots on failure', async () => {
    const limiter = new ConcurrencyLimiter(2);
    const gates: (() => void)[] = [];
    const started: number[] = [];
    const task = (id: number, fail = false) =>
      limiter.run(async () => {
        started.push(id);
        await new Promise<void>((resolve) => gates.push(resolve));
        if (fail) throw new Error(`task ${id}`);
        return id;
      });

    const results = [task(1, true), task(2), task(3), task(4)];
    await Promise.resolve();
    expect(started).toEqual([1, 2]);
    expect(limiter.inFlight).toBe(2);
    expect(limiter.queued).toBe(2);

    gates[0]?.();
    await expect(results[0]).rejects.toThrow('task 1');
    expect(started).toEqual([1, 2, 3]);
    gates.slice(1).forEach((open) => open());
    await new Promise((resolve) => setImmediate(resolve));
    gates.slice(3).forEach((open) => open());
    await expect(Promise.all(results.slice(1))).resolves.toEqual([2, 3, 4]);
    expect(limiter.inFlight).toBe(0);
  });

  it('gives a freed slot to the oldest viewer task before any background one', async () => {
    const limiter = new ConcurrencyLimiter(1, 1);
    const gates = new Map<string, () => void>();
    const started: string[] = [];
    const task = (id: string, lane: 'viewer' | 'background') =>
      limiter.run(async () => {
        started.push(id);
        await new Promise<void>((resolve) => gates.set(id, resolve));
      }, lane);
    const all = [
      task('b1', 'background'),
      task('b2', 'background'),
      task('b3', 'background'),
      task('v1', 'viewer'),
      task('v2', 'viewer'),
    ];
    await settle();
    expect([limiter.queuedIn('viewer'), limiter.queuedIn('background')]).toEqual([2, 2]);
    for (const id of ['b1', 'v1', 'v2', 'b2', 'b3']) {
      gates.get(id)!();
      await settle();
    }
    await Promise.all(all);
    expect(started).toEqual(['b1', 'v1', 'v2', 'b2', 'b3']);
    expect([limiter.inFlight, limiter.queued]).toEqual([0, 0]);
  });

  it('keeps slots for viewers: background tasks take at most their share', async () => {
    const limiter = new ConcurrencyLimiter(4);
    expect(limiter.backgroundLimit).toBe(2);
    const gates: (() => void)[] = [];
    const started: string[] = [];
    const task = (id: string, lane: 'viewer' | 'background') =>
      limiter.run(async () => {
        started.push(id);
        await new Promise<void>((resolve) => gates.push(resolve));
      }, lane);
    const all = ['b1', 'b2', 'b3', 'b4'].map((id) => task(id, 'background'));
    await settle();
    expect([started, limiter.queuedIn('background')]).toEqual([['b1', 'b2'], 2]);
    all.push(task('v1', 'viewer'), task('v2', 'viewer'));
    await settle();
    expect(started).toEqual(['b1', 'b2', 'v1', 'v2']);
    expect(limiter.inFlight).toBe(4);
    gates.shift()!(); // b1 ends: b3 takes its background slot
    await settle();
    expect(started).toEqual(['b1', 'b2', 'v1', 'v2', 'b3']);
    while (gates.length > 0) {
      gates.shift()!();
      await settle();
    }
    await Promise.all(all);
    expect(started).toHaveLength(6);
    expect([limiter.inFlight, limiter.queued]).toEqual([0, 0]);
  });

  it('moves background tasks a viewer now waits for into the viewer queue', async () => {
    const limiter = new ConcurrencyLimiter(2, 1);
    const gates = new Map<string, () => void>();
    const started: string[] = [];
    const task = (id: string, lane: 'viewer' | 'background', key?: string) =>
      limiter.run(
        async () => {
          started.push(id);
          await new Promise<void>((resolve) => gates.set(id, resolve));
        },
        lane,
        key,
      );
    const all = [
      task('b1', 'background', '/a'),
      task('b2', 'background', '/b'),
      task('b3', 'background', '/c'),
    ];
    await settle();
    expect(started).toEqual(['b1']);
    limiter.promote('/c'); // a viewer's slot is free: it starts at once
    await settle();
    expect(started).toEqual(['b1', 'b3']);
    limiter.promote('/nothing-queued');
    gates.get('b3')!();
    await settle();
    expect(started).toEqual(['b1', 'b3']); // b2 waits for the background slot
    gates.get('b1')!();
    await settle();
    expect(started).toEqual(['b1', 'b3', 'b2']);
    gates.get('b2')!();
    await Promise.all(all);
    expect([limiter.inFlight, limiter.queued]).toEqual([0, 0]);
  });

  it('moves queued background tasks whose lane now reads viewer, on a recheck', async () => {
    const limiter = new ConcurrencyLimiter(4, 2);
    const started: string[] = [];
    let joined = false;
    const task = (id: string) =>
      limiter.run(
        () => {
          started.push(id);
          return Promise.resolve();
        },
        'background',
        `/${id}`,
        () => (joined && id !== 'b2' ? 'viewer' : 'background'),
      );
    const release = limiter.holdBackground();
    const queued = [task('b1'), task('b2'), task('b3')];
    limiter.recheck(); // nobody waits for them yet
    await settle();
    expect(started).toEqual([]);
    joined = true; // a viewer joins the work b1 and b3 belong to
    limiter.recheck();
    await settle();
    expect(started).toEqual(['b1', 'b3']);
    expect(limiter.queuedIn('background')).toBe(1);
    release();
    await Promise.all(queued);
    expect(started).toEqual(['b1', 'b3', 'b2']);
    expect(limiter.holdsExpired).toBe(0);
  });

  it('refuses a limit below 1', () => {
    expect(() => new ConcurrencyLimiter(0)).toThrow();
  });

  describe('holding background tasks back while a viewer is answered', () => {
    afterEach(() => jest.useRealTimers());

    it('starts no background task during a hold, viewers as ever, and the rest after it', async () => {
      const limiter = new ConcurrencyLimiter(4, 2);
      const started: string[] = [];
      const task = (id: string, lane: 'viewer' | 'background') =>
        limiter.run(() => {
          started.push(id);
          return Promise.resolve();
        }, lane);

      const release = limiter.holdBackground();
      expect(limiter.holdingBackground).toBe(true);
      const background = task('b1', 'background');
      await task('v1', 'viewer');
      await settle();
      expect(started).toEqual(['v1']);
      expect(limiter.queuedIn('background')).toBe(1);

      release();
      release(); // a second release (close after the response) changes nothing
      await background;
      expect(started).toEqual(['v1', 'b1']);
      expect(limiter.holdingBackground).toBe(false);
    });

    it('lets background work wait only so long: a hold ends by itself', async () => {
      jest.useFakeTimers();
      const limiter = new ConcurrencyLimiter(2, 1);
      limiter.holdBackground(1_000);
      let ran = false;
      const background = limiter.run(() => {
        ran = true;
        return Promise.resolve();
      }, 'background');
      await jest.advanceTimersByTimeAsync(999);
      expect(ran).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await background;
      expect(ran).toBe(true);
      expect(limiter.holdsExpired).toBe(1);
    });

    it('hands a background answer on only after the hold, unless a viewer waits for it', async () => {
      const limiter = new ConcurrencyLimiter(6, 3);
      let viewerWaits = false;
      const handedOn: string[] = [];
      const background = (id: string) => {
        let answer!: () => void;
        const done = limiter
          .run(
            () => new Promise<void>((resolve) => (answer = resolve)),
            'background',
            `/${id}`,
            () => (viewerWaits && id === 'rechecked' ? 'viewer' : 'background'),
          )
          .then(() => handedOn.push(id));
        return { answer: () => answer(), done };
      };
      const [plain, promoted, rechecked] = ['plain', 'promoted', 'rechecked'].map(background);
      await settle();

      const release = limiter.holdBackground();
      for (const task of [plain, promoted, rechecked]) task.answer();
      await settle();
      expect(handedOn).toEqual([]);
      expect(limiter.inFlight).toBe(0); // the slots are free for the viewer meanwhile

      limiter.promote('/promoted');
      await promoted.done;
      viewerWaits = true;
      limiter.recheck();
      await rechecked.done;
      await settle();
      expect(handedOn).toEqual(['promoted', 'rechecked']);

      release();
      await plain.done;
      expect(handedOn).toEqual(['promoted', 'rechecked', 'plain']);
    });

    it('hands an answer a viewer asked for while it was being fetched on at once', async () => {
      const limiter = new ConcurrencyLimiter(2, 1);
      let answer!: (value: string) => void;
      const background = limiter.run(
        () => new Promise<string>((resolve) => (answer = resolve)),
        'background',
        '/groups',
      );
      await settle();
      const release = limiter.holdBackground();
      limiter.promote('/groups'); // the viewer joins the read in flight
      answer('groups');
      await expect(background).resolves.toBe('groups');
      expect(limiter.holdingBackground).toBe(true);
      release();
    });

    it('hands a background answer on after RESUME_MAX_MS however long the hold', async () => {
      jest.useFakeTimers();
      const limiter = new ConcurrencyLimiter(2, 1);
      let answered = false;
      const background = limiter.run(() => Promise.resolve('answer'), 'background');
      void background.then(() => (answered = true));
      limiter.holdBackground(60_000);
      await jest.advanceTimersByTimeAsync(RESUME_MAX_MS - 1);
      expect(answered).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await expect(background).resolves.toBe('answer');
    });

    it('hands a failure on after the hold too', async () => {
      const limiter = new ConcurrencyLimiter(2, 1);
      let fail!: () => void;
      const background = limiter.run(
        () => new Promise((_resolve, reject) => (fail = () => reject(new Error('refused')))),
        'background',
      );
      let settled = false;
      background.catch(() => (settled = true));
      await settle();
      const release = limiter.holdBackground();
      fail();
      await settle();
      expect(settled).toBe(false);
      release();
      await expect(background).rejects.toThrow('refused');
    });

    it('keeps holding while any of several viewers is being answered', async () => {
      const limiter = new ConcurrencyLimiter(2, 1);
      const first = limiter.holdBackground();
      const second = limiter.holdBackground();
      let ran = false;
      const background = limiter.run(() => {
        ran = true;
        return Promise.resolve();
      }, 'background');
      first();
      await settle();
      expect(ran).toBe(false);
      second();
      await background;
      expect(ran).toBe(true);
    });
  });
});
