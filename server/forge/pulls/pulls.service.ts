import { Injectable } from '@nestjs/common';
import type { PullListState } from '@shared/platform/types';
import { ConflictError, InvalidError } from '../../common/errors';
import { Clock } from '../common/clock';
import type { Page, Paging } from '../http/paging';
import type { Caller, Principal } from '../access/principal';
import type { Granted, OrgContext, RepoContext } from '../access/request-context';
import { dayEnd, dayStart, iso } from '../common/time';
import { NpcRunsService, pullSource } from '../builds/npc-runs.service';
import { ForgeConfig } from '../config/forge-config';
import { EventsService } from '../events/events.service';
import { GitAdapter } from '../git/git.adapter';
import { BRANCH_PREFIX, type RefSnapshot } from '../git/ref-snapshot';
import { ReposService } from '../repos/repos.service';
import type { RepoName } from '../git/git.adapter';
import type { RepoGrant } from '../repos/repo.types';
import {
  toPlatformPull,
  toPullDetail,
  toPullInfo,
  type ForgePull,
  type ForgePullRequest,
  type ForgePullRequestInfo,
} from './pull.converter';
import { PullReader } from './pull-reader';
import type { PullFilter, PullRow, PullScope } from './pull.types';
import type { CreatePullDto, ListPullsQueryDto } from './pulls.dto';
import { PullsRepository } from './pulls.repository';

/** `closed` lists merged pulls too, as on GitHub. */
const STATES: Readonly<Record<PullListState, readonly string[]>> = {
  open: ['open'],
  closed: ['closed', 'merged'],
  all: [],
};

/** Pull requests: lists and recording new ones. */
@Injectable()
export class PullsService {
  constructor(
    private readonly pulls: PullsRepository,
    private readonly repos: ReposService,
    private readonly clock: Clock,
    private readonly config: ForgeConfig,
    private readonly git: GitAdapter,
    private readonly events: EventsService,
    private readonly reader: PullReader,
    private readonly npcRuns: NpcRunsService,
  ) {}

  /** Pulls of one repository (open by default). */
  list(
    ctx: RepoContext,
    query: ListPullsQueryDto,
    paging: Paging,
  ): Promise<Page<ForgePullRequest>> {
    const { repo } = ctx.granted();
    return this.page({ repoId: repo.id }, query, paging);
  }

  /** Pulls of every readable repository of an organization, each with `repo.path`. */
  listOrg(
    ctx: OrgContext,
    query: ListPullsQueryDto,
    paging: Paging,
  ): Promise<Page<ForgePullRequest>> {
    return this.page(this.repos.readableInOrg(ctx.granted()), query, paging);
  }

  /** Record a pull request from `head` into `base` (needs the Developer role). */
  async create(ctx: RepoContext<Caller>, input: CreatePullDto): Promise<ForgePullRequest> {
    const context = ctx.granted();
    const here = `${context.namespace.path}/${context.repo.name}`;
    if (input.head_repo !== undefined && input.head_repo.toLowerCase() !== here.toLowerCase()) {
      throw new InvalidError(
        `head_repo must be ${here}: the forge opens pull requests between branches of one repository`,
        { field: 'head_repo' },
      );
    }
    if (input.base === input.head)
      throw new InvalidError('head must differ from base', { field: 'head' });
    if (this.pulls.openExists(context.repo.id, input.base, input.head)) {
      throw new ConflictError(
        `An open pull request from ${input.head} into ${input.base} already exists`,
        { field: 'head' },
      );
    }
    // A pull may name a branch that is pushed later; its SHA is then filled in when read.
    const refs = await this.git.refs({ owner: context.namespace.path, name: context.repo.name });
    const at = iso(this.clock.now());
    const { caller } = context;
    const row = this.pulls.insert({
      repoId: context.repo.id,
      namespaceId: context.namespace.id,
      title: input.title.trim(),
      body: input.body ?? '',
      authorId: caller.userId,
      baseRef: input.base,
      baseSha: tip(refs, input.base),
      headRef: input.head,
      headSha: tip(refs, input.head),
      createdAt: at,
    });
    this.events.record({
      repoId: context.repo.id,
      type: 'PullRequestEvent',
      actorId: caller.userId,
      payload: {
        action: 'opened',
        number: String(row.number),
        pull_request: {
          number: String(row.number),
          title: row.title,
          base: input.base,
          head: input.head,
        },
      },
      createdAt: at,
    });
    await this.npcRuns.fromText(context, caller.userId, input.body ?? '', pullSource(row));
    const current = await this.withCurrentShas(row);
    const [shown] = await this.reader.contexts([current]);
    return toPlatformPull(current, shown, this.config.publicUrl);
  }

