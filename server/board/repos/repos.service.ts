import { Injectable } from '@nestjs/common';
import type { PullRequest, Repository } from '@shared/board/entities';
import { toIssue, toPullRequest, toRepository } from '@shared/board/mappers';
import { DORMANT_AFTER_DAYS, isNpcIssue } from '@shared/board/npc';
import { Clock } from '../../common/clock';
import { BackgroundReads } from '../sync/background-reads';
import { IssueMirror } from '../sync/issue-mirror';
import { RepoActivityService } from '../sync/repo-activity.service';
import type { PlatformRepository, PullListState } from '@shared/platform/types';
import { Coverage } from '../scope/coverage.service';
import { PlatformClient } from '../platform/platform-client';

const DAY_MS = 86_400_000;

/**
 * The repository's newest-commit time (`none` while the record says it has no commit), or
 * nothing when the record does not carry it.
 */
function commitVersion(raw: PlatformRepository): string | undefined {
  const last = raw.last_updated_at;
  if (!last) return undefined;
  return last.valid ? last.time : 'none';
}
/** NPC commits this recent keep a repository alive. */
const NPC_ALIVE_DAYS = 7;

/** Repositories of the covered organizations and their pull requests. */
@Injectable()
export class ReposService {
  constructor(
    private readonly platform: PlatformClient,
    private readonly coverage: Coverage,
    private readonly activity: RepoActivityService,
    private readonly clock: Clock,
    private readonly mirror: IssueMirror,
    private readonly reads: BackgroundReads,
  ) {}

  /**
   * Repositories of one organization the public pages show, oldest last commit first,
   * with their last commits by people and by NPCs (docs/rules.md#people-and-npcs).
   */
  async repositories(org: string): Promise<Repository[]> {
    await this.coverage.assertCovered(org);
    this.reads.viewing(org);
    const ctx = this.coverage.mapContext;
    const [visible, openIssues] = await Promise.all([
      this.coverage.visibleRepositories(org),
      this.mirror.orgIssues(org, { state: 'open' }),
    ]);
    const withNpcWork = new Set(
      openIssues.flatMap((raw) =>
        raw.repo && isNpcIssue(toIssue(raw, raw.repo.path, ctx)) ? [raw.repo.path] : [],
      ),
    );
    const now = this.clock.now().getTime();
    const within = (at: string | null, days: number): boolean =>
      at !== null && now - Date.parse(at) <= days * DAY_MS;
    const repos = visible.map((raw) => {
      const repo = toRepository(raw, ctx);
      // Commits are read again only when the repository's newest-commit time moved; until
      // a split is held, the repository goes without it (`commits` pending).
      const split = this.activity.knownSplit(repo.full_name, commitVersion(raw));
      if (!split) return repo;
      const humanQuiet = !within(split.last_human_commit_at, DORMANT_AFTER_DAYS);
      return {
        ...repo,
        last_human_commit_at: split.last_human_commit_at,
        last_npc_commit_at: split.last_npc_commit_at,
        npc_only: humanQuiet && within(split.last_npc_commit_at, NPC_ALIVE_DAYS),
        npc_work_in_dormant: humanQuiet && withNpcWork.has(repo.full_name),
      };
    });
    return repos.sort((a, b) => Date.parse(a.updated_at) - Date.parse(b.updated_at));
  }

  /** Pull requests of one repository, newest first. */
  async pulls(org: string, repo: string, state: PullListState): Promise<PullRequest[]> {
    await this.coverage.assertRepository(org, repo);
    const fullName = `${org}/${repo}`;
    const ctx = this.coverage.mapContext;
    return (
      await this.coverage.readable(fullName, () => this.platform.listPulls(fullName, { state }))
    )
      .map((p) => toPullRequest(p, fullName, ctx))
      .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  }
}
