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
import { Access, RawResponse } from '../common/access.decorator';
import { PageQueryDto, toPaging } from '../common/paging';
import { CurrentPrincipal, type Principal } from '../common/principal';
import { sendPage } from '../common/send-page';
import { CreateReleaseDto, DownloadQueryDto, UpdateReleaseDto } from './releases.dto';
import { ReleasesService } from './releases.service';

/** Spec 4.4: releases. */
@Controller()
export class ReleasesController {
  constructor(private readonly releases: ReleasesService) {}

  /** Releases, newest first. */
  @Get(':org/:repo/-/releases')
  @Access({ scope: 'repo-code:r', anonymous: true })
  list(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): PlatformRelease[] {
    return sendPage(reply, this.releases.list(principal, org, repo, toPaging(query)));
  }

  /** Publish a release. */
  @Post(':org/:repo/-/releases')
  @HttpCode(201)
  @Access({ scope: 'repo-code:rw' })
  create(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Body() body: CreateReleaseDto,
  ): Promise<PlatformRelease> {
    return this.releases.create(principal, org, repo, body);
  }

  /** The latest release. */
  @Get(':org/:repo/-/releases/latest')
  @Access({ scope: 'repo-code:r', anonymous: true })
  latest(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
  ): PlatformRelease {
    return this.releases.latest(principal, org, repo);
  }

  /** The release of a tag (the tag may hold `/`). */
  @Get(':org/:repo/-/releases/tags/*')
  @Access({ scope: 'repo-code:r', anonymous: true })
  byTag(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('*') tag: string,
  ): PlatformRelease {
    return this.releases.byTag(principal, org, repo, tag);
  }

  /** A release by id. */
  @Get(':org/:repo/-/releases/:release_id')
  @Access({ scope: 'repo-code:r', anonymous: true })
  byId(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('release_id') releaseId: string,
  ): ApiRelease {
    return this.releases.byId(principal, org, repo, releaseId);
  }

  /** One asset of a release. */
  @Get(':org/:repo/-/releases/:release_id/assets/:asset_id')
  @Access({ scope: 'repo-code:r', anonymous: true })
  asset(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('release_id') releaseId: string,
    @Param('asset_id') assetId: string,
  ): ApiReleaseAsset {
    return this.releases.asset(principal, org, repo, releaseId, assetId);
  }

  /** Download an asset: 302 to where its bytes are served. */
  @Get(':org/:repo/-/releases/download/*')
  @RawResponse()
  @Access({ scope: 'repo-code:r', anonymous: true })
  download(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('*') tagAndFile: string,
    @Query() query: DownloadQueryDto,
    @Res() reply: FastifyReply,
  ): void {
    void query;
    const slash = tagAndFile.lastIndexOf('/');
    if (slash <= 0)
      throw new InvalidError('name the asset as download/<tag>/<filename>', { field: 'filename' });
    const target = this.releases.download(
      principal,
      org,
      repo,
      tagAndFile.slice(0, slash),
      tagAndFile.slice(slash + 1),
    );
    void reply.header('cache-control', 'no-store').redirect(target, 302);
  }

  /** Edit a release: 200 with no body, as published. */
  @Patch(':org/:repo/-/releases/:release_id')
  @HttpCode(200)
  @Access({ scope: 'repo-code:rw' })
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('release_id') releaseId: string,
    @Body() body: UpdateReleaseDto,
  ): void {
    this.releases.update(principal, org, repo, releaseId, body);
  }

  /** Delete a release (its tag stays): 200 with no body, as published. */
  @Delete(':org/:repo/-/releases/:release_id')
  @HttpCode(200)
  @Access({ scope: 'repo-code:rw' })
  remove(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('release_id') releaseId: string,
  ): void {
    this.releases.remove(principal, org, repo, releaseId);
  }
}
