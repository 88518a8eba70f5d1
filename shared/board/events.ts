/**
 * The board's change stream, `GET /api/events` (Server-Sent Events; docs/architecture.md#live-pages).
 *
 * - `event: change`, with an `id:` and `data:` a `BoardChange` as JSON, each time the
 *   board's sync stores a change; a page refetches what the change names.
 * - `event: reset`, `data: {}`: the stream could not resume after the `Last-Event-ID`
 *   the client sent (too old, or from before a restart): refetch everything shown.
 * - `event: heartbeat`, `data: {"every_ms": n}`, first when the stream opens (with the
 *   id to resume after) and then every `EVENT_HEARTBEAT_SECONDS`, so proxies keep the
 *   stream open and a page that misses two knows the stream stalled and reconnects.
 */
export const EVENTS_PATH = 'api/events';

/** What changed: an organization's issues, repositories, NPC runs or balance, or the alerts. */
export type ChangeTopic = 'issues' | 'repos' | 'runs' | 'balances' | 'alerts';

export const CHANGE_TOPICS: readonly ChangeTopic[] = [
  'issues',
  'repos',
  'runs',
  'balances',
  'alerts',
];

export interface BoardChange {
  topic: ChangeTopic;
  /** The organization whose data changed; `null` for the alerts. */
  org: string | null;
}

/** The SSE event names the stream sends. */
export const CHANGE_EVENT = 'change';
export const RESET_EVENT = 'reset';
export const HEARTBEAT_EVENT = 'heartbeat';

/** A heartbeat's data. */
export interface Heartbeat {
  /** Milliseconds between heartbeats. */
  every_ms: number;
}
