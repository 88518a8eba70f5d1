import { Injectable } from '@nestjs/common';
import { ForgeDatabase } from '../storage/forge-database';
import { pickUser, userColumns } from '../users/user.types';
import { BUILD_STATUS_SQL, planLength, plannedCoreMh, costCents } from './build-status';
import type { BuildRow, NewBuild } from './build.types';

const BUILD_SELECT = `
  SELECT b.id, b.repo_id, b.sn, b.event, b.event_url, b.user_id, b.npc_id, b.issue_id, b.pull_id,
    b.sha, b.commit_title, b.source_ref, b.target_ref, b.title, b.outcome, b.plan, b.created_at,
    b.finishes_at, b.stopped_at, b.core_mh, b.cost_cents, b.charged, b.logs_deleted,
    ${userColumns('u', 'user_')}
  FROM builds b JOIN users u ON u.id = b.user_id`;

function toRow(raw: Record<string, unknown> | undefined): BuildRow | undefined {
  return raw && { ...(raw as unknown as BuildRow), user: pickUser(raw, 'user_') };
}

/** The build list's filters, as the service has checked them (times are RFC 3339). */
export interface BuildFilter {
  from?: string;
  until?: string;
  event?: string;
  status?: string;
  sn?: string;
  sha?: string;
  sourceRef?: string;
  targetRef?: string;
  userName?: string;
  userId?: number;
}

/** Builds of repositories. */
@Injectable()
export class BuildsRepository {
  constructor(private readonly db: ForgeDatabase) {}

  /**
   * A serial number not used yet, made from the repository and the start time (the
   * platform's shape, `cnb-1qa-1i3f5ecau`); callers insert under it in the same transaction.
   */
  nextSn(repoId: number, createdAt: string): string {
    const started = Date.parse(createdAt);
    let sn = '';
    for (let k = 0; sn === '' || this.bySn(sn); k++)
      sn = `cnb-${repoId.toString(36)}-${(started * 64 + k).toString(36)}`;
    return sn;
  }

  /** Store a build; returns it. */
  insert(build: NewBuild): BuildRow {
    const started = Date.parse(build.createdAt);
    const length = planLength(build.plan);
    const coreMh = plannedCoreMh(build.plan);
    return this.db.transaction(() => {
      const sn = build.sn;
      const { id } = this.db.run(
        `INSERT INTO builds (repo_id, sn, event, event_url, user_id, npc_id, issue_id, pull_id, sha,
           commit_title, source_ref, target_ref, title, outcome, plan, created_at, finishes_at,
           stopped_at, core_mh, cost_cents, charged)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          build.repoId,
          sn,
          build.event,
          build.eventUrl,
          build.userId,
          build.npcId,
          build.issueId,
          build.pullId,
          build.sha,
          build.commitTitle,
          build.sourceRef,
          build.targetRef,
          build.title,
          build.outcome,
          JSON.stringify(build.plan),
          build.createdAt,
          Number.isFinite(length) ? new Date(started + length).toISOString() : null,
          build.stoppedAt ?? null,
          coreMh,
          costCents(coreMh),
          build.charged ? 1 : 0,
        ],
      );
      return this.byId(id) as BuildRow;
    });
  }

  /** A build by serial number in a repository. */
  find(repoId: number, sn: string): BuildRow | undefined {
    return toRow(this.db.get(`${BUILD_SELECT} WHERE b.repo_id = ? AND b.sn = ?`, [repoId, sn]));
  }

  /** A page of a repository's builds at `now`, newest first, and how many match. */
  list(
    repoId: number,
    filter: BuildFilter,
    now: string,
    limit: number,
    offset: number,
  ): { rows: BuildRow[]; total: number } {
    const where = ['b.repo_id = ?'];
    const params: (string | number)[] = [repoId];
    const add = (clause: string, ...values: (string | number | undefined)[]): void => {
      if (values[values.length - 1] === undefined) return;
      where.push(clause);
      params.push(...(values as (string | number)[]));
    };
    add('b.created_at >= ?', filter.from);
    add('b.created_at < ?', filter.until);
    add('b.event = ?', filter.event);
    add(`${BUILD_STATUS_SQL} = ?`, now, filter.status);
    add('b.sn = ?', filter.sn);
    add("b.sha LIKE ? || '%'", filter.sha);
    add('b.source_ref = ?', filter.sourceRef);
    add('b.target_ref = ?', filter.targetRef);
    add('u.username = ? COLLATE NOCASE', filter.userName);
    add('b.user_id = ?', filter.userId);
    const clause = where.join(' AND ');
    const rows = this.db
      .all<Record<string, unknown>>(
        `${BUILD_SELECT} WHERE ${clause} ORDER BY b.created_at DESC, b.id DESC LIMIT ? OFFSET ?`,
        [...params, limit, offset],
      )
      .map((raw) => toRow(raw) as BuildRow);
    const total =
      this.db.get<{ n: number }>(
        `SELECT COUNT(*) AS n FROM builds b JOIN users u ON u.id = b.user_id WHERE ${clause}`,
        params,
      )?.n ?? 0;
    return { rows, total };
  }

  /** Whether a repository has any build record. */
  any(repoId: number): boolean {
    return (
      this.db.get('SELECT 1 AS one FROM builds WHERE repo_id = ? LIMIT 1', [repoId]) !== undefined
    );
  }

  /** Stop a build at `at`; false when it was already stopped. */
  stop(id: number, at: string): boolean {
    return (
      this.db.run('UPDATE builds SET stopped_at = ? WHERE id = ? AND stopped_at IS NULL', [at, id])
        .changes > 0
    );
  }

  /** Mark a build's charge as written to the ledger. */
  markCharged(id: number): void {
    this.db.run('UPDATE builds SET charged = 1 WHERE id = ?', [id]);
  }

  /** Empty a build's logs (the record stays). */
  deleteLogs(id: number): void {
    this.db.run('UPDATE builds SET logs_deleted = 1 WHERE id = ?', [id]);
  }

  /** The commit a repository's newest build ran on, if it has any. */
  latestCommit(repoId: number): { sha: string; title: string } | undefined {
    return this.db.get(
      'SELECT sha, commit_title AS title FROM builds WHERE repo_id = ? ORDER BY created_at DESC, id DESC LIMIT 1',
      [repoId],
    );
  }

  /** Builds about an issue, oldest first. */
  ofIssue(issueId: number): BuildRow[] {
    return this.db
      .all<Record<string, unknown>>(
        `${BUILD_SELECT} WHERE b.issue_id = ? ORDER BY b.created_at, b.id`,
        [issueId],
      )
      .map((raw) => toRow(raw) as BuildRow);
  }

  private byId(id: number): BuildRow | undefined {
    return toRow(this.db.get(`${BUILD_SELECT} WHERE b.id = ?`, [id]));
  }

  private bySn(sn: string): boolean {
    return this.db.get('SELECT 1 AS one FROM builds WHERE sn = ?', [sn]) !== undefined;
  }
}
