import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { iso } from '../common/time';
import { EventsService } from '../events/events.service';
import type { NewEvent } from '../events/events.types';
import type { RepoName } from '../git/git.adapter';
import { GitHistoryAdapter } from '../git/git-history.adapter';
import { ZERO_OID } from '../git/ref-name';
import { BRANCH_PREFIX, newestBranchTime, TAG_PREFIX, type RefSnapshot } from '../git/ref-snapshot';
import { ReposService } from '../repos/repos.service';
import { ForgeDatabase } from '../storage/forge-database';

/** Commits listed in one PushEvent's payload (GitHub lists 20 too); `size` counts them all. */
const PUSH_EVENT_COMMITS = 20;

/** One ref a push changed. */
export interface RefChange {
  ref: string;
  before: string;
  after: string;
}

/** What a push did, for logs and tests. */
export interface PushSummary {
  changes: RefChange[];
  events: number;
  lastCommitAt: Date | null;
}

/** The refs that differ between two snapshots (branches and tags only), by name. */
export function refChanges(before: RefSnapshot, after: RefSnapshot): RefChange[] {
  const names = new Set([...before.refs.keys(), ...after.refs.keys()]);
  const changes: RefChange[] = [];
  for (const ref of [...names].sort()) {
    if (!ref.startsWith(BRANCH_PREFIX) && !ref.startsWith(TAG_PREFIX)) continue;
    const old = before.refs.get(ref)?.sha ?? ZERO_OID;
    const now = after.refs.get(ref)?.sha ?? ZERO_OID;
    if (old !== now) changes.push({ ref, before: old, after: now });
  }
  return changes;
}

/**
 * What follows a push (over HTTP, or the simulator's commits): compare the refs before
 * and after, record PushEvent / CreateEvent / DeleteEvent per ref, and move the
 * repository's `last_updated_at` to its newest branch tip. Comparing refs instead of
 * parsing the pushed commands records what git actually accepted.
 */
@Injectable()
export class PushRecorder {
  constructor(
    private readonly history: GitHistoryAdapter,
    private readonly events: EventsService,
    private readonly repos: ReposService,
    private readonly db: ForgeDatabase,
    private readonly clock: Clock,
  ) {}

  /** Record the push that turned `before` into `after`. */
  async record(
    repoId: number,
    repo: RepoName,
    actorId: number,
    before: RefSnapshot,
    after: RefSnapshot,
  ): Promise<PushSummary> {
    const changes = refChanges(before, after);
    const at = iso(this.clock.now());
    const known = [...new Set([...before.refs.values()].map((ref) => ref.commit).filter(Boolean))];
    const events: NewEvent[] = [];
    const event = (type: NewEvent['type'], payload: Record<string, unknown>): void => {
      events.push({ repoId, type, actorId, payload, createdAt: at });
    };
    for (const change of changes) {
      const isBranch = change.ref.startsWith(BRANCH_PREFIX);
      const short = change.ref.slice(isBranch ? BRANCH_PREFIX.length : TAG_PREFIX.length);
      const refType = isBranch ? 'branch' : 'tag';
      if (change.after === ZERO_OID) {
        event('DeleteEvent', { ref: short, ref_type: refType });
        continue;
      }
      if (change.before === ZERO_OID) event('CreateEvent', { ref: short, ref_type: refType });
      if (!isBranch) continue;
      const tip = after.refs.get(change.ref)?.commit ?? change.after;
      const pushed = await this.history.newCommits(repo, tip, known, PUSH_EVENT_COMMITS);
      event('PushEvent', {
        ref: change.ref,
        before: change.before,
        head: change.after,
        size: pushed.count,
        distinct_size: pushed.count,
        commits: pushed.commits.map((commit) => ({
          sha: commit.sha,
          message: commit.message,
          author: { name: commit.authorName, email: commit.authorEmail },
        })),
      });
    }
    const lastCommitAt = newestBranchTime(after);
    this.db.transaction(() => {
      this.events.record(...events);
      if (changes.length > 0) this.repos.setLastCommit(repoId, lastCommitAt);
    });
    return { changes, events: events.length, lastCommitAt };
  }
}
