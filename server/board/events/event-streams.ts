import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { CHANGE_EVENT, HEARTBEAT_EVENT, RESET_EVENT } from '@shared/board/events';
import type { ServerResponse } from 'node:http';
import { InvalidError, RateLimitedError, UnavailableError } from '../../common/errors';
import { withCode } from '../common/error-code';
import { BoardConfig } from '../config/board-config';
import { BoardMetrics } from '../metrics/board-metrics';
import { ChangeFeed, type FedChange } from './change-feed';

/** How long a browser waits before it reconnects a dropped stream. */
export const RECONNECT_MS = 3000;
/** What a refused stream's 429 asks the client to wait (the app's first retry waits as long). */
export const STREAM_RETRY_AFTER_SECONDS = 5;
/** Ids a stream may send: what `Last-Event-ID` accepts back. */
const LAST_ID = /^\d{1,15}$/;
/** A stream whose client reads slower than this much backlog is dropped (it reconnects). */
const MAX_BACKLOG_BYTES = 1 << 20;

interface OpenStream {
  client: string;
  out: ServerResponse;
}

/**
 * The open change streams (`GET /api/events`): at most `EVENT_STREAMS_MAX`, and
 * `EVENT_STREAMS_PER_CLIENT` per client address; one heartbeat timer for all of them
 * (`event: heartbeat` every `EVENT_HEARTBEAT_SECONDS`, so proxies keep idle streams open
 * and a page notices a stream that stays open but stops delivering; the first one, with
 * the feed's position as its id, opens every stream);
 * each change from the feed written to every stream; all ended cleanly at shutdown.
 * Watching costs no platform call: a stream only carries what the sync already stored.
 */
@Injectable()
export class EventStreams implements BeforeApplicationShutdown {
  private readonly open = new Set<OpenStream>();
  private readonly perClient = new Map<string, number>();
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private unsubscribe: (() => void) | null = null;
  private closing = false;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly config: BoardConfig,
    private readonly metrics: BoardMetrics,
  ) {}

  /**
   * Check the caps and `Last-Event-ID` (throws the 4xx to answer), or the stream's
   * first lines: what the client missed, or a reset when that cannot be told.
   */
  admit(client: string, lastEventId: string | undefined): string {
    if (this.closing) {
      throw new UnavailableError('The board is shutting down', withCode('shutting_down'));
    }
    if (this.config.eventStreamsMax === 0) {
      throw new UnavailableError(
        'The change stream is turned off (EVENT_STREAMS_MAX=0)',
        withCode('event_streams_off'),
      );
    }
    if (this.open.size >= this.config.eventStreamsMax) {
      const cap = this.config.eventStreamsMax;
      throw new RateLimitedError(
        `The board holds its most open change streams (EVENT_STREAMS_MAX=${cap}); try again later`,
        {
          retryAfterSeconds: STREAM_RETRY_AFTER_SECONDS,
          ...withCode('event_streams_full', { cap }),
        },
      );
    }
    if ((this.perClient.get(client) ?? 0) >= this.config.eventStreamsPerClient) {
      const cap = this.config.eventStreamsPerClient;
      throw new RateLimitedError(
        `This address holds its most open change streams (EVENT_STREAMS_PER_CLIENT=${cap}); close one first`,
        {
          retryAfterSeconds: STREAM_RETRY_AFTER_SECONDS,
          ...withCode('event_streams_per_client_full', { cap }),
        },
      );
    }
    let head = `retry: ${RECONNECT_MS}\n\n`;
    const position = this.feed.position();
    const hello = frame(
      HEARTBEAT_EVENT,
      this.beat,
      LAST_ID.test(String(position)) ? position : null,
    );
    if (lastEventId === undefined || lastEventId === '') return head + hello;
    if (!LAST_ID.test(lastEventId)) {
      throw new InvalidError(
        'Last-Event-ID must be the id of an event this stream sent',
        withCode('last_event_id_invalid', { field: 'Last-Event-ID' }),
      );
    }
    const missed = this.feed.since(Number(lastEventId));
    if (missed === null) head += frame(RESET_EVENT, '{}', null);
    else for (const change of missed) head += changeFrame(change);
    return head + hello;
  }

  /** Hold `out` open as a stream, starting with `head` (from `admit`). */
  attach(client: string, out: ServerResponse, head: string): void {
    const stream: OpenStream = { client, out };
    this.open.add(stream);
    this.perClient.set(client, (this.perClient.get(client) ?? 0) + 1);
    this.metrics.eventStreams.set(this.open.size);
    out.on('close', () => this.detach(stream));
    out.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      // nginx passes the stream through unbuffered (deploy/nginx.conf).
      'X-Accel-Buffering': 'no',
    });
    out.write(head);
    this.unsubscribe ??= this.feed.subscribe((change) => this.broadcast(changeFrame(change)));
    this.heartbeat ??= setInterval(
      () => this.broadcast(frame(HEARTBEAT_EVENT, this.beat, null)),
      this.config.eventHeartbeatMs,
    ).unref();
  }

  /** End every stream before the server closes, so it does not wait on them. */
  beforeApplicationShutdown(): void {
    this.closing = true;
    for (const stream of [...this.open]) stream.out.end();
  }

  /** A heartbeat's data: how often they come, so the page knows when one is missing. */
  private get beat(): string {
    return JSON.stringify({ every_ms: this.config.eventHeartbeatMs });
  }

  private broadcast(text: string): void {
    for (const stream of this.open) {
      if (stream.out.writableLength > MAX_BACKLOG_BYTES) stream.out.destroy();
      else stream.out.write(text);
    }
  }

  private detach(stream: OpenStream): void {
    if (!this.open.delete(stream)) return;
    const left = (this.perClient.get(stream.client) ?? 1) - 1;
    if (left > 0) this.perClient.set(stream.client, left);
    else this.perClient.delete(stream.client);
    this.metrics.eventStreams.set(this.open.size);
    if (this.open.size > 0) return;
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}

function changeFrame(change: FedChange): string {
  return frame(CHANGE_EVENT, JSON.stringify({ topic: change.topic, org: change.org }), change.id);
}

function frame(event: string, data: string, id: number | null): string {
  return `${id === null ? '' : `id: ${id}\n`}event: ${event}\ndata: ${data}\n\n`;
}
