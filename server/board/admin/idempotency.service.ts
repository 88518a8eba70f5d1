import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Clock } from '../../common/clock';
import { ConflictError, InvalidError, UnprocessableError } from '../../common/errors';
import { withCode } from '../common/error-code';
import { BoardStore, type IdempotencyRecord } from '../store/board-store';

/** How long a key's answer is kept and sent again. */
export const IDEMPOTENCY_KEEP_MS = 24 * 3_600_000;
/** A claim with no answer for this long belongs to a request that died on the way. */
export const ABANDONED_AFTER_MS = 2 * 60_000;
/** How long a repeat waits for the first request with its key, on another replica, to finish. */
const WAIT_FOR_OTHER_MS = 10_000;
const WAIT_STEP_MS = 100;
/** Printable ASCII, as the header's draft standard and payment APIs use. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotentAnswer<T> {
  body: T;
  /** True when the answer is the one kept for an earlier request with the key. */
  replayed: boolean;
}

/** One write the board must not make twice. */
export interface IdempotentWork<T> {
  /** The route family (`dispatch`, `redispatch`): keys are kept per family. */
  scope: string;
  /** The client's `Idempotency-Key`, or undefined. */
  key: string | undefined;
  /** What makes two requests the same request (route parameters and body). */
  request: unknown;
  /**
   * Does the work. It calls `writing()` right before its first platform write, and puts
   * `marker` where `recover` can find it (the created issue's body).
   */
  run(writing: () => Promise<void>, marker: string): Promise<T>;
  /**
   * What an earlier attempt with this marker wrote, if it did, although its answer was lost
   * (the platform's answer never came back): null when it wrote nothing.
   */
  recover(marker: string, since: Date): Promise<T | null>;
}

/**
 * Writes made at most once (docs/rules.md#dispatch). With an `Idempotency-Key`, a
 * repeat of the same request within 24 hours answers the first answer without writing
 * again, a concurrent repeat waits for it, and the same key with another request is a 422.
 * The keys are kept in the board's store, so a restart or another replica honours them.
 * Without a key, a repeat of a request whose platform answer was lost is refused with 409
 * naming what the first attempt created, rather than made again. Either way, once a write
 * may have happened without an answer, the next attempt first looks for what it wrote.
 */
