import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { InvalidError } from '../../common/errors';
import type { ContentResponse, CreateBlobResponse } from '@shared/platform/types';
import { RepoAccess } from '../access/access.decorator';
import { RawResponse } from '../http/route-config';
import { INERT_HEADERS } from '../http/content-type';
import { Repo, type RepoContext } from '../access/request-context';
import { CreateBlobDto, RawQueryDto } from './contents.dto';
import { ContentsService } from './contents.service';

/**
 * `?ref=` as sent: one string, or absent. Read without a DTO because this is the
 * forge's hottest read route; the service checks the value's content.
 */
function refParam(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new InvalidError('ref must be given once', { field: 'ref' });
  return value;
}

/** A repository's contents, raw files and blobs. */
@Controller()
export class ContentsController {
  constructor(private readonly contents: ContentsService) {}

  /** The root folder. */
  @Get(':org/:repo/-/git/contents')
  @RepoAccess('repo-code:r', 'read')
  root(@Repo() ctx: RepoContext, @Query('ref') ref: unknown): Promise<ContentResponse> {
    return this.contents.contents(ctx, '', refParam(ref));
  }

  /** A folder (tree) or a file (blob with base64 content). */
  @Get(':org/:repo/-/git/contents/*')
  @RepoAccess('repo-code:r', 'read')
  path(
    @Repo() ctx: RepoContext,
    @Param('*') path: string,
    @Query('ref') ref: unknown,
  ): Promise<ContentResponse> {
    return this.contents.contents(ctx, path, refParam(ref));
  }

  /** Raw bytes of a file at a ref (streamed when large), refused past `max_in_byte`. */
  @Get(':org/:repo/-/git/raw/*')
  @RawResponse()
  @RepoAccess('repo-code:r', 'read')
  async raw(
    @Repo() ctx: RepoContext,
    @Param('*') refAndPath: string,
    @Query() query: RawQueryDto,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const file = await this.contents.raw(ctx, refAndPath, query.max_in_byte);
    await reply
      .headers({
        ...INERT_HEADERS,
        'content-type': file.contentType,
        'content-length': String(file.size),
        etag: `"${file.sha}"`,
        'cache-control': 'no-cache',
      })
      .send(file.body);
  }

  /** Store a blob without a commit. */
  @Post(':org/:repo/-/git/blobs')
  @HttpCode(201)
  @RepoAccess('repo-code:rw', 'develop')
  createBlob(@Repo() ctx: RepoContext, @Body() body: CreateBlobDto): Promise<CreateBlobResponse> {
    return this.contents.createBlob(ctx, body);
  }
}
