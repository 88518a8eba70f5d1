import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { ApiRelease, ApiReleaseAsset } from '@shared/platform/published';
import type { PlatformRelease } from '@shared/platform/types';
import { InvalidError } from '../../common/errors';
import { RepoAccess } from '../access/access.decorator';
import type { Caller } from '../access/principal';
import { RawResponse } from '../http/route-config';
import { PageQueryDto, toPaging } from '../http/paging';
import { sendPage } from '../http/send-page';
import { Repo, type RepoContext } from '../access/request-context';
import { CreateReleaseDto, DownloadQueryDto, UpdateReleaseDto } from './releases.dto';
import { ReleasesService } from './releases.service';

/** Releases and their assets (docs/architecture.md#the-forge). */
@Controller()
export class ReleasesController {
  constructor(private readonly releases: ReleasesService) {}

  /** Releases, newest first. */
  @Get(':org/:repo/-/releases')
  @RepoAccess('repo-code:r', 'read')
  list(
    @Repo() ctx: RepoContext,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): PlatformRelease[] {
    return sendPage(reply, this.releases.list(ctx, toPaging(query)));
  }

  /** Publish a release. */
  @Post(':org/:repo/-/releases')
  @HttpCode(201)
  @RepoAccess('repo-code:rw', 'develop')
  create(
    @Repo() ctx: RepoContext<Caller>,
    @Body() body: CreateReleaseDto,
  ): Promise<PlatformRelease> {
    return this.releases.create(ctx, body);
  }

  /** The latest release. */
  @Get(':org/:repo/-/releases/latest')
  @RepoAccess('repo-code:r', 'read')
  latest(@Repo() ctx: RepoContext): PlatformRelease {
    return this.releases.latest(ctx);
  }

  /** The release of a tag (the tag may hold `/`). */
  @Get(':org/:repo/-/releases/tags/*')
  @RepoAccess('repo-code:r', 'read')
  byTag(@Repo() ctx: RepoContext, @Param('*') tag: string): PlatformRelease {
    return this.releases.byTag(ctx, tag);
  }

  /** A release by id. */
  @Get(':org/:repo/-/releases/:release_id')
  @RepoAccess('repo-code:r', 'read')
  byId(@Repo() ctx: RepoContext, @Param('release_id') releaseId: string): ApiRelease {
    return this.releases.byId(ctx, releaseId);
  }

  /** One asset of a release. */
  @Get(':org/:repo/-/releases/:release_id/assets/:asset_id')
  @RepoAccess('repo-code:r', 'read')
  asset(
    @Repo() ctx: RepoContext,
    @Param('release_id') releaseId: string,
    @Param('asset_id') assetId: string,
  ): ApiReleaseAsset {
    return this.releases.asset(ctx, releaseId, assetId);
  }

  /** Download an asset: 302 to where its bytes are served. */
  @Get(':org/:repo/-/releases/download/*')
  @RawResponse()
  @RepoAccess('repo-code:r', 'read')
  download(
    @Repo() ctx: RepoContext,
    @Param('*') tagAndFile: string,
    @Query() query: DownloadQueryDto,
    @Res() reply: FastifyReply,
  ): void {
    void query;
    const slash = tagAndFile.lastIndexOf('/');
    if (slash <= 0)
      throw new InvalidError('name the asset as download/<tag>/<filename>', { field: 'filename' });
    const target = this.releases.download(
      ctx,
      tagAndFile.slice(0, slash),
      tagAndFile.slice(slash + 1),
    );
    void reply.header('cache-control', 'no-store').redirect(target, 302);
  }

  /** Edit a release: 200 with no body, as published. */
  @Patch(':org/:repo/-/releases/:release_id')
  @HttpCode(200)
  @RepoAccess('repo-code:rw', 'develop')
  update(
    @Repo() ctx: RepoContext,
    @Param('release_id') releaseId: string,
    @Body() body: UpdateReleaseDto,
  ): void {
    this.releases.update(ctx, releaseId, body);
  }

  /** Delete a release (its tag stays): 200 with no body, as published. */
  @Delete(':org/:repo/-/releases/:release_id')
  @HttpCode(200)
  @RepoAccess('repo-code:rw', 'develop')
  remove(@Repo() ctx: RepoContext, @Param('release_id') releaseId: string): void {
    this.releases.remove(ctx, releaseId);
  }
}
