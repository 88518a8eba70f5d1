import { Injectable } from '@nestjs/common';
import { ForgeDatabase } from '../storage/forge-database';
import { pickUser, userColumns } from '../users/user.types';
import type { CommentRow } from './issue.types';

const COMMENT_SELECT = `
  SELECT c.id, c.body, c.created_at, c.updated_at, ${userColumns('u', 'author_')}
  FROM comments c JOIN users u ON u.id = c.author_id`;

function toCommentRow(raw: Record<string, unknown>): CommentRow {
  return {
    id: raw['id'] as number,
    body: raw['body'] as string,
    created_at: raw['created_at'] as string,
    updated_at: raw['updated_at'] as string,
    author: pickUser(raw, 'author_'),
  };
}

/** Comments on issues. */
@Injectable()
export class CommentsRepository {
  constructor(private readonly db: ForgeDatabase) {}

  /** One page of an issue's comments in time order (oldest first unless `newestFirst`), and the total. */
  list(
    issueId: number,
    newestFirst: boolean,
    limit: number,
    offset: number,
  ): { rows: CommentRow[]; total: number } {
    const direction = newestFirst ? 'DESC' : 'ASC';
    const rows = this.db
      .all<Record<string, unknown>>(
        `${COMMENT_SELECT} WHERE c.issue_id = ? ORDER BY c.created_at ${direction}, c.id ${direction} LIMIT ? OFFSET ?`,
        [issueId, limit, offset],
      )
      .map(toCommentRow);
    const total =
      this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM comments WHERE issue_id = ?', [issueId])
        ?.n ?? 0;
    return { rows, total };
  }

  /** One comment of an issue by id. */
  byId(issueId: number, id: number): CommentRow | undefined {
    const raw = this.db.get<Record<string, unknown>>(
      `${COMMENT_SELECT} WHERE c.issue_id = ? AND c.id = ?`,
      [issueId, id],
    );
    return raw && toCommentRow(raw);
  }

  /** Change a comment's text. */
  updateBody(id: number, body: string, at: string): void {
    this.db.run('UPDATE comments SET body = ?, updated_at = ? WHERE id = ?', [body, at, id]);
  }

  /** Add a comment; returns it. */
  insert(issueId: number, authorId: number, body: string, at: string): CommentRow {
    const { id } = this.db.run(
      'INSERT INTO comments (issue_id, author_id, body, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
      [issueId, authorId, body, at, at],
    );
    return toCommentRow(
      this.db.get<Record<string, unknown>>(`${COMMENT_SELECT} WHERE c.id = ?`, [id]) as Record<
        string,
        unknown
      >,
    );
  }
}
