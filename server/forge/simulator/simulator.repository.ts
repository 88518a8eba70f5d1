import { Injectable } from '@nestjs/common';
import { BUILD_CASES_KEY } from '../seed/demo-builds';
import { HELD_ISSUES_KEY, parseHeldIssues, type HeldIssues } from '../seed/held-issues';
import { ForgeDatabase } from '../storage/forge-database';

/** An open issue the simulator may act on. */
export interface SimIssueRow {
  id: number;
  repo_id: number;
  number: number;
  title: string;
  npc_id: number | null;
  /** Who opened it: who set its NPC to work. */
  author_id: number;
}

/** An NPC-assigned issue waiting for its NPC to answer, with when it was last acted on. */
export interface AwaitingIssueRow extends SimIssueRow {
  npc_id: number;
  since: string;
}

/** An issue an NPC is working on, with that NPC's latest comment on it. */
export interface WorkingIssueRow extends AwaitingIssueRow {
  last_comment_at: string | null;
}

/** Labels that mark an issue as being worked on (docs/rules.md#board-columns). */
const PROGRESS = "('in progress', 'in-progress', 'doing', 'wip')";
/** Issue `i` has neither an NPC comment nor a progress label. */
const UNANSWERED = `NOT EXISTS (SELECT 1 FROM comments c JOIN users u ON u.id = c.author_id
                                WHERE c.issue_id = i.id AND u.is_npc = 1)
         AND NOT EXISTS (SELECT 1 FROM issue_labels il JOIN labels l ON l.id = il.label_id
                         WHERE il.issue_id = i.id AND l.name IN ${PROGRESS})`;
/** Issue `i` (NPC-assigned) is in progress: it has a comment or a progress label. */
const IN_PROGRESS = `(EXISTS (SELECT 1 FROM comments c WHERE c.issue_id = i.id)
              OR EXISTS (SELECT 1 FROM issue_labels il JOIN labels l ON l.id = il.label_id
                         WHERE il.issue_id = i.id AND l.name IN ${PROGRESS}))`;

/** The simulator's reads: which issues are waiting and which are in progress. */
@Injectable()
export class SimulatorRepository {
  constructor(private readonly db: ForgeDatabase) {}

  /** NPC users with what a commit needs. */
  npcs(): { id: number; username: string; nickname: string; email: string }[] {
    return this.db.all(
      'SELECT id, username, nickname, email FROM users WHERE is_npc = 1 ORDER BY username',
    );
  }

  /** The demo issues to leave alone (none outside the demo). */
  held(): HeldIssues {
    return parseHeldIssues(
      this.db.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', [HELD_ISSUES_KEY])
        ?.value ?? null,
    );
  }

  /**
   * Repositories of an organization NPCs may commit to, by name: not secret, and not
   * holding a held stuck issue (a commit there by its NPC would count as activity).
   */
  pushTargets(namespaceId: number): { id: number; name: string }[] {
    return this.db.all(
      `SELECT id, name FROM repos
       WHERE namespace_id = ? AND visibility != 'secret'
         AND id NOT IN (SELECT i.repo_id FROM issues i WHERE i.id IN (SELECT value FROM json_each(?)))
       ORDER BY name`,
      [namespaceId, JSON.stringify(this.held().stuck)],
    );
  }

  /** `org/name` of a repository. */
  repoPath(repoId: number): string {
    return (
      this.db.get<{ path: string }>(
        `SELECT n.path || '/' || r.name AS path FROM repos r JOIN namespaces n ON n.id = r.namespace_id
         WHERE r.id = ?`,
        [repoId],
      )?.path ?? ''
    );
  }

  /** A user's name. */
  username(userId: number): string {
    return (
      this.db.get<{ username: string }>('SELECT username FROM users WHERE id = ?', [userId])
        ?.username ?? ''
    );
  }

  /** Ids and paths of every top-level organization (sub-groups hold no repositories). */
  orgs(): { id: number; path: string }[] {
    return this.db.all<{ id: number; path: string }>(
      'SELECT id, path FROM orgs WHERE parent_id IS NULL ORDER BY path',
    );
  }

