import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { BoardErrorBody } from '@shared/board/entities';
import { errorCodeForStatus, type MessageParams } from '@shared/board/errors';
import { DomainError, DomainErrorKind } from '../../common/errors';
import type { AnswerCode } from './error-code';
import { upstreamFailure } from './upstream-failures';
import { describeValidation, ValidationFailedException } from './validation';

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

/**
 * The board's error body for `status`, with the request's id; its `code` follows from
 * the status unless given (`shared/board/errors.ts`).
 */
export function boardErrorBody(
  status: number,
  message: string,
  requestId: string,
  code: AnswerCode = errorCodeForStatus(status),
  params: MessageParams = {},
): BoardErrorBody {
  return {
    statusCode: status,
    error: reasonPhrase(status),
    message,
    code,
    params,
    request_id: requestId,
  };
}

/** What an exception is answered with. */
interface Described {
  status: number;
  message: string;
  code: AnswerCode;
  params: MessageParams;
}

/**
 * Machine-readable fields a domain error adds to the envelope (`detail.body`), such as a
 * refused dispatch's `findings`; they never replace the envelope's own.
 */
function extraFields(exception: unknown): Record<string, unknown> {
  if (!(exception instanceof DomainError)) return {};
  const extra = exception.detail['body'];
  if (typeof extra !== 'object' || extra === null) return {};
  const {
    statusCode: _s,
    error: _e,
    message: _m,
    code: _c,
    params: _p,
    request_id: _r,
    ...rest
  } = extra as Record<string, unknown>;
  return rest;
}

/**
 * The board's one exception filter: domain errors by kind, Nest's HTTP exceptions as
 * they are, anything else a logged 500. The SPA fallback sits here too, because an
 * unmatched route reaches Nest as a NotFoundException.
 *
 * Every answer carries a `code` and `params` (`shared/board/errors.ts`): a domain error's
 * own (`withCode` in its detail), a failed validation's field and rule, a platform
 * failure's, else the one that follows from the status.
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
    const { status, message, code, params } = this.describe(exception);
    if (status >= 500 && !(exception instanceof DomainError)) {
      this.logger.error(
        `${request.method} ${request.url}: ${String((exception as Error)?.stack ?? exception)}`,
      );
    }
    const body = {
      ...boardErrorBody(status, message, String(request.id), code, params),
      ...extraFields(exception),
    };
    const retryAfter =
      exception instanceof DomainError ? exception.detail['retryAfterSeconds'] : undefined;
    if (typeof retryAfter === 'number') void reply.header('Retry-After', String(retryAfter));
    void reply.status(status).header('Cache-Control', 'no-store').send(body);
  }

  private describe(exception: unknown): Described {
    const upstream = upstreamFailure(exception);
    if (upstream !== null) {
      this.logger.warn(`${upstream.message} (${(exception as Error).message})`);
      return { status: HttpStatus.BAD_GATEWAY, ...upstream };
    }
    if (exception instanceof DomainError) {
      const status = STATUS_BY_KIND[exception.kind];
      return { status, message: exception.message, ...codeOf(exception.detail, status) };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      const message =
        typeof response === 'object' && response !== null && 'message' in response
          ? response.message
          : exception.message;
      const coded =
        exception instanceof ValidationFailedException
          ? describeValidation(exception)
          : typeof response === 'object' && response !== null
            ? codeOf(response as Record<string, unknown>, status)
            : status === 400 && INVALID_JSON_MESSAGES.has(String(response))
              ? { code: 'invalid_json' as const, params: {} }
              : { code: errorCodeForStatus(status), params: {} };
      return {
        status,
        message: Array.isArray(message) ? message.join('; ') : String(message),
        ...coded,
      };
    }
    const clientError = libraryClientError(exception);
    if (clientError) return clientError;
    return {
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      message: 'Internal server error',
      code: 'internal_error',
      params: {},
    };
  }
}

/** A domain error's own code and params (`withCode`), else the status's code. */
function codeOf(
  detail: Record<string, unknown>,
  status: number,
): { code: AnswerCode; params: MessageParams } {
  const code = detail['errorCode'];
  const params = detail['errorParams'];
  return {
    code: typeof code === 'string' ? (code as AnswerCode) : errorCodeForStatus(status),
    params: typeof params === 'object' && params !== null ? (params as MessageParams) : {},
  };
}

/** Fastify's codes for a body it could not parse as JSON. */
const INVALID_JSON_CODES = new Set([
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
]);

/**
 * Their messages: Nest turns a Fastify error into an `HttpException` with its message and
 * status only, so that is how the filter knows them there.
 */
const INVALID_JSON_MESSAGES = new Set([
  new fastify.errorCodes.FST_ERR_CTP_INVALID_JSON_BODY().message,
  new fastify.errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY().message,
]);

/**
 * A library's refusal of the request (Fastify's, `@fastify/static`'s, `@fastify/send`'s):
 * an error carrying a 4xx `statusCode`, answered with that status rather than as a 500.
 */
function libraryClientError(exception: unknown): Described | null {
  if (!(exception instanceof Error)) return null;
  const status = (exception as Error & { statusCode?: unknown }).statusCode;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 499) {
    return null;
  }
  const libraryCode = (exception as Error & { code?: unknown }).code;
  const invalidJson =
    status === 400 &&
    (exception instanceof SyntaxError ||
      (typeof libraryCode === 'string' && INVALID_JSON_CODES.has(libraryCode)));
  return {
    status,
    message: exception.message || reasonPhrase(status),
    code: invalidJson ? 'invalid_json' : errorCodeForStatus(status),
    params: {},
  };
}
