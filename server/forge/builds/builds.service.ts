import { Injectable } from '@nestjs/common';
import type { BuildStatus } from '@shared/platform/builds';
import { BUILD_PAGE_SIZE_DEFAULT, BUILD_PAGE_SIZE_MAX } from '@shared/platform/builds';
import type {
  DtoBuildCommonResult,
  DtoBuildLogsResult,
  DtoBuildResult,
  DtoBuildStageResult,
  DtoBuildStatusResult,
} from '@shared/platform/published';
import { ConflictError, InvalidError, NotFoundError } from '../../common/errors';
import type { Caller } from '../access/principal';
import type { RepoContext } from '../access/request-context';
import { Clock } from '../common/clock';
import { dayEnd, dayStart, iso } from '../common/time';
import { ForgeConfig } from '../config/forge-config';
import { CreditsService } from '../credits/credits.service';
import { GitAdapter } from '../git/git.adapter';
import { checkRevision } from '../git/ref-name';
import { TAG_PREFIX } from '../git/ref-snapshot';
import type { RepoGrant } from '../repos/repo.types';
import { planBuild, seedOf } from './build-plan';
import { buildStatus, costCents, usedCoreMh } from './build-status';
import {
  type BuildPlace,
  buildLogUrl,
  toBuildStatus,
  toLogInfo,
  toStageResult,
} from './build.converter';
import type { BuildRow, NewBuild } from './build.types';
import type { BuildLogsQueryDto, StartBuildDto } from './builds.dto';
import { BuildsRepository } from './builds.repository';

/** A build to start: where, on which commit, for what, by whom. */
export type BuildStart = Omit<NewBuild, 'sn' | 'plan' | 'outcome' | 'createdAt'> & {
  kind: 'npc' | 'pipeline';
};

/**
 * The platform's build records (docs/architecture.md#builds): list, status, stage
 * logs, start, stop and log deletion. A build's status is read from its plan and the
 * clock (build-status.ts); reading charges builds that have finished.
 */
@Injectable()
export class BuildsService {
  constructor(
    private readonly builds: BuildsRepository,
    private readonly credits: CreditsService,
    private readonly git: GitAdapter,
    private readonly clock: Clock,
    private readonly config: ForgeConfig,
  ) {}

  /** `GET /{repo}/-/build/logs`: newest first, filtered and paged as published. */
  list(ctx: RepoContext, query: BuildLogsQueryDto): DtoBuildLogsResult {
    const from = query.createTime === undefined ? undefined : dayStart(query.createTime);
    const until = query.endTime === undefined ? undefined : dayEnd(query.endTime);
    if (from !== undefined && Number.isNaN(Date.parse(from)))
      throw new InvalidError('createTime is not a date', { field: 'createTime' });
    if (until !== undefined && Number.isNaN(Date.parse(until)))
      throw new InvalidError('endTime is not a date', { field: 'endTime' });
    const page = Math.max(1, query.page ?? 1);
    let pageSize = query.page_size ?? BUILD_PAGE_SIZE_DEFAULT;
    if (pageSize < 1) pageSize = BUILD_PAGE_SIZE_DEFAULT;
    pageSize = Math.min(pageSize, BUILD_PAGE_SIZE_MAX);
    const context = ctx.granted();
    const now = this.now();
    const { rows, total } = this.builds.list(
      context.repo.id,
      {
        from,
        until,
        event: query.event,
        status: query.status,
        sn: query.sn,
        sha: query.sha?.toLowerCase(),
        sourceRef: query.sourceRef,
        targetRef: query.targetRef,
        userName: query.userName,
        userId: query.userId === undefined ? undefined : Number(query.userId),
      },
      iso(new Date(now)),
      pageSize,
      (page - 1) * pageSize,
    );
    const place = this.place(context);
    return {
      data: rows.map((row) => toLogInfo(row, place, now)),
      init: total > 0 || this.builds.any(context.repo.id),
      timestamp: now,
      total,
    };
  }

  /** `GET /{repo}/-/build/status/{sn}`. */
  status(ctx: RepoContext, sn: string): DtoBuildStatusResult {
    const row = this.require(ctx.granted(), sn);
    return toBuildStatus(row, this.now());
  }

  /** `GET /{repo}/-/build/logs/stage/{sn}/{pipelineId}/{stageId}`. */
  stage(ctx: RepoContext, sn: string, pipelineId: string, stageId: string): DtoBuildStageResult {
    const row = this.require(ctx.granted(), sn);
    const stage = toStageResult(row, pipelineId, stageId, this.now());
    if (!stage)
      throw new NotFoundError(`Build ${sn} has no stage ${pipelineId}/${stageId}`, {
        field: 'stageId',
      });
    return stage;
  }

