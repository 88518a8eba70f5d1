import { Injectable } from '@nestjs/common';
import { ForgeDatabase } from '../storage/forge-database';
import { pickUser, userColumns, type EmbeddedUserRow } from '../users/user.types';
import type { EventRow, NewEvent } from './events.types';

/** An issue's event with its actor and the actor's role in the repository's namespace. */
export interface IssueActivityRow {
  id: number;
  type: string;
  payload: string;
  created_at: string;
  actor: EmbeddedUserRow;
  actor_role: number | null;
}

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

  /**
   * Events of one issue (opened, edited, assigned, closed, commented…), oldest first; with
   * `afterId`, only those after that event.
   */
  forIssue(
    repoId: number,
    number: string,
    afterId: number,
    limit: number,
    offset: number,
  ): { rows: IssueActivityRow[]; total: number } {
    const where = `e.repo_id = ? AND e.type IN ('IssueEvent', 'IssueCommentEvent')
      AND json_extract(e.payload, '$.issue.number') = ? AND e.id > ?`;
    const rows = this.db
      .all<Record<string, unknown>>(
        `SELECT e.id, e.type, e.payload, e.created_at, ${userColumns('u', 'actor_')},
           (SELECT m.role FROM memberships m WHERE m.org_id = r.namespace_id AND m.user_id = e.actor_id) AS actor_role
         FROM events e JOIN users u ON u.id = e.actor_id JOIN repos r ON r.id = e.repo_id
         WHERE ${where} ORDER BY e.created_at, e.id LIMIT ? OFFSET ?`,
        [repoId, number, afterId, limit, offset],
      )
      .map((raw) => ({
        id: raw['id'] as number,
        type: raw['type'] as string,
        payload: raw['payload'] as string,
        created_at: raw['created_at'] as string,
        actor: pickUser(raw, 'actor_'),
        actor_role: (raw['actor_role'] as number | null) ?? null,
      }));
    const total =
      this.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM events e WHERE ${where}`, [
        repoId,
        number,
        afterId,
      ])?.n ?? 0;
    return { rows, total };
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
