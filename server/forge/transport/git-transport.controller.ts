import { Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../common/errors';
import { Access, GitTransportRoute } from '../common/access.decorator';
import { ERROR_BY_KIND } from '../common/forge-errors';
import { InfoRefsQueryDto } from './transport.dto';
import {
  GitTransportService,
  type TransportAnswer,
  type TransportRequest,
} from './git-transport.service';

/** Realm git shows when it asks for credentials. */
const REALM = 'NPC Board forge';

function transportRequest(request: FastifyRequest, owner: string, name: string): TransportRequest {
  const protocol = request.headers['git-protocol'];
  return {
    owner,
    name,
    authorization: request.headers.authorization,
    protocol: typeof protocol === 'string' ? protocol : undefined,
  };
}

/**
 * Git smart HTTP at `/{org}/{repo}` (and `/{org}/{repo}.git`). Not JSON routes: errors
 * go out as plain text, which git prints, and 401 carries the Basic challenge that makes
 * git send the token.
 */
@Controller()
export class GitTransportController {
  constructor(private readonly transport: GitTransportService) {}

  /** Ref advertisement. */
  @Get(':org/:repo/info/refs')
  @GitTransportRoute()
  @Access({ open: true })
  async infoRefs(
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Query() query: InfoRefsQueryDto,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.answer(reply, () =>
      this.transport.advertise(transportRequest(request, org, repo), query.service),
    );
  }

  /** Fetch and clone. */
  @Post(':org/:repo/git-upload-pack')
  @GitTransportRoute()
  @Access({ open: true })
  async uploadPack(
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.answer(reply, () =>
      this.transport.exchange(
        transportRequest(request, org, repo),
        'upload-pack',
        request.raw,
        request.headers['content-encoding'],
      ),
    );
  }

  /** Push. */
  @Post(':org/:repo/git-receive-pack')
  @GitTransportRoute()
  @Access({ open: true })
  async receivePack(
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.answer(reply, () =>
      this.transport.exchange(
        transportRequest(request, org, repo),
        'receive-pack',
        request.raw,
        request.headers['content-encoding'],
      ),
    );
  }

  private async answer(reply: FastifyReply, work: () => TransportAnswer): Promise<void> {
    let answer: TransportAnswer;
    try {
      answer = work();
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const { status } = ERROR_BY_KIND[error.kind];
      if (status === 401) void reply.header('www-authenticate', `Basic realm="${REALM}"`);
      await reply
        .status(status)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(`${error.message}\n`);
      return;
    }
    await reply
      .type(answer.contentType)
      .header('cache-control', 'no-cache, max-age=0, must-revalidate')
      .send(answer.body);
  }
}
