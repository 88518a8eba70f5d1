import { Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../common/errors';
import { GitAccess } from '../access/access.decorator';
import type { Caller } from '../access/principal';
import { GitTransportRoute } from '../http/route-config';
import { ERROR_BY_KIND } from '../http/forge-errors';
import { Repo, type RepoContext } from '../access/request-context';
import { InfoRefsQueryDto } from './transport.dto';
import { GitTransportService, type TransportAnswer } from './git-transport.service';

/** Realm git shows when it asks for credentials. */
const REALM = 'NPC Board forge';

/** The `Git-Protocol` header (`version=2`), when there is one. */
function protocolOf(request: FastifyRequest): string | undefined {
  const protocol = request.headers['git-protocol'];
  return typeof protocol === 'string' ? protocol : undefined;
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
  @GitAccess()
  async infoRefs(
    @Repo() ctx: RepoContext,
    @Query() query: InfoRefsQueryDto,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.answer(reply, () =>
      this.transport.advertise(ctx, query.service, protocolOf(request)),
    );
  }

  /** Fetch and clone. */
  @Post(':org/:repo/git-upload-pack')
  @GitTransportRoute()
  @GitAccess('upload-pack')
  async uploadPack(
    @Repo() ctx: RepoContext,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.answer(reply, () =>
      this.transport.fetch(
        ctx,
        request.raw,
        request.headers['content-encoding'],
        protocolOf(request),
      ),
    );
  }

  /** Push. */
  @Post(':org/:repo/git-receive-pack')
  @GitTransportRoute()
  @GitAccess('receive-pack')
  async receivePack(
    @Repo() ctx: RepoContext<Caller>,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.answer(reply, () =>
      this.transport.push(
        ctx,
        request.raw,
        request.headers['content-encoding'],
        protocolOf(request),
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
