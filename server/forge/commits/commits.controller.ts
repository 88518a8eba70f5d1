import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { GitHead, PlatformCommit, PlatformCompare } from '@shared/platform/types';
import { Access, RawResponse } from '../common/access.decorator';
import { toPaging } from '../common/paging';
import { CurrentPrincipal, type Principal } from '../common/principal';
import { sendPage } from '../common/send-page';
import { ListCommitsQueryDto } from './commits.dto';
import type {
  ApiCommitAsset,
  GitCommitStatus,
  WebCommitAnnotation,
  WebTagAnnotation,
} from '@shared/platform/published';
import { CommitsService, type ArchiveAnswer } from './commits.service';

/** Spec 4.2: head, commits, compare. */
@Controller()
export class CommitsController {
  constructor(private readonly commits: CommitsService) {}

  /** The default branch. */
  @Get(':org/:repo/-/git/head')
  @Access({ scope: 'repo-code:r', anonymous: true })
  head(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
  ): Promise<GitHead> {
    return this.commits.head(principal, org, repo);
  }

  /** Commits, newest first (filters `sha`, `author`, `since`, `until`). */
  @Get(':org/:repo/-/git/commits')
  @Access({ scope: 'repo-code:r', anonymous: true })
  async list(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Query() query: ListCommitsQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PlatformCommit[]> {
    return sendPage(reply, await this.commits.list(principal, org, repo, query, toPaging(query)));
  }

  /** One commit; the ref may hold `/` (sent literally or as %2F). */
  @Get(':org/:repo/-/git/commits/*')
  @Access({ scope: 'repo-code:r', anonymous: true })
  get(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('*') ref: string,
  ): Promise<PlatformCommit> {
    return this.commits.get(principal, org, repo, ref);
  }

  /** `base...head` or `base..head`. */
  @Get(':org/:repo/-/git/compare/*')
  @Access({ scope: 'repo-code:r', anonymous: true })
  compare(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('*') basehead: string,
  ): Promise<PlatformCompare> {
    return this.commits.compare(principal, org, repo, basehead);
  }

  /** Statuses reported on a commit. */
  @Get(':org/:repo/-/git/commit-statuses/*')
  @Access({ scope: 'repo-code:r', anonymous: true })
  statuses(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('*') commitish: string,
  ): Promise<GitCommitStatus[]> {
    return this.commits.statuses(principal, org, repo, commitish);
  }

  /** Annotations of a commit. */
  @Get(':org/:repo/-/git/commit-annotations/:sha')
  @Access({ scope: 'repo-code:r', anonymous: true })
  commitAnnotations(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('sha') sha: string,
  ): Promise<WebCommitAnnotation[]> {
    return this.commits.commitAnnotations(principal, org, repo, sha);
  }

  /** Files attached to a commit. */
  @Get(':org/:repo/-/git/commit-assets/:sha1')
  @Access({ scope: 'repo-code:r', anonymous: true })
  commitAssets(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('sha1') sha: string,
  ): Promise<ApiCommitAsset[]> {
    return this.commits.commitAssets(principal, org, repo, sha);
  }

  /** Annotations of a tag. */
  @Get(':org/:repo/-/git/tag-annotations/*')
  @Access({ scope: 'repo-code:r', anonymous: true })
  tagAnnotations(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('*') tag: string,
  ): Promise<WebTagAnnotation[]> {
    return this.commits.tagAnnotations(principal, org, repo, tag);
  }

  /** The repository at a ref as a zip or tar.gz (`<ref>.zip`, `<ref>.tar.gz`). */
  @Get(':org/:repo/-/git/archive/*')
  @RawResponse()
  @Access({ scope: 'repo-code:r', anonymous: true })
  async archive(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('*') refWithFormat: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendArchive(reply, await this.commits.archive(principal, org, repo, refWithFormat));
  }

  /** The files a commit changed, as a zip. */
  @Get(':org/:repo/-/git/archive-commit-changed-files/:sha1')
  @RawResponse()
  @Access({ scope: 'repo-code:r', anonymous: true })
  async commitChangedFiles(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('sha1') sha1: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendArchive(
      reply,
      await this.commits.changedFilesArchive(principal, org, repo, { commit: sha1 }),
    );
  }

  /** The files a comparison changed, as a zip. */
  @Get(':org/:repo/-/git/archive-compare-changed-files/*')
  @RawResponse()
  @Access({ scope: 'repo-code:r', anonymous: true })
  async compareChangedFiles(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('*') basehead: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendArchive(
      reply,
      await this.commits.changedFilesArchive(principal, org, repo, { basehead }),
    );
  }
}

/** Send an archive as a download. */
async function sendArchive(reply: FastifyReply, archive: ArchiveAnswer): Promise<void> {
  await reply
    .headers({
      'content-type': archive.contentType,
      'content-disposition': `attachment; filename="${archive.fileName.replace(/[^\w.-]/g, '_')}"`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
    })
    .send(archive.body);
}
