import { Controller, Get, Headers, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EventStreams } from './event-streams';

@ApiTags('events')
@Controller('api/events')
export class EventsController {
  constructor(private readonly streams: EventStreams) {}

  @Get()
  @ApiOperation({
    summary: 'Change stream (Server-Sent Events): what the board stored, as it stores it',
    description:
      '`event: change` with `data: {"topic": "issues"|"repos"|"balances"|"alerts", "org": slug|null}` ' +
      'whenever the sync stores a change; `event: reset` when the stream cannot resume after ' +
      '`Last-Event-ID`; `event: heartbeat` with `data: {"every_ms": n}` when the stream opens ' +
      '(its id is where to resume) and every EVENT_HEARTBEAT_SECONDS.',
  })
  @ApiProduces('text/event-stream')
  @ApiHeader({
    name: 'Last-Event-ID',
    required: false,
    description: 'Resume after this event (browsers send it when they reconnect)',
  })
  @ApiResponse({
    status: 429,
    description: 'Too many open streams, in total or from this address (with Retry-After)',
  })
  open(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Headers('last-event-id') lastEventId?: string,
  ): void {
    // Checked before the answer starts, so a refusal is an ordinary error answer.
    const head = this.streams.admit(request.ip, lastEventId);
    reply.hijack();
    this.streams.attach(request.ip, reply.raw, head);
  }
}