  /** `POST /{repo}/-/build/start`: a build on `sha`, else `tag`, else `branch`, else the default branch. */
  async start(ctx: RepoContext<Caller>, input: StartBuildDto): Promise<DtoBuildResult> {
    for (const [key, value] of Object.entries(input.env ?? {}))
      if (typeof value !== 'string')
        throw new InvalidError(`env.${key} must be a string`, { field: 'env' });
    const revision =
      input.sha !== undefined && input.sha !== ''
        ? checkRevision('sha', input.sha)
        : input.tag !== undefined && input.tag !== ''
          ? TAG_PREFIX + checkRevision('tag', input.tag)
          : input.branch !== undefined && input.branch !== ''
            ? checkRevision('branch', input.branch)
            : undefined;
    const context = ctx.granted();
    const repo = { owner: context.namespace.path, name: context.repo.name };
    const commit = await this.git.resolveCommit(repo, revision);
    const title = (await this.git.commit(repo, commit.sha)).message.split('\n')[0];
    const ref = commit.ref?.replace(/^refs\/(heads|tags)\//, '') ?? '';
    const event = input.event || 'api_trigger';
    const row = this.startBuild({
      repoId: context.repo.id,
      kind: event.startsWith('api_trigger_npc') ? 'npc' : 'pipeline',
      event,
      eventUrl: '',
      userId: context.caller.userId,
      npcId: null,
      issueId: null,
      pullId: null,
      sha: commit.sha,
      commitTitle: title,
      sourceRef: ref,
      targetRef: ref,
      title: `${event}: ${title}`,
    });
    return {
      buildLogUrl: buildLogUrl(this.place(context), row.sn),
      message: 'Build triggered',
      sn: row.sn,
      success: true,
    };
  }

  /** Start a build now, planned from its serial number (mentions, the API, the simulator). */
  startBuild(start: BuildStart): BuildRow {
    const createdAt = iso(this.clock.now());
    const sn = this.builds.nextSn(start.repoId, createdAt);
    const { plan, outcome } = planBuild(seedOf(sn), { kind: start.kind });
    const { kind, ...fields } = start;
    void kind;
    return this.builds.insert({ ...fields, sn, plan, outcome, createdAt });
  }

  /**
   * `POST /{repo}/-/build/stop/{sn}`: an unfinished build ends as `cancel` and is charged
   * for the time it ran; stopping it again changes nothing; a finished one is refused.
   */
  stop(ctx: RepoContext, sn: string): DtoBuildResult {
    const context = ctx.granted();
    const row = this.require(context, sn);
    const now = this.now();
    const status: BuildStatus = buildStatus(row, now);
    const answer = (message: string): DtoBuildResult => ({
      buildLogUrl: buildLogUrl(this.place(context), sn),
      message,
      sn,
      success: true,
    });
    if (status === 'cancel') return answer('Build was already stopped');
    if (status !== 'pending')
      throw new ConflictError(`Build ${sn} has finished (${status}); only a running build stops`, {
        field: 'sn',
        status,
      });
    const at = iso(new Date(now));
    this.builds.stop(row.id, at);
    const used = usedCoreMh({ ...row, stopped_at: at }, now);
    this.credits.chargeStoppedBuild(context.namespace.id, sn, used, costCents(used));
    this.builds.markCharged(row.id);
    return answer('Build stopped');
  }

  /** `DELETE /{repo}/-/build/logs/{sn}`: the build's log lines go; its record stays. */
  deleteLogs(ctx: RepoContext, sn: string): DtoBuildCommonResult {
    const row = this.require(ctx.granted(), sn);
    this.builds.deleteLogs(row.id);
    return { code: 0, message: `Logs of build ${sn} deleted` };
  }

  /** The clock's time, after charging every build that has finished by then. */
  private now(): number {
    this.credits.settleBuilds();
    return this.clock.now().getTime();
  }

  private require(context: RepoGrant, sn: string): BuildRow {
    const row = this.builds.find(context.repo.id, sn);
    if (!row) throw new NotFoundError(`No build ${sn} in this repository`, { field: 'sn' });
    return row;
  }

  private place(context: RepoGrant): BuildPlace {
    return {
      repoPath: `${context.namespace.path}/${context.repo.name}`,
      publicUrl: this.config.publicUrl,
    };
  }
}
