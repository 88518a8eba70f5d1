import type { PlatformEvent } from '@shared/platform/types';
import type { EventRow } from './events.types';

/** An event on the wire. */
export function toPlatformEvent(row: EventRow): PlatformEvent {
  return {
    id: String(row.id),
    type: row.type,
    actor: { username: row.actor_username, nickname: row.actor_nickname },
    repo: { path: `${row.owner_path}/${row.repo_name}` },
    created_at: row.created_at,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
  };
}
