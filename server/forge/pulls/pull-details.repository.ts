import { Injectable } from '@nestjs/common';
import type { LabelRow } from '../issues/issue.types';
import { ForgeDatabase } from '../storage/forge-database';
import { pickUser, userColumns, type EmbeddedUserRow } from '../users/user.types';

/** A comment on a pull request, or a review, with its author. */
export interface PullNoteRow {
  id: number;
  body: string;
  created_at: string;
  updated_at: string;
  author: EmbeddedUserRow;
}

export type ReviewState = 'approved' | 'commented' | 'changes_requested';

export interface PullReviewRow extends PullNoteRow {
  state: ReviewState;
}

/** Which side of the diff a review comment's line is on: the old (`left`) or the new. */
export type DiffSide = 'left' | 'right';

/** Where a review comment sits: lines `line`…`end_line` of a file, or the whole file (lines 0). */
export interface ReviewCommentPlace {
  path: string;
  subjectType: 'line' | 'file';
  line: number;
  endLine: number;
  startSide: DiffSide;
  endSide: DiffSide;
}

export interface PullReviewCommentRow extends PullNoteRow {
  review_id: number;
  review_state: ReviewState;
  path: string;
  line: number;
  end_line: number;
  start_side: DiffSide;
  end_side: DiffSide;
  subject_type: 'line' | 'file';
  commit_sha: string;
}

function note<T extends PullNoteRow>(raw: Record<string, unknown>): T {
  return { ...(raw as unknown as T), author: pickUser(raw, 'author_') };
}

/** Group rows by a key column. */
function groupBy<T>(
  rows: readonly Record<string, unknown>[],
  key: string,
  map: (row: Record<string, unknown>) => T,
): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const id = row[key] as number;
    const list = out.get(id) ?? [];
    list.push(map(row));
    out.set(id, list);
  }
  return out;
}

/** What hangs off a pull request: assignees, labels, comments, reviews and their comments. */
@Injectable()
export class PullDetailsRepository {
  constructor(private readonly db: ForgeDatabase) {}

  /** Assignees of each pull, by pull id, sorted by username. */
  assigneesOf(pullIds: readonly number[]): Map<number, EmbeddedUserRow[]> {
    if (pullIds.length === 0) return new Map();
    const rows = this.db.all<Record<string, unknown>>(
      `SELECT pa.pull_id, ${userColumns('u', 'user_')} FROM pull_assignees pa JOIN users u ON u.id = pa.user_id
       WHERE pa.pull_id IN (SELECT value FROM json_each(?)) ORDER BY u.username`,
      [JSON.stringify(pullIds)],
    );
    return groupBy(rows, 'pull_id', (row) => pickUser(row, 'user_'));
  }

  /** Labels of each pull, by pull id, sorted by name. */
  labelsOf(pullIds: readonly number[]): Map<number, LabelRow[]> {
    if (pullIds.length === 0) return new Map();
    const rows = this.db.all<Record<string, unknown>>(
      `SELECT pl.pull_id, l.id, l.name, l.color, l.description FROM pull_labels pl JOIN labels l ON l.id = pl.label_id
       WHERE pl.pull_id IN (SELECT value FROM json_each(?)) ORDER BY l.name`,
      [JSON.stringify(pullIds)],
    );
    return groupBy(rows, 'pull_id', (row) => ({
      id: row['id'] as number,
      name: row['name'] as string,
      color: row['color'] as string,
      description: row['description'] as string,
    }));
  }

  /** Each reviewer's latest review state, by pull id. */
  reviewersOf(
    pullIds: readonly number[],
  ): Map<number, { user: EmbeddedUserRow; state: ReviewState }[]> {
    if (pullIds.length === 0) return new Map();
    const rows = this.db.all<Record<string, unknown>>(
      `SELECT r.pull_id, r.state, ${userColumns('u', 'user_')} FROM pull_reviews r JOIN users u ON u.id = r.author_id
       WHERE r.pull_id IN (SELECT value FROM json_each(?))
         AND r.id = (SELECT MAX(r2.id) FROM pull_reviews r2 WHERE r2.pull_id = r.pull_id AND r2.author_id = r.author_id)
       ORDER BY u.username`,
      [JSON.stringify(pullIds)],
    );
    return groupBy(rows, 'pull_id', (row) => ({
      user: pickUser(row, 'user_'),
      state: row['state'] as ReviewState,
    }));
  }

  /** Comments of a pull, oldest first, and the total. */
  comments(pullId: number, limit: number, offset: number): { rows: PullNoteRow[]; total: number } {
    const rows = this.db
      .all<Record<string, unknown>>(
        `SELECT c.id, c.body, c.created_at, c.updated_at, ${userColumns('u', 'author_')}
         FROM pull_comments c JOIN users u ON u.id = c.author_id
         WHERE c.pull_id = ? ORDER BY c.created_at, c.id LIMIT ? OFFSET ?`,
        [pullId, limit, offset],
      )
      .map((raw) => note<PullNoteRow>(raw));
    return { rows, total: this.count('pull_comments', 'pull_id', pullId) };
  }

  /** One comment of a pull. */
  comment(pullId: number, id: number): PullNoteRow | undefined {
    const raw = this.db.get<Record<string, unknown>>(
      `SELECT c.id, c.body, c.created_at, c.updated_at, ${userColumns('u', 'author_')}
       FROM pull_comments c JOIN users u ON u.id = c.author_id WHERE c.pull_id = ? AND c.id = ?`,
      [pullId, id],
    );
    return raw && note<PullNoteRow>(raw);
  }

