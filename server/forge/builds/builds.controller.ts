import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type {
  DtoBuildCommonResult,
  DtoBuildLogsResult,
  DtoBuildResult,
  DtoBuildStageResult,
  DtoBuildStatusResult,
} from '@shared/platform/published';
import { RepoAccess } from '../access/access.decorator';
import type { Caller } from '../access/principal';
import { Repo, type RepoContext } from '../access/request-context';
import { BuildLogsQueryDto, StartBuildDto } from './builds.dto';
import { BuildsService } from './builds.service';

/**
 * The published build records (docs/architecture.md#builds). Reading needs what reading
 * code needs; starting and stopping a build need Developer, as pushing does; deleting a
 * build's logs destroys a record, so it needs Master.
 */
@Controller()
export class BuildsController {
  constructor(private readonly builds: BuildsService) {}

  /** Builds of the repository, newest first. */
  @Get(':org/:repo/-/build/logs')
  @RepoAccess('repo-cnb-trigger:r', 'read')
  list(@Repo() ctx: RepoContext, @Query() query: BuildLogsQueryDto): DtoBuildLogsResult {
    return this.builds.list(ctx, query);
  }

  /** A build's status and each pipeline's, with what it billed. */
  @Get(':org/:repo/-/build/status/:sn')
  @RepoAccess('repo-cnb-trigger:r', 'read')
  status(@Repo() ctx: RepoContext, @Param('sn') sn: string): DtoBuildStatusResult {
    return this.builds.status(ctx, sn);
  }

  /** One stage of a pipeline, with its log lines. */
  @Get(':org/:repo/-/build/logs/stage/:sn/:pipelineId/:stageId')
  @RepoAccess('repo-cnb-trigger:r', 'read')
  stage(
    @Repo() ctx: RepoContext,
    @Param('sn') sn: string,
    @Param('pipelineId') pipelineId: string,
    @Param('stageId') stageId: string,
  ): DtoBuildStageResult {
    return this.builds.stage(ctx, sn, pipelineId, stageId);
  }

  /** Start a build (`event` is `api_trigger` or `api_trigger_*`). */
  @Post(':org/:repo/-/build/start')
  @HttpCode(200)
  @RepoAccess('repo-cnb-trigger:rw', 'develop')
  start(@Repo() ctx: RepoContext<Caller>, @Body() body: StartBuildDto): Promise<DtoBuildResult> {
    return this.builds.start(ctx, body);
  }

  /** Stop a running build: it ends as `cancel`. */
  @Post(':org/:repo/-/build/stop/:sn')
  @HttpCode(200)
  @RepoAccess('repo-cnb-trigger:rw', 'develop')
  stop(@Repo() ctx: RepoContext, @Param('sn') sn: string): DtoBuildResult {
    return this.builds.stop(ctx, sn);
  }

  /** Delete a build's log lines; the record stays. */
  @Delete(':org/:repo/-/build/logs/:sn')
  @HttpCode(200)
  @RepoAccess('repo-cnb-trigger:rw', 'manage')
  deleteLogs(@Repo() ctx: RepoContext, @Param('sn') sn: string): DtoBuildCommonResult {
    return this.builds.deleteLogs(ctx, sn);
  }
}