  /**
   * Open issues given to an NPC that no NPC has answered yet (no NPC comment, no
   * progress label), outside secret repositories and the held issues, with when they were
   * last acted on (the assignment, for the issues the simulator and the seed assign).
   */
  awaitingPickup(namespaceId: number): AwaitingIssueRow[] {
    return this.db.all<AwaitingIssueRow>(
      `SELECT i.id, i.repo_id, i.number, i.title, i.author_id, a.user_id AS npc_id, i.last_acted_at AS since
       FROM issues i
         JOIN repos r ON r.id = i.repo_id
         JOIN issue_assignees a ON a.issue_id = i.id
         JOIN users u ON u.id = a.user_id AND u.is_npc = 1
       WHERE i.namespace_id = ? AND i.state = 'open' AND r.visibility != 'secret'
         AND i.id NOT IN (SELECT value FROM json_each(?))
         AND ${UNANSWERED}
       GROUP BY i.id ORDER BY i.last_acted_at, i.id`,
      [namespaceId, this.heldIds()],
    );
  }

  /**
   * Oldest open issues not yet dispatched to an NPC (no NPC assignee, no NPC comment, no
   * progress label), outside secret repositories and the held issues.
   */
  undispatched(namespaceId: number, limit: number): SimIssueRow[] {
    return this.db.all<SimIssueRow>(
      `SELECT i.id, i.repo_id, i.number, i.title, i.author_id, NULL AS npc_id
       FROM issues i JOIN repos r ON r.id = i.repo_id
       WHERE i.namespace_id = ? AND i.state = 'open' AND r.visibility != 'secret'
         AND i.id NOT IN (SELECT value FROM json_each(?))
         AND NOT EXISTS (SELECT 1 FROM issue_assignees a JOIN users u ON u.id = a.user_id
                         WHERE a.issue_id = i.id AND u.is_npc = 1)
         AND ${UNANSWERED}
       ORDER BY i.created_at, i.id LIMIT ?`,
      [namespaceId, this.heldIds(), limit],
    );
  }

  /**
   * Every open issue an NPC is working on (see `inProgress`) with the time of that NPC's
   * latest comment on it (null without one) and of the issue's last action, for the
   * NPCs' progress updates. Held issues are left out.
   */
  working(namespaceId: number): WorkingIssueRow[] {
    return this.db.all<WorkingIssueRow>(
      `SELECT i.id, i.repo_id, i.number, i.title, i.author_id, a.user_id AS npc_id, i.last_acted_at AS since,
         (SELECT MAX(c.created_at) FROM comments c
          WHERE c.issue_id = i.id AND c.author_id = a.user_id) AS last_comment_at
       FROM issues i
         JOIN issue_assignees a ON a.issue_id = i.id
         JOIN users u ON u.id = a.user_id AND u.is_npc = 1
       WHERE i.namespace_id = ? AND i.state = 'open'
         AND i.id NOT IN (SELECT value FROM json_each(?))
         AND ${IN_PROGRESS}
       GROUP BY i.id ORDER BY i.id`,
      [namespaceId, this.heldIds()],
    );
  }

  /**
   * Open issues an NPC has picked up (NPC assignee and an NPC comment or a progress
   * label), oldest first, without the held issues.
   */
  inProgress(namespaceId: number, limit: number): SimIssueRow[] {
    return this.db.all<SimIssueRow>(
      `SELECT i.id, i.repo_id, i.number, i.title, i.author_id, a.user_id AS npc_id
       FROM issues i
         JOIN issue_assignees a ON a.issue_id = i.id
         JOIN users u ON u.id = a.user_id AND u.is_npc = 1
       WHERE i.namespace_id = ? AND i.state = 'open'
         AND i.id NOT IN (SELECT value FROM json_each(?))
         AND ${IN_PROGRESS}
       GROUP BY i.id ORDER BY i.last_acted_at, i.id LIMIT ?`,
      [namespaceId, this.heldIds(), limit],
    );
  }

  private heldIds(): string {
    const held = this.held();
    return JSON.stringify([...held.stuck, ...held.overdue]);
  }

  /** Tasks whose demo build case (failing runs, costly runs…) NPCs must leave as it is. */
  buildCaseIssues(): Set<number> {
    const value = this.db.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', [
      BUILD_CASES_KEY,
    ])?.value;
    return new Set(value ? (JSON.parse(value) as number[]) : []);
  }

  /**
   * Credits spent on model calls over the window before `until`, in hundredths
   * (positive); runs' charges are left out, as they are charged by build.
   */
  spentSince(namespaceId: number, since: string): number {
    return -(
      this.db.get<{ total: number | null }>(
        "SELECT SUM(amount) AS total FROM ledger WHERE namespace_id = ? AND kind = 'spend' AND sn = '' AND created_at >= ?",
        [namespaceId, since],
      )?.total ?? 0
    );
  }
}
