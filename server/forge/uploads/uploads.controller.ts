import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access, RepoAccess } from '../access/access.decorator';
import type { Caller } from '../access/principal';
import { RawResponse, StreamBody } from '../http/route-config';
import { INERT_HEADERS } from '../http/content-type';
import { Repo, type RepoContext } from '../access/request-context';
import { UploadRequestDto, UploadTokenQueryDto } from './uploads.dto';
import { UploadsService, type UploadAssetsResponse } from './uploads.service';
import type { UploadKind } from './upload.types';

/** Attachments: upload URLs, the PUT that stores bytes, asset paths, deletion. */
@Controller()
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  /** An upload URL for a file. */
  @Post(':org/:repo/-/upload/files')
  @HttpCode(200)
  @RepoAccess('repo-code:rw', 'develop')
  requestFile(
    @Repo() ctx: RepoContext<Caller>,
    @Body() body: UploadRequestDto,
  ): UploadAssetsResponse {
    return this.uploads.request(ctx, 'files', body);
  }

  /** An upload URL for an image. */
  @Post(':org/:repo/-/upload/imgs')
  @HttpCode(200)
  @RepoAccess('repo-code:rw', 'develop')
  requestImage(
    @Repo() ctx: RepoContext<Caller>,
    @Body() body: UploadRequestDto,
  ): UploadAssetsResponse {
    return this.uploads.request(ctx, 'imgs', body);
  }

  /** The PUT to an upload URL: the signed token is the credential. */
  @Put('-/uploads/:key')
  @StreamBody()
  @Access({ open: true })
  receive(
    @Param('key') key: string,
    @Query() query: UploadTokenQueryDto,
    @Req() request: FastifyRequest,
  ): Promise<{ size: number }> {
    return this.uploads.receive(key, query.token, request.raw);
  }

  /** A stored file. */
  @Get(':org/:repo/-/files/:key/:name')
  @RawResponse()
  @RepoAccess('repo-code:r', 'read')
  file(
    @Repo() ctx: RepoContext,
    @Param('key') key: string,
    @Param('name') name: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.send(reply, ctx, 'files', key, name);
  }

  /** A stored image. */
  @Get(':org/:repo/-/imgs/:key/:name')
  @RawResponse()
  @RepoAccess('repo-code:r', 'read')
  image(
    @Repo() ctx: RepoContext,
    @Param('key') key: string,
    @Param('name') name: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.send(reply, ctx, 'imgs', key, name);
  }

  /** Delete a file upload: 200 with no body, as published. */
  @Delete(':org/:repo/-/files/*')
  @HttpCode(200)
  @RepoAccess('repo-code:rw', 'participate')
  async remove(@Repo() ctx: RepoContext, @Param('*') path: string): Promise<void> {
    await this.uploads.delete(ctx, path);
  }

  /** Delete an image upload (Master role): 200 with no body, as published. */
  @Delete(':org/:repo/-/imgs/*')
  @HttpCode(200)
  @RepoAccess('repo-manage:rw', 'participate')
  async removeImage(@Repo() ctx: RepoContext, @Param('*') path: string): Promise<void> {
    await this.uploads.delete(ctx, path, 'imgs');
  }

  private async send(
    reply: FastifyReply,
    ctx: RepoContext,
    kind: UploadKind,
    key: string,
    name: string,
  ): Promise<void> {
    const { row, body } = this.uploads.serve(ctx, kind, key, name);
    const disposition = kind === 'files' ? 'attachment' : 'inline';
    await reply
      .headers({
        ...INERT_HEADERS,
        'content-type': row.content_type,
        'content-length': String(row.size),
        'content-disposition': `${disposition}; filename*=UTF-8''${encodeURIComponent(row.name)}`,
        'cache-control': 'private, max-age=3600',
      })
      .send(body);
  }
}