@Injectable()
export class IdempotencyService {
  /** Work in flight in this replica, by scope and key: a concurrent repeat awaits it. */
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: BoardStore,
    private readonly clock: Clock,
  ) {}

  /** Refuses a malformed `Idempotency-Key` header (400); undefined when there is none. */
  static keyFrom(header: string | string[] | undefined): string | undefined {
    if (header === undefined) return undefined;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
      throw new InvalidError('Idempotency-Key must be 1 to 255 visible ASCII characters', {
        field: 'Idempotency-Key',
        ...withCode('idempotency_key_invalid', { field: 'Idempotency-Key' }),
      });
    }
    return header;
  }

  async perform<T>(work: IdempotentWork<T>): Promise<IdempotentAnswer<T>> {
    const fingerprint = digest(JSON.stringify([work.scope, work.request]));
    const keyed = work.key !== undefined;
    // Without a key the request itself is the key, kept only while its outcome is open.
    const scope = keyed ? work.scope : `${work.scope}:unkeyed`;
    const key = work.key ?? fingerprint;
    const marker = digest(`${scope}\u0000${key}`).slice(0, 24);
    await this.store.pruneIdempotencyRecords(new Date(this.now() - IDEMPOTENCY_KEEP_MS));

    for (let waited = 0; ;) {
      const record = await this.store.getIdempotencyRecord(scope, key);
      if (record === null) {
        const claim = this.fresh(scope, key, fingerprint);
        if (await this.store.swapIdempotencyRecord(claim, null)) {
          return this.execute(claim, work, marker, keyed);
        }
        continue;
      }
      if (record.fingerprint !== fingerprint) {
        throw new UnprocessableError(
          'This Idempotency-Key was used for another request; send a new key for a new request',
          {
            field: 'Idempotency-Key',
            ...withCode('idempotency_key_reused', { field: 'Idempotency-Key' }),
          },
        );
      }
      if (record.state === 'done') {
        return { body: JSON.parse(record.body ?? 'null') as T, replayed: true };
      }
      if (record.state === 'unknown' || this.abandoned(record)) {
        const claim = { ...record, state: 'pending' as const, updated_at: this.iso() };
        if (!(await this.store.swapIdempotencyRecord(claim, record.state))) continue;
        const found = await this.recoverOrRelease(claim, work, marker);
        if (found !== null) return this.recovered(claim, found, keyed);
        return this.execute(claim, work, marker, keyed);
      }
      // In flight: here, or on another replica.
      const local = this.inFlight.get(`${scope}\u0000${key}`);
      if (!keyed) {
        throw new ConflictError(
          'An identical request is in progress; wait for its answer',
          withCode('request_in_progress'),
        );
      }
      if (local) {
        await local.catch(() => undefined);
        continue;
      }
      if (waited >= WAIT_FOR_OTHER_MS) {
        throw new ConflictError(
          'A request with this Idempotency-Key is still in progress; try again shortly',
          { retryAfterSeconds: 1, ...withCode('idempotency_key_in_progress') },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
      waited += WAIT_STEP_MS;
    }
  }

  /** Runs the work for a claimed key and keeps its outcome. */
  private execute<T>(
    claim: IdempotencyRecord,
    work: IdempotentWork<T>,
    marker: string,
    keyed: boolean,
  ): Promise<IdempotentAnswer<T>> {
    const id = `${claim.scope}\u0000${claim.key}`;
    const running = (async () => {
      let started = false;
      const writing = async (): Promise<void> => {
        if (started) return;
        const next = { ...claim, state: 'writing' as const, updated_at: this.iso() };
        if (!(await this.store.swapIdempotencyRecord(next, 'pending'))) {
          throw new ConflictError(
            'A request with this Idempotency-Key took over; try again',
            withCode('idempotency_key_taken_over'),
          );
        }
        started = true;
      };
      try {
        const body = await work.run(writing, marker);
        await this.finish(claim, started ? 'writing' : 'pending', body, keyed);
        return { body, replayed: false };
      } catch (error) {
        if (started) {
          // The write may have happened: the next attempt looks for it before writing.
          const unknown = { ...claim, state: 'unknown' as const, updated_at: this.iso() };
          await this.store.swapIdempotencyRecord(unknown, 'writing');
        } else {
          await this.store.deleteIdempotencyRecord(claim.scope, claim.key);
        }
        throw error;
      }
    })();
    this.inFlight.set(id, running);
    const clear = (): void => {
      this.inFlight.delete(id);
    };
    running.then(clear, clear);
    return running;
  }

  private async recoverOrRelease<T>(
    claim: IdempotencyRecord,
    work: IdempotentWork<T>,
    marker: string,
  ): Promise<T | null> {
    try {
      return await work.recover(marker, new Date(claim.created_at));
    } catch (error) {
      // Still unknown: leave it so for the next attempt.
      const unknown = { ...claim, state: 'unknown' as const, updated_at: this.iso() };
      await this.store.swapIdempotencyRecord(unknown, 'pending');
      throw error;
    }
  }

  /** An earlier attempt's write found: its answer with a key; a refusal naming it without. */
  private async recovered<T>(
    claim: IdempotencyRecord,
    found: T,
    keyed: boolean,
  ): Promise<IdempotentAnswer<T>> {
    await this.finish(claim, 'pending', found, keyed);
    if (keyed) return { body: found, replayed: true };
    throw new ConflictError(
      'An identical request was made a moment ago and its answer was lost on the way; it is not made again',
      { body: { made: found }, ...withCode('already_done') },
    );
  }

  /** Keeps a keyed answer to send again; an unkeyed request's record is no longer needed. */
  private async finish<T>(
    claim: IdempotencyRecord,
    state: 'pending' | 'writing',
    body: T,
    keyed: boolean,
  ): Promise<void> {
    if (!keyed) {
      await this.store.deleteIdempotencyRecord(claim.scope, claim.key);
      return;
    }
    const done: IdempotencyRecord = {
      ...claim,
      state: 'done',
      body: JSON.stringify(body),
      updated_at: this.iso(),
    };
    await this.store.swapIdempotencyRecord(done, state);
  }

  private fresh(scope: string, key: string, fingerprint: string): IdempotencyRecord {
    const now = this.iso();
    return {
      scope,
      key,
      fingerprint,
      state: 'pending',
      body: null,
      created_at: now,
      updated_at: now,
    };
  }

  /** A claim whose request stopped without an outcome (its replica went away). */
  private abandoned(record: IdempotencyRecord): boolean {
    return (
      (record.state === 'pending' || record.state === 'writing') &&
      !this.inFlight.has(`${record.scope}\u0000${record.key}`) &&
      this.now() - Date.parse(record.updated_at) > ABANDONED_AFTER_MS
    );
  }

  private now(): number {
    return this.clock.now().getTime();
  }

  private iso(): string {
    return this.clock.now().toISOString();
  }
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
