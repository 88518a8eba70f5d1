import { Injectable, Logger } from '@nestjs/common';
import { isNpcUser } from '@shared/board/npc';
import type { PlatformIssue, PlatformRepository } from '@shared/platform/types';
import { PAGE_SIZE_MAX } from '@shared/platform/types';
import { BoardConfig } from '../config/board-config';
import { BoardMetrics } from '../metrics/board-metrics';

const DAY_MS = 86_400_000;
/** Closed NPC issues changed within this many days still have their conversation read. */
const CONVERSATION_WINDOW_DAYS = 31;

/**
 * Platform calls the conversation reads of these issues take on a cold cache: an NPC issue
 * open or changed within 31 days has its comments read when it has any, and its activities
 * unless it is open and untouched since it was opened (as the NPC signals read them).
 */
export function conversationCalls(
  issues: readonly PlatformIssue[],
  npcHandles: readonly string[],
  now: number,
): number {
  let calls = 0;
  for (const issue of issues) {
    const npc =
      (issue.author && isNpcUser(issue.author, npcHandles)) ||
      (issue.assignees ?? []).some((user) => isNpcUser(user, npcHandles));
    if (!npc) continue;
    const open = issue.state !== 'closed';
    if (!open && Date.parse(issue.updated_at) < now - CONVERSATION_WINDOW_DAYS * DAY_MS) continue;
    if (issue.comment_count > 0) calls += 1;
    if (!(open && issue.updated_at === issue.created_at)) calls += 1;
  }
  return calls;
}

/** What one repository's issues are known to hold, when they have been read. */
export interface HeldCounts {
  issues: number;
  conversationCalls: number;
}

/**
 * Platform calls one full load of an organization takes on a cold cache: its record and
 * its repository list, then per repository its issue list (pages of 100; before a
 * repository is read, its open issues stand for all), its commits when it has any, and
 * the conversation reads of its NPC issues once they are known.
 */
export function organizationLoadCalls(
  repositories: readonly PlatformRepository[],
  held: (path: string) => HeldCounts | undefined,
): number {
  let calls = 1 + Math.max(1, Math.ceil(repositories.length / PAGE_SIZE_MAX));
  for (const repository of repositories) {
    const counts = held(repository.path);
    const issues = counts?.issues ?? repository.open_issue_count;
    calls += Math.max(1, Math.ceil(issues / PAGE_SIZE_MAX));
    if (repository.last_updated_at?.valid) calls += 1;
    calls += counts?.conversationCalls ?? 0;
  }
  return calls;
}

/** The estimated calls of one full load against the hourly budget. */
export interface FullLoadEstimate {
  /** Platform calls one full load of the organizations read so far takes. */
  calls: number;
  /** PLATFORM_MAX_CALLS_PER_HOUR. */
  limit: number;
  organizations: number;
}

/**
 * What one full load of every organization read so far costs (`/readyz`, `/metrics`): the
 * issue mirror notes each organization's as it lists its repositories, and a warning is
 * logged once when the loads together need more calls than the hourly budget.
 */
@Injectable()
export class FullLoad {
  private readonly logger = new Logger('IssueMirror');
  /** Estimated calls of one full load, per organization. */
  private readonly calls = new Map<string, number>();
  private warnedOverBudget = false;

  constructor(
    private readonly config: BoardConfig,
    private readonly metrics: BoardMetrics,
  ) {}

  estimate(): FullLoadEstimate {
    let calls = 0;
    for (const n of this.calls.values()) calls += n;
    return { calls, limit: this.config.platformMaxCallsPerHour, organizations: this.calls.size };
  }

  /** One full load of `org` takes `calls`, now that its repositories are listed. */
  note(org: string, calls: number): void {
    this.calls.set(org, calls);
    const estimate = this.estimate();
    const over = estimate.calls > estimate.limit;
    this.metrics.fullLoadCalls.set(estimate.calls);
    this.metrics.fullLoadOverBudget.set(over ? 1 : 0);
    if (over && !this.warnedOverBudget) {
      this.logger.warn(
        `One full load of ${estimate.organizations} organizations' data takes about ` +
          `${estimate.calls} platform calls, more than PLATFORM_MAX_CALLS_PER_HOUR ` +
          `(${estimate.limit}): the caches cannot all be filled within an hour, so pages ` +
          `will show older data. Raise PLATFORM_MAX_CALLS_PER_HOUR if the platform allows ` +
          `it, or cover fewer organizations (BOARD_ORGS).`,
      );
    }
    this.warnedOverBudget = over;
  }
}
