import { Logger } from '@nestjs/common';
import type { RedisClientType } from '@redis/client';
import type { BoardChange } from '@shared/board/events';
import type { RedisConnection } from '../redis/redis-connection';

/** A change as the stream sends it: `id` orders changes; `null` when it has none to resume by. */
export interface FedChange extends BoardChange {
  id: number | null;
}

/** Changes a feed keeps for streams that reconnect with `Last-Event-ID`. */
export const KEPT_CHANGES = 1000;

/**
 * The changes the board's sync stores, for the change stream (docs/architecture.md#live-pages).
 * `publish` numbers a change and hands it to every subscriber; the last `KEPT_CHANGES` are
 * kept so a stream that reconnects gets what it missed. `since` says when it cannot
 * (the id is older than what is kept, or from before this process subscribed): then
 * the page reloads everything it shows.
 */
export abstract class ChangeFeed {
  private readonly kept: (FedChange & { id: number })[] = [];
  private readonly listeners = new Set<(change: FedChange) => void>();
  /** Every change numbered above this one is in `kept` (or newer than all of them). */
  protected floor = 0;

  /** Number the change and deliver it to every replica's subscribers. */
  abstract publish(change: BoardChange): Promise<void>;

  /** Call `listener` with every change delivered from now on; returns the unsubscribe. */
  subscribe(listener: (change: FedChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The id a stream that has seen every change delivered so far resumes after: the
   * newest kept change's, or the floor. A stream opened now starts there, so even a
   * page that saw no change sends `Last-Event-ID` when it reconnects, and a restart
   * in between answers `reset` rather than nothing.
   */
  position(): number {
    return this.kept.at(-1)?.id ?? this.floor;
  }

  /** The changes after `lastId`, oldest first, or `null` when some may be missing. */
  since(lastId: number): FedChange[] | null {
    if (lastId < this.floor) return null;
    return this.kept.filter((change) => change.id > lastId);
  }

  protected deliver(change: FedChange): void {
    if (change.id !== null) {
      const numbered = { ...change, id: change.id };
      // Replicas number changes before they publish them, so two may cross on the way.
      let at = this.kept.length;
      while (at > 0 && this.kept[at - 1].id > numbered.id) at--;
      this.kept.splice(at, 0, numbered);
      while (this.kept.length > KEPT_CHANGES) this.floor = this.kept.shift()!.id;
    }
    for (const listener of this.listeners) listener(change);
  }

  /** Forget what is kept: changes from before `floor` can no longer be vouched for. */
  protected restart(floor: number): void {
    this.kept.length = 0;
    this.floor = floor;
  }

  close(): Promise<void> {
    this.listeners.clear();
    return Promise.resolve();
  }
}

/**
 * One process (no `REDIS_URL`). Ids continue from the start time in milliseconds, so an
 * id from before a restart is below the floor and the stream says to reload.
 */
export class LocalChangeFeed extends ChangeFeed {
  private next: number;

  constructor(startMs: number) {
    super();
    this.floor = startMs;
    this.next = startMs + 1;
  }

  publish(change: BoardChange): Promise<void> {
    this.deliver({ ...change, id: this.next++ });
    return Promise.resolve();
  }
}

const CHANNEL = 'npc-board:changes';
const SEQUENCE = 'npc-board:changes:seq';

/**
 * Replicas sharing Redis: a change is numbered from one counter (`INCR`) and published on
 * one channel, which every replica (the publishing one too) subscribes to on a connection
 * of its own. While Redis is away, a change reaches this replica's streams only, without
 * an id; after the subscription comes back, what was kept is dropped, since changes
 * published meanwhile never arrived.
 */
export class RedisChangeFeed extends ChangeFeed {
  private readonly logger = new Logger('ChangeFeed');
  private subscriber: RedisClientType | null = null;

  constructor(private readonly redis: RedisConnection) {
    super();
  }

  /** Subscribe; the board starts even when Redis is not there yet (then on reconnect). */
  async start(): Promise<void> {
    const subscriber = this.redis.client.duplicate();
    this.subscriber = subscriber;
    subscriber.on('error', () => undefined); // The main connection reports Redis trouble.
    subscriber.on('ready', () => void this.resume());
    try {
      await subscriber.connect();
      await subscriber.subscribe(CHANNEL, (message) => this.received(message));
    } catch (error) {
      this.logger.warn(`Change feed waits for Redis: ${(error as Error).message}`);
    }
  }

  async publish(change: BoardChange): Promise<void> {
    try {
      const id = await this.redis.client.incr(SEQUENCE);
      await this.redis.client.publish(CHANNEL, JSON.stringify({ ...change, id }));
    } catch (error) {
      this.logger.debug(`Change kept to this replica: ${(error as Error).message}`);
      this.deliver({ ...change, id: null });
    }
  }

  override async close(): Promise<void> {
    await super.close();
    const subscriber = this.subscriber;
    this.subscriber = null;
    if (subscriber?.isOpen) await subscriber.close().catch(() => undefined);
  }

  private async resume(): Promise<void> {
    try {
      this.restart(Number((await this.redis.client.get(SEQUENCE)) ?? 0));
    } catch {
      this.restart(Number.MAX_SAFE_INTEGER);
    }
  }

  private received(message: string): void {
    try {
      const change = JSON.parse(message) as FedChange;
      if (typeof change.id === 'number') this.deliver(change);
    } catch {
      this.logger.warn('A change on the channel was not JSON; ignored');
    }
  }
}
