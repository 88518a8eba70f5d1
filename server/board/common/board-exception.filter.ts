import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BoardErrorBody } from '@shared/board/entities';
import { DomainError, DomainErrorKind } from '../../common/errors';
import { upstreamFailureMessage } from './upstream-failures';

const STATUS_BY_KIND: Record<DomainErrorKind, number> = {
  not_found: HttpStatus.NOT_FOUND,
  forbidden: HttpStatus.FORBIDDEN,
  unauthorized: HttpStatus.UNAUTHORIZED,
  conflict: HttpStatus.CONFLICT,
  invalid: HttpStatus.BAD_REQUEST,
  unprocessable: HttpStatus.UNPROCESSABLE_ENTITY,
  rate_limited: HttpStatus.TOO_MANY_REQUESTS,
  unavailable: HttpStatus.SERVICE_UNAVAILABLE,
  upstream: HttpStatus.BAD_GATEWAY,
};

/** `NOT_FOUND` → `Not Found`. */
function reasonPhrase(status: number): string {
  const name: string | undefined = HttpStatus[status];
  if (!name) return 'Error';
  return name
    .split('_')
    .map((word) => word.charAt(0) + word.slice(1).toLowerCase())
    .join(' ');
}

/** The board's error body for `status`, with the request's id. */
export function boardErrorBody(status: number, message: string, requestId: string): BoardErrorBody {
  return { statusCode: status, error: reasonPhrase(status), message, request_id: requestId };
}

/**
 * Machine-readable fields a domain error adds to the envelope (`detail.body`), such as a
 * refused dispatch's `code` and `findings`; they never replace the envelope's own.
 */
function extraFields(exception: unknown): Record<string, unknown> {
  if (!(exception instanceof DomainError)) return {};
  const extra = exception.detail['body'];
  if (typeof extra !== 'object' || extra === null) return {};
  const {
    statusCode: _s,
    error: _e,
    message: _m,
    request_id: _r,
    ...rest
  } = extra as Record<string, unknown>;
  return rest;
}

/**
 * The board's one exception filter: domain errors by kind, Nest's HTTP exceptions as
 * they are, anything else a logged 500. The SPA fallback sits here too, because an
 * unmatched route reaches Nest as a NotFoundException.
 */
@Catch()
export class BoardExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Board');

  constructor(
    /** Answers an unmatched GET outside the API with the app's index page, when it can. */
    private readonly spaFallback: (request: FastifyRequest, reply: FastifyReply) => boolean,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();

    if (
      exception instanceof HttpException &&
      exception.getStatus() === 404 &&
      this.spaFallback(request, reply)
    ) {
      return;
    }
    const { status, message } = this.describe(exception);
    if (status >= 500 && !(exception instanceof DomainError)) {
      this.logger.error(
        `${request.method} ${request.url}: ${String((exception as Error)?.stack ?? exception)}`,
      );
    }
    const body = {
      ...boardErrorBody(status, message, String(request.id)),
      ...extraFields(exception),
    };
    const retryAfter =
      exception instanceof DomainError ? exception.detail['retryAfterSeconds'] : undefined;
    if (typeof retryAfter === 'number') void reply.header('Retry-After', String(retryAfter));
    void reply.status(status).header('Cache-Control', 'no-store').send(body);
  }

  private describe(exception: unknown): { status: number; message: string } {
    const upstream = upstreamFailureMessage(exception);
    if (upstream !== null) {
      this.logger.warn(`${upstream} (${(exception as Error).message})`);
      return { status: HttpStatus.BAD_GATEWAY, message: upstream };
    }
    if (exception instanceof DomainError) {
      return { status: STATUS_BY_KIND[exception.kind], message: exception.message };
    }
    if (exception instanceof HttpException) {
      const response = exception.getResponse();
      const message =
        typeof response === 'object' && response !== null && 'message' in response
          ? response.message
          : exception.message;
      return {
        status: exception.getStatus(),
        message: Array.isArray(message) ? message.join('; ') : String(message),
      };
    }
    const clientError = libraryClientError(exception);
    if (clientError) return clientError;
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Internal server error' };
  }
}

/**
 * A library's refusal of the request (Fastify's, `@fastify/static`'s, `@fastify/send`'s):
 * an error carrying a 4xx `statusCode`, answered with that status rather than as a 500.
 */
function libraryClientError(exception: unknown): { status: number; message: string } | null {
  if (!(exception instanceof Error)) return null;
  const status = (exception as Error & { statusCode?: unknown }).statusCode;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 499) {
    return null;
  }
  return { status, message: exception.message || reasonPhrase(status) };
}
