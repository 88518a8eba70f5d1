import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ChannelTestResult } from '@shared/board/alerts';
import { Clock } from '../../common/clock';
import { DistributedLock } from '../locks/distributed-lock';
import { BoardConfig } from '../config/board-config';
import { BoardMetrics } from '../metrics/board-metrics';
import { BoardStore } from '../store/board-store';
import type { ChannelRecord, DeliveryRecord } from '../store/alert-records';
import { sendRequest, type SendAnswer } from './alert-sender';
import { ALERT_OPTIONS, type AlertOptions } from './alert-options';
import { buildRequest, judgeResponse, type Verdict } from './channel-bodies';
import { AlertDestinations } from './alert-destinations';
import type { AlertMessage } from '../store/alert-records';
import { RefusedDestination } from './destination';

const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 3_600_000;
/** A delivery still not taken this long after queueing has failed. */
export const GIVE_UP_MS = 24 * 3_600_000;
/** Deliveries one pass sends at most: even all timing out, a pass ends within its lock. */
const BATCH = 20;
const LOCK_MS = 5 * 60_000;

/**
 * Wait before the next attempt after `attempts` failed ones: 30 s doubling, capped at an
 * hour, with full jitter (a random share of it); a receiver's `Retry-After` replaces it,
 * up to the cap.
 */
export function retryDelayMs(
  attempts: number,
  random: () => number,
  retryAfterMs: number | null,
): number {
  if (retryAfterMs !== null) return Math.min(Math.max(0, retryAfterMs), MAX_RETRY_MS);
  const ceiling = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
  return Math.floor(random() * ceiling);
}

/** The outcome of one attempt on a delivery, as a new record. */
export function afterAttempt(
  delivery: DeliveryRecord,
  verdict: Verdict,
  retryAfterMs: number | null,
  now: Date,
  random: () => number,
): DeliveryRecord {
  const attempts = delivery.attempts + 1;
  if (verdict.outcome === 'sent') {
    return {
      ...delivery,
      attempts,
      status: 'sent',
      last_error: null,
      sent_at: now.toISOString(),
      next_attempt_at: null,
    };
  }
  const next = now.getTime() + retryDelayMs(attempts, random, retryAfterMs);
  const tooLate = next > Date.parse(delivery.created_at) + GIVE_UP_MS;
  if (verdict.outcome === 'failed' || tooLate) {
    return {
      ...delivery,
      attempts,
      status: 'failed',
      last_error:
        tooLate && verdict.outcome === 'retry'
          ? `gave up after 24 h: ${verdict.error}`
          : verdict.error,
      next_attempt_at: null,
    };
  }
  return {
    ...delivery,
    attempts,
    status: 'retrying',
    last_error: verdict.error,
    next_attempt_at: new Date(next).toISOString(),
  };
}

/**
 * The outbox worker: sends due deliveries on the injectable clock, one replica at a time,
 * and records each attempt. At least once: a delivery is marked sent only after the
 * receiver took it, so a crash in between sends it again with the same delivery id.
 */
@Injectable()
export class DeliveryWorker {
  private readonly logger = new Logger('Alerts');
  private running: Promise<number> | null = null;
  private again = false;

  constructor(
    private readonly store: BoardStore,
    private readonly clock: Clock,
    private readonly lock: DistributedLock,
    private readonly metrics: BoardMetrics,
    private readonly destinations: AlertDestinations,
    private readonly config: BoardConfig,
    @Inject(ALERT_OPTIONS) private readonly options: AlertOptions,
  ) {}

  /**
   * Send every delivery due now. A pass already running finishes first and another runs
   * again, so what was queued meanwhile is not left for the next tick. Resolves with
   * the number of attempts made.
   */
  runDue(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const pass = this.pass().finally(() => (this.running = null));
    this.running = pass;
    return pass;
  }

  /** Start a pass without waiting for it. */
  kick(): void {
    this.runDue().catch((error) => this.logger.error(`Delivery pass failed: ${String(error)}`));
  }

  /** Wait for a pass in progress. */
  async settled(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
  }

  /** Send a message to a channel now, outside the outbox, and give back the answer. */
  async test(
    channel: ChannelRecord,
    message: AlertMessage,
    id: string,
  ): Promise<ChannelTestResult> {
    const { verdict, answer } = await this.attempt(channel, message, id);
    this.metrics.alertDeliveries.inc({ kind: channel.kind, outcome: `test_${verdict.outcome}` });
    return {
      ok: verdict.outcome === 'sent',
      status: answer?.status ?? 0,
      body_excerpt: answer
        ? answer.body.slice(0, 500) || (answer.error ?? '')
        : (verdict.error ?? ''),
    };
  }

  private async pass(): Promise<number> {
    let attempts = 0;
    do {
      this.again = false;
      const lock = await this.lock.acquire('alerts:deliver', LOCK_MS);
      if (!lock) return attempts;
      try {
        const due = await this.store.dueDeliveries(this.clock.now(), BATCH);
        if (due.length === 0) continue;
        const channels = new Map((await this.store.listAlertChannels()).map((c) => [c.id, c]));
        for (const delivery of due) {
          await this.deliver(delivery, channels.get(delivery.channel_id));
          attempts++;
        }
        if (due.length === BATCH) this.again = true;
      } finally {
        await lock.release();
      }
    } while (this.again);
    return attempts;
  }

  private async deliver(
    delivery: DeliveryRecord,
    channel: ChannelRecord | undefined,
  ): Promise<void> {
    let next: DeliveryRecord;
    if (!channel) {
      next = {
        ...delivery,
        status: 'failed',
        last_error: 'channel deleted',
        next_attempt_at: null,
      };
    } else {
      const { verdict, answer } = await this.attempt(channel, delivery.message, delivery.id);
      next = afterAttempt(
        delivery,
        verdict,
        answer?.retryAfterMs ?? null,
        this.clock.now(),
        this.options.random,
      );
      this.metrics.alertDeliveries.inc({
        kind: channel.kind,
        outcome: next.status === 'retrying' ? 'retry' : next.status,
      });
      if (next.status !== 'sent') {
        // The channel's id only: its URL may carry a key.
        this.logger.warn(
          `Delivery ${delivery.id} to channel ${channel.id} (${channel.kind}) ${next.status}: ${next.last_error}`,
        );
      }
    }
    await this.store.saveDelivery(next);
  }

  /** One attempt: check the destination again, shape the body, send, judge the answer. */
  private async attempt(
    channel: ChannelRecord,
    message: AlertMessage,
    deliveryId: string,
  ): Promise<{ verdict: Verdict; answer: SendAnswer | null }> {
    let destination;
    try {
      destination = await this.destinations.check(channel.url);
    } catch (error) {
      if (error instanceof RefusedDestination) {
        return { verdict: { outcome: 'failed', error: `refused: ${error.message}` }, answer: null };
      }
      throw error;
    }
    let outgoing;
    try {
      outgoing = buildRequest(
        channel.kind,
        { ...channel, language: channel.language ?? this.config.boardLanguage },
        message,
        deliveryId,
        this.clock.now(),
        this.config.boardTimeZone,
      );
    } catch (error) {
      return { verdict: { outcome: 'failed', error: (error as Error).message }, answer: null };
    }
    const answer = await sendRequest(
      destination,
      outgoing,
      () => this.clock.now(),
      this.config.outboundProxy,
    );
    const verdict: Verdict =
      answer.status === 0
        ? { outcome: 'retry', error: answer.error }
        : judgeResponse(channel.kind, answer.status, answer.body);
    return { verdict, answer };
  }
}
