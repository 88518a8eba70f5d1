import { Injectable } from '@nestjs/common';
import { ForgeDatabase } from '../storage/forge-database';
import type { EventRow, NewEvent } from './events.types';

/** Repository activity, one row per event. */
@Injectable()
export class EventsRepository {
  constructor(private readonly db: ForgeDatabase) {}

  /** Store one event. */
  insert(event: NewEvent): void {
    this.db.run(
      'INSERT INTO events (repo_id, type, actor_id, payload, created_at) VALUES (?, ?, ?, ?, ?)',
      [event.repoId, event.type, event.actorId, JSON.stringify(event.payload), event.createdAt],
    );
  }

  /** One page of a repository's events in `[from, to)`, newest first, and how many there are. */
  list(
    repoId: number,
    from: string,
    to: string,
    limit: number,
    offset: number,
  ): { rows: EventRow[]; total: number } {
    const rows = this.db.all<EventRow>(
      `SELECT e.id, e.type, e.payload, e.created_at, u.username AS actor_username, u.nickname AS actor_nickname,
         n.path AS owner_path, r.name AS repo_name
       FROM events e
         JOIN users u ON u.id = e.actor_id
         JOIN repos r ON r.id = e.repo_id
         JOIN namespaces n ON n.id = r.namespace_id
       WHERE e.repo_id = ? AND e.created_at >= ? AND e.created_at < ?
       ORDER BY e.created_at DESC, e.id DESC LIMIT ? OFFSET ?`,
      [repoId, from, to, limit, offset],
    );
    const total =
      this.db.get<{ n: number }>(
        'SELECT COUNT(*) AS n FROM events WHERE repo_id = ? AND created_at >= ? AND created_at < ?',
        [repoId, from, to],
      )?.n ?? 0;
    return { rows, total };
  }
}
