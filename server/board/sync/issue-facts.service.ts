import { Injectable } from '@nestjs/common';
import type { BoardUser, Issue } from '@shared/board/entities';
import { toBoardUser } from '@shared/board/mappers';
import { LRUCache } from 'lru-cache';
import { DomainError } from '../../common/errors';
import { SingleFlight } from '../../common/single-flight';
import { BoardConfig } from '../config/board-config';
import { BoardMetrics } from '../metrics/board-metrics';
import { PlatformClient } from '../platform/platform-client';
import type { PlatformComment, PlatformIssueActivity } from '@shared/platform/types';
import { ActivityFacts, activityFacts } from './activity-facts';

/**
 * Bytes of facts one replica holds, as `heldBytes` estimates them: about 160,000 issues
 * without comments, 65,000 with three each. The bound must exceed what the covered
 * organizations' NPC conversations need, or every refresh evicts facts it reads again next.
 */
export const FACTS_MAX_BYTES = 64 * 1024 * 1024;

/** What the signals need from an issue's conversation and history. */
export interface IssueFacts extends ActivityFacts {
  comments: readonly { author: BoardUser; created_at: string }[];
}

/**
 * The conversation of every issue without comments: one shared empty list, as
 * `activityFacts` shares its empty assignments. Together they bring an entry without
 * comments or assignments from about 600 to 400 bytes.
 */
const NO_COMMENTS: IssueFacts['comments'] = Object.freeze([]);

/**
 * The facts of every open issue with neither comments nor history read: one shared entry,
 * since `known` answers it for each such issue every time an answer is built.
 */
const NO_FACTS: IssueFacts = Object.freeze({ comments: NO_COMMENTS, ...activityFacts([]) });

export interface Held {
  /** `updated_at|comment_count` of the issue when its facts were read. */
  version: string;
  /** `null` when the platform no longer showed the issue. */
  facts: IssueFacts | null;
}

function keyOf(issue: Issue): string {
  return `${issue.repository.full_name}#${issue.number}`;
}

/** What the facts were read for: the issue's update, its comment count, its NPC assignment. */
function versionOf(issue: Issue): string {
  return `${issue.updated_at}|${issue.comment_count}|${hasNpcAssignee(issue) ? 'npc' : ''}`;
}

function updatedAtOf(version: string): string {
  return version.slice(0, version.indexOf('|'));
}

function hasNpcAssignee(issue: Issue): boolean {
  return issue.assignees.some((a) => a.is_npc);
}

/**
 * The reads an issue's facts need, as its record tells (docs/rules.md#npc-signals). The
 * signals measure from the current NPC assignment, so the comments count only for an issue
 * with an NPC assignee, and only when it has any. The history tells when that assignment
 * was made and when the issue closed, so it is read for an issue with an NPC assignee or a
 * closed one, and only when the issue changed after it was opened: one untouched since has
 * no history to read (its assignment is its creation; closed, it closed as it was opened).
 */
export function factReads(issue: Issue): { comments: boolean; activities: boolean } {
  const npcAssigned = hasNpcAssignee(issue);
  const touched = issue.updated_at !== issue.created_at;
  return {
    comments: npcAssigned && issue.comment_count > 0,
    activities: touched && (npcAssigned || issue.state === 'closed'),
  };
}

/**
 * Comments and activities of an issue, read again only when the issue moved
 * (docs/rules.md#npc-signals): the issue list carries `updated_at` and
 * `comment_count`, and while both stay the same the held facts are used without a call.
 * A read bypasses the response cache, whose copy may predate the move.
 */
@Injectable()
export class IssueFactsService {
  private readonly held = new LRUCache<string, Held>({
    maxSize: FACTS_MAX_BYTES,
    sizeCalculation: heldBytes,
  });
  /** Reads in progress (by issue and version), so concurrent routes share one. */
  private readonly reading = new SingleFlight<string, IssueFacts | null>();

  constructor(
    private readonly platform: PlatformClient,
    private readonly config: BoardConfig,
    metrics: BoardMetrics,
  ) {
    metrics.watchIssueFacts(() => ({ entries: this.held.size, bytes: this.held.calculatedSize }));
  }

  /**
   * The facts of one issue as held for its current version, without a call: `undefined`
   * when they have not been read since the issue last moved, `null` when the platform no
   * longer shows it.
   */
  known(issue: Issue): IssueFacts | null | undefined {
    const reads = factReads(issue);
    if (!reads.comments && !reads.activities) return this.facts(issue, [], []);
    const held = this.held.get(keyOf(issue));
    return held?.version === versionOf(issue) ? held.facts : undefined;
  }

  /** The facts of one issue; `null` when the platform no longer shows it. */
  async of(issue: Issue): Promise<IssueFacts | null> {
    const known = this.known(issue);
    if (known !== undefined) return known;
    const key = keyOf(issue);
    const version = versionOf(issue);
    return this.reading.run(`${key}@${version}`, () => this.readAndHold(issue, key, version));
  }

  /** Read the issue's facts and hold them for its version (`null` once it is gone). */
  private async readAndHold(
    issue: Issue,
    key: string,
    version: string,
  ): Promise<IssueFacts | null> {
    let read: Held;
    try {
      read = await this.read(issue, version);
    } catch (error) {
      if (!(error instanceof DomainError && error.kind === 'not_found')) throw error;
      read = { version, facts: null };
    }
    // Reads of two versions may overlap: the later version's facts stay.
    const current = this.held.get(key);
    if (!current || updatedAtOf(current.version) <= issue.updated_at) this.held.set(key, read);
    return read.facts;
  }

  /** Reads what the issue's facts need (`factReads`). */
  private async read(issue: Issue, version: string): Promise<Held> {
    const repo = issue.repository.full_name;
    const reads = factReads(issue);
    const [comments, activities] = await Promise.all([
      reads.comments
        ? this.platform.listComments(repo, issue.number, { sort: 'created_at' }, { fresh: true })
        : [],
      reads.activities
        ? // A platform without activities leaves the signals on their fallbacks.
          this.platform
            .listIssueActivities(repo, issue.number, { fresh: true })
            .catch(noneIfMissing)
        : [],
    ]);
    return { version, facts: this.facts(issue, comments, activities) };
  }

  private facts(
    issue: Issue,
    comments: readonly PlatformComment[],
    activities: readonly PlatformIssueActivity[],
  ): IssueFacts {
    const closedAsOpened = issue.state === 'closed' && issue.updated_at === issue.created_at;
    if (comments.length === 0 && activities.length === 0 && !closedAsOpened) return NO_FACTS;
    const handles = this.config.npcHandles;
    const history = activityFacts(activities);
    return {
      comments:
        comments.length === 0
          ? NO_COMMENTS
          : comments.map((c) => ({
              author: toBoardUser(c.author, handles),
              created_at: c.created_at,
            })),
      ...history,
      // Closed and untouched since it was opened: it closed as it was opened.
      closed_at: history.closed_at ?? (closedAsOpened ? issue.updated_at : null),
    };
  }
}

/**
 * Estimated heap bytes of one held entry, measured with V8 over 100,000 entries in the
 * cache: about 400 for the entry with its key, version and an empty conversation, 200 per
 * comment and 70 per assignment.
 */
export function heldBytes(held: Held): number {
  if (held.facts === null) return 400;
  return 400 + 200 * held.facts.comments.length + 70 * held.facts.assigned.size;
}

function noneIfMissing(error: unknown): [] {
  if (error instanceof DomainError && error.kind === 'not_found') return [];
  throw error;
}
