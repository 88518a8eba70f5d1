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
import { Access, RawResponse, StreamBody } from '../common/access.decorator';
import { INERT_HEADERS } from '../common/content-type';
import { CurrentPrincipal, type Principal } from '../common/principal';
import { UploadRequestDto, UploadTokenQueryDto } from './uploads.dto';
import { UploadsService, type UploadAssetsResponse } from './uploads.service';
import type { UploadKind } from './upload.types';

/** Spec 4.1 attachments: upload URLs, the PUT that stores bytes, asset paths, deletion. */
@Controller()
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  /** An upload URL for a file. */
  @Post(':org/:repo/-/upload/files')
  @HttpCode(200)
  @Access({ scope: 'repo-code:rw' })
  requestFile(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Body() body: UploadRequestDto,
  ): UploadAssetsResponse {
    return this.uploads.request(principal, org, repo, 'files', body);
  }

  /** An upload URL for an image. */
  @Post(':org/:repo/-/upload/imgs')
  @HttpCode(200)
  @Access({ scope: 'repo-code:rw' })
  requestImage(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Body() body: UploadRequestDto,
  ): UploadAssetsResponse {
    return this.uploads.request(principal, org, repo, 'imgs', body);
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
  @Access({ scope: 'repo-code:r', anonymous: true })
  file(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('key') key: string,
    @Param('name') name: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.send(reply, principal, org, repo, 'files', key, name);
  }

  /** A stored image. */
  @Get(':org/:repo/-/imgs/:key/:name')
  @RawResponse()
  @Access({ scope: 'repo-code:r', anonymous: true })
  image(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('key') key: string,
    @Param('name') name: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.send(reply, principal, org, repo, 'imgs', key, name);
  }

  /** Delete a file upload: 200 with no body, as published. */
  @Delete(':org/:repo/-/files/*')
  @HttpCode(200)
  @Access({ scope: 'repo-code:rw' })
  async remove(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('*') path: string,
  ): Promise<void> {
    await this.uploads.delete(principal, org, repo, path);
  }

  /** Delete an image upload (Master role): 200 with no body, as published. */
  @Delete(':org/:repo/-/imgs/*')
  @HttpCode(200)
  @Access({ scope: 'repo-manage:rw' })
  async removeImage(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('*') path: string,
  ): Promise<void> {
    await this.uploads.delete(principal, org, repo, path, 'imgs');
  }

  private async send(
    reply: FastifyReply,
    principal: Principal,
    org: string,
    repo: string,
    kind: UploadKind,
    key: string,
    name: string,
  ): Promise<void> {
    const { row, body } = this.uploads.serve(principal, org, repo, kind, key, name);
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
