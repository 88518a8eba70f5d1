import { Injectable, Logger } from '@nestjs/common';
import type { DispatchRequest } from '@shared/board/admin';
import { defaultTitle } from '@shared/board/dispatch';
import type { Issue } from '@shared/board/entities';
import { toIssue } from '@shared/board/mappers';
import { InvalidError } from '../../common/errors';
import { withCode } from '../common/error-code';
import { assertConfiguredNpc } from './configured-npc';
import { BoardChanges } from '../events/board-changes';
import { BoardConfig } from '../config/board-config';
import { Coverage } from '../scope/coverage.service';
import { PlatformClient } from '../platform/platform-client';
import { PlatformForbiddenError, PlatformInvalidError } from '../platform/platform.errors';

/** The label every dispatched issue carries. */
export const DISPATCH_LABEL = 'npc-task';

/** The last line of every dispatched issue's body: where it came from. */
export const ORIGIN_LINE = '_Dispatched from NPC Board._';

/**
 * The origin marker of one dispatch attempt, before the origin line: an HTML comment, so
 * rendered Markdown does not show it. A retry whose first answer was lost finds the issue
 * that attempt created by it.
 */
export const originMarker = (marker: string): string => `<!-- npc-board:dispatch ${marker} -->`;

/** How many of a repository's newest issues a lost dispatch is looked for among. */
const RECOVERY_PAGE = 30;
/** Clock differences between the board and the platform a lookup allows for. */
const RECOVERY_SLACK_MS = 5 * 60_000;

/** How an attempt marks its issue and says when it starts writing (`IdempotencyService`). */
export interface DispatchAttempt {
  marker: string;
  writing: () => Promise<void>;
}

/**
 * Task dispatch (docs/rules.md#dispatch): one issue on the platform, assigned to the NPC and
 * mentioning it (the platform triggers NPCs by mention), then the board's cached lists of
 * that organization are dropped so the new issue shows at once.
 */
@Injectable()
export class DispatchService {
  private readonly logger = new Logger(DispatchService.name);

  constructor(
    private readonly platform: PlatformClient,
    private readonly coverage: Coverage,
    private readonly config: BoardConfig,
    private readonly changes: BoardChanges,
  ) {}

  /** Create the issue and assign the NPC; returns it as the board shows it. */
  async dispatch(input: DispatchRequest, attempt: DispatchAttempt): Promise<Issue> {
    assertConfiguredNpc(this.config, input.npc);
    const [org] = input.repo.split('/');
    if (!(await this.coverage.coveredOrgs()).includes(org)) {
      throw new InvalidError(
        `repo must belong to a covered organization ("${org}" is not one)`,
        withCode('org_not_covered', { field: 'repo', org }),
      );
    }
    const title = input.title || (defaultTitle(input.requirement) ?? 'Task');
    const body = `${input.requirement}\n\n@${input.npc}\n\n${originMarker(attempt.marker)}\n${ORIGIN_LINE}`;
    const request = { title, body, labels: [DISPATCH_LABEL], work_mode: input.work_mode };

    await attempt.writing();
    let created;
    try {
      created = await this.platform.createIssue(input.repo, { ...request, assignees: [input.npc] });
    } catch (error) {
      // A platform that refuses assignees on create still takes them afterwards.
      if (!(error instanceof PlatformInvalidError || error instanceof PlatformForbiddenError))
        throw error;
      this.logger.warn(`Creating with assignees failed (${error.message}); assigning afterwards`);
      created = await this.platform.createIssue(input.repo, request);
      await this.platform.addAssignees(input.repo, created.number, [input.npc]);
      created = await this.platform.getIssue(input.repo, created.number);
    }
    await this.changes.issuesChanged(input.repo);
    return toIssue(created, input.repo, this.coverage.mapContext);
  }

  /**
   * The issue an earlier attempt with `marker` created in `repo` since `since`, although
   * its answer was lost; null when it created none. Looks among the repository's newest
   * dispatched issues with the request's title, and reads the body of those candidates.
   */
  async findDispatched(input: DispatchRequest, marker: string, since: Date): Promise<Issue | null> {
    const title = input.title || (defaultTitle(input.requirement) ?? 'Task');
    const newest = await this.platform.listIssues(
      input.repo,
      { labels: DISPATCH_LABEL, order_by: '-created_at', page: 1, page_size: RECOVERY_PAGE },
      { fresh: true },
    );
    const from = since.getTime() - RECOVERY_SLACK_MS;
    const origin = originMarker(marker);
    for (const candidate of newest) {
      if (candidate.title !== title || Date.parse(candidate.created_at) < from) continue;
      const issue =
        candidate.body === undefined
          ? await this.platform.getIssue(input.repo, candidate.number)
          : candidate;
      if (issue.body?.includes(origin)) {
        await this.changes.issuesChanged(input.repo);
        return toIssue(issue, input.repo, this.coverage.mapContext);
      }
    }
    return null;
  }
}