  /** Reviews of a pull, oldest first, and the total. */
  reviews(pullId: number, limit: number, offset: number): { rows: PullReviewRow[]; total: number } {
    const rows = this.db
      .all<Record<string, unknown>>(
        `SELECT r.id, r.body, r.state, r.created_at, r.updated_at, ${userColumns('u', 'author_')}
         FROM pull_reviews r JOIN users u ON u.id = r.author_id
         WHERE r.pull_id = ? ORDER BY r.created_at, r.id LIMIT ? OFFSET ?`,
        [pullId, limit, offset],
      )
      .map((raw) => note<PullReviewRow>(raw));
    return { rows, total: this.count('pull_reviews', 'pull_id', pullId) };
  }

  /** Whether a review belongs to a pull. */
  reviewExists(pullId: number, reviewId: number): boolean {
    return !!this.db.get('SELECT 1 FROM pull_reviews WHERE pull_id = ? AND id = ?', [
      pullId,
      reviewId,
    ]);
  }

  /** Comments of a review, oldest first, and the total. */
  reviewComments(
    reviewId: number,
    limit: number,
    offset: number,
  ): { rows: PullReviewCommentRow[]; total: number } {
    const rows = this.db
      .all<Record<string, unknown>>(
        `SELECT c.id, c.review_id, r.state AS review_state, c.path, c.line, c.end_line, c.start_side,
           c.end_side, c.subject_type, c.body, c.commit_sha, c.created_at, c.updated_at,
           ${userColumns('u', 'author_')}
         FROM pull_review_comments c JOIN pull_reviews r ON r.id = c.review_id JOIN users u ON u.id = c.author_id
         WHERE c.review_id = ? ORDER BY c.created_at, c.id LIMIT ? OFFSET ?`,
        [reviewId, limit, offset],
      )
      .map((raw) => note<PullReviewCommentRow>(raw));
    return { rows, total: this.count('pull_review_comments', 'review_id', reviewId) };
  }

  /** Counts of comments and reviews, and the newest activity time, by pull id. */
  activity(
    pullIds: readonly number[],
  ): Map<number, { comments: number; reviews: number; last: string }> {
    const out = new Map<number, { comments: number; reviews: number; last: string }>();
    if (pullIds.length === 0) return out;
    for (const row of this.db.all<{
      id: number;
      comments: number;
      reviews: number;
      last: string | null;
    }>(
      `SELECT p.id,
         (SELECT COUNT(*) FROM pull_comments c WHERE c.pull_id = p.id) AS comments,
         (SELECT COUNT(*) FROM pull_reviews r WHERE r.pull_id = p.id) AS reviews,
         MAX(p.updated_at,
           IFNULL((SELECT MAX(c.created_at) FROM pull_comments c WHERE c.pull_id = p.id), ''),
           IFNULL((SELECT MAX(r.created_at) FROM pull_reviews r WHERE r.pull_id = p.id), '')) AS last
       FROM pulls p WHERE p.id IN (SELECT value FROM json_each(?))`,
      [JSON.stringify(pullIds)],
    ))
      out.set(row.id, { comments: row.comments, reviews: row.reviews, last: row.last ?? '' });
    return out;
  }

  /** Assign users (ignoring those already assigned). */
  addAssignees(pullId: number, userIds: readonly number[]): void {
    for (const userId of userIds)
      this.db.run('INSERT OR IGNORE INTO pull_assignees (pull_id, user_id) VALUES (?, ?)', [
        pullId,
        userId,
      ]);
  }

  /** Label a pull (ignoring labels it already has). */
  addLabels(pullId: number, labelIds: readonly number[]): void {
    for (const labelId of labelIds)
      this.db.run('INSERT OR IGNORE INTO pull_labels (pull_id, label_id) VALUES (?, ?)', [
        pullId,
        labelId,
      ]);
  }

  /** Add a comment; returns its id. */
  insertComment(pullId: number, authorId: number, body: string, at: string): number {
    return this.db.run(
      'INSERT INTO pull_comments (pull_id, author_id, body, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
      [pullId, authorId, body, at, at],
    ).id;
  }

  /** Change a comment's text; false when the pull has no such comment. */
  updateCommentBody(pullId: number, id: number, body: string, at: string): boolean {
    return (
      this.db.run(
        'UPDATE pull_comments SET body = ?, updated_at = ? WHERE pull_id = ? AND id = ?',
        [body, at, pullId, id],
      ).changes > 0
    );
  }

  /** Add a review; returns its id. */
  insertReview(
    pullId: number,
    authorId: number,
    state: ReviewState,
    body: string,
    at: string,
  ): number {
    return this.db.run(
      'INSERT INTO pull_reviews (pull_id, author_id, body, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      [pullId, authorId, body, state, at, at],
    ).id;
  }

  /** Add a comment on lines of a file, or on a whole file, to a review; returns its id. */
  insertReviewComment(
    reviewId: number,
    authorId: number,
    comment: ReviewCommentPlace & { body: string; commitSha: string },
    at: string,
  ): number {
    return this.db.run(
      `INSERT INTO pull_review_comments (review_id, author_id, path, line, end_line, start_side,
         end_side, subject_type, body, commit_sha, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        reviewId,
        authorId,
        comment.path,
        comment.line,
        comment.endLine,
        comment.startSide,
        comment.endSide,
        comment.subjectType,
        comment.body,
        comment.commitSha,
        at,
        at,
      ],
    ).id;
  }

  private count(table: string, column: string, id: number): number {
    return (
      this.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE ${column} = ?`, [id])
        ?.n ?? 0
    );
  }
}