  /** One pull request with its reviewers. */
  async get(ctx: RepoContext, number: string): Promise<ForgePull> {
    const { row } = await this.find(ctx, number);
    const [context] = await this.reader.contexts([row]);
    return toPullDetail(row, context, this.config.publicUrl);
  }

  /** Pulls of a repository by number (`n=1,2,3`), those that exist. */
  async batch(ctx: RepoContext, numbers: readonly number[]): Promise<ForgePullRequestInfo[]> {
    const { repo } = ctx.granted();
    const rows = await Promise.all(
      this.pulls.byNumbers(repo.id, numbers).map((row) => this.withCurrentShas(row)),
    );
    const contexts = await this.reader.contexts(rows);
    return rows.map((row, index) => toPullInfo(row, contexts[index], this.config.publicUrl));
  }

  /** The pull, its repository and the caller's role there; head and base at their current commits. */
  async find<C extends Principal>(
    ctx: RepoContext<C>,
    number: string,
  ): Promise<{ row: PullRow; context: Granted<RepoGrant, C>; repo: RepoName }> {
    const context = ctx.granted();
    const row = await this.withCurrentShas(this.reader.require(context.repo.id, number));
    return { row, context, repo: { owner: context.namespace.path, name: context.repo.name } };
  }

  private async page(
    scope: PullScope,
    query: ListPullsQueryDto,
    paging: Paging,
  ): Promise<Page<ForgePullRequest>> {
    const { rows, total } = this.pulls.list(
      scope,
      STATES[query.state ?? 'open'],
      paging.pageSize,
      paging.offset,
      toPullFilter(query),
    );
    const current = await Promise.all(rows.map((row) => this.withCurrentShas(row)));
    const contexts = await this.reader.contexts(current);
    return {
      items: current.map((row, index) =>
        toPlatformPull(row, contexts[index], this.config.publicUrl),
      ),
      total,
    };
  }

  /**
   * Open pulls follow their branches, as on GitHub; closed ones keep the SHAs they had
   * (or the current ones when none were known).
   */
  private async withCurrentShas(row: PullRow): Promise<PullRow> {
    if (row.state !== 'open' && row.base_sha !== '' && row.head_sha !== '') return row;
    const refs = await this.git
      .refs({ owner: row.owner_path, name: row.repo_name })
      .catch(() => null);
    if (!refs) return row;
    return {
      ...row,
      base_sha: tip(refs, row.base_ref) || row.base_sha,
      head_sha: tip(refs, row.head_ref) || row.head_sha,
    };
  }
}

/** Comma-joined names as a list. */
function names(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** The published list filters, checked. */
function toPullFilter(query: ListPullsQueryDto): PullFilter {
  return {
    authors: names(query.authors),
    assignees: names(query.assignees),
    assigneesAll: query.assignees_operator === 'contains_all',
    reviewers: names(query.reviewers),
    reviewersAll: query.reviewers_operator === 'contains_all',
    labels: names(query.labels),
    labelsAll: query.labels_operator === 'contains_all',
    baseRef: query.base_ref?.trim() || undefined,
    updatedFrom: query.updated_time_begin && dayStart(query.updated_time_begin),
    updatedBefore: query.updated_time_end && dayEnd(query.updated_time_end),
    orderBy: query.order_by ?? '-created_at',
  };
}

/** The commit a branch points to, or '' when there is no such branch. */
function tip(refs: RefSnapshot, branch: string): string {
  return refs.refs.get(BRANCH_PREFIX + branch)?.commit ?? '';
}
