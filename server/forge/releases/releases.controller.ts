import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { PlatformRelease } from '@shared/platform/types';
import { Access } from '../common/access.decorator';
import { PageQueryDto, toPaging } from '../common/paging';
import { CurrentPrincipal, type Principal } from '../common/principal';
import { sendPage } from '../common/send-page';
import { CreateReleaseDto } from './releases.dto';
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
}
