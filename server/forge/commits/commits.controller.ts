import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { GitHead, PlatformCommit, PlatformCompare } from '@shared/platform/types';
import { RepoAccess } from '../access/access.decorator';
import { RawResponse } from '../http/route-config';
import { toPaging } from '../http/paging';
import { sendPage } from '../http/send-page';
import { Repo, type RepoContext } from '../access/request-context';
import { ListCommitsQueryDto } from './commits.dto';
import type {
  ApiCommitAsset,
  GitCommitStatus,
  WebCommitAnnotation,
  WebTagAnnotation,
} from '@shared/platform/published';
import { CommitsService, type ArchiveAnswer } from './commits.service';

/** The repository's head, its commits and comparisons between two revisions. */
@Controller()
export class CommitsController {
  constructor(private readonly commits: CommitsService) {}

  /** The default branch. */
  @Get(':org/:repo/-/git/head')
  @RepoAccess('repo-code:r', 'read')
  head(@Repo() ctx: RepoContext): Promise<GitHead> {
    return this.commits.head(ctx);
  }

  /** Commits, newest first (filters `sha`, `author`, `since`, `until`). */
  @Get(':org/:repo/-/git/commits')
  @RepoAccess('repo-code:r', 'read')
  async list(
    @Repo() ctx: RepoContext,
    @Query() query: ListCommitsQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PlatformCommit[]> {
    return sendPage(reply, await this.commits.list(ctx, query, toPaging(query)));
  }

  /** One commit; the ref may hold `/` (sent literally or as %2F). */
  @Get(':org/:repo/-/git/commits/*')
  @RepoAccess('repo-code:r', 'read')
  get(@Repo() ctx: RepoContext, @Param('*') ref: string): Promise<PlatformCommit> {
    return this.commits.get(ctx, ref);
  }

  /** `base...head` or `base..head`. */
  @Get(':org/:repo/-/git/compare/*')
  @RepoAccess('repo-code:r', 'read')
  compare(@Repo() ctx: RepoContext, @Param('*') basehead: string): Promise<PlatformCompare> {
    return this.commits.compare(ctx, basehead);
  }

  /** Statuses reported on a commit. */
  @Get(':org/:repo/-/git/commit-statuses/*')
  @RepoAccess('repo-code:r', 'read')
  statuses(@Repo() ctx: RepoContext, @Param('*') commitish: string): Promise<GitCommitStatus[]> {
    return this.commits.statuses(ctx, commitish);
  }

  /** Annotations of a commit. */
  @Get(':org/:repo/-/git/commit-annotations/:sha')
  @RepoAccess('repo-code:r', 'read')
  commitAnnotations(
    @Repo() ctx: RepoContext,
    @Param('sha') sha: string,
  ): Promise<WebCommitAnnotation[]> {
    return this.commits.commitAnnotations(ctx, sha);
  }

  /** Files attached to a commit. */
  @Get(':org/:repo/-/git/commit-assets/:sha1')
  @RepoAccess('repo-code:r', 'read')
  commitAssets(@Repo() ctx: RepoContext, @Param('sha1') sha: string): Promise<ApiCommitAsset[]> {
    return this.commits.commitAssets(ctx, sha);
  }

  /** Annotations of a tag. */
  @Get(':org/:repo/-/git/tag-annotations/*')
  @RepoAccess('repo-code:r', 'read')
  tagAnnotations(@Repo() ctx: RepoContext, @Param('*') tag: string): Promise<WebTagAnnotation[]> {
    return this.commits.tagAnnotations(ctx, tag);
  }

  /** The repository at a ref as a zip or tar.gz (`<ref>.zip`, `<ref>.tar.gz`). */
  @Get(':org/:repo/-/git/archive/*')
  @RawResponse()
  @RepoAccess('repo-code:r', 'read')
  async archive(
    @Repo() ctx: RepoContext,
    @Param('*') refWithFormat: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendArchive(reply, await this.commits.archive(ctx, refWithFormat));
  }

  /** The files a commit changed, as a zip. */
  @Get(':org/:repo/-/git/archive-commit-changed-files/:sha1')
  @RawResponse()
  @RepoAccess('repo-code:r', 'read')
  async commitChangedFiles(
    @Repo() ctx: RepoContext,
    @Param('sha1') sha1: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendArchive(reply, await this.commits.changedFilesArchive(ctx, { commit: sha1 }));
  }

  /** The files a comparison changed, as a zip. */
  @Get(':org/:repo/-/git/archive-compare-changed-files/*')
  @RawResponse()
  @RepoAccess('repo-code:r', 'read')
  async compareChangedFiles(
    @Repo() ctx: RepoContext,
    @Param('*') basehead: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendArchive(reply, await this.commits.changedFilesArchive(ctx, { basehead }));
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
