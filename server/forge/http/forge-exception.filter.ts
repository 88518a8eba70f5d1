import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../common/errors';
import { ERROR_BY_KIND, errcodeForStatus, PayloadTooLargeError, sendError } from './forge-errors';

interface Described {
  status: number;
  errcode: number;
  message: string;
  param: Record<string, unknown>;
}

/**
 * The forge's one exception filter: every failure leaves as `{errcode, errmsg,
 * errparam}` with the status docs/architecture.md#the-forge gives it. Unknown routes arrive here as
 * Nest's NotFoundException; body-parser failures as Fastify errors with a statusCode.
 */
@Catch()
export class ForgeExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Forge');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const { status, errcode, message, param } = this.describe(exception);
    if (status >= 500 && !(exception instanceof DomainError)) {
      this.logger.error(
        `${request.method} ${request.url.split('?')[0]}: ${(exception as Error)?.stack ?? String(exception)}`,
      );
    }
    const retryAfter =
      exception instanceof DomainError ? exception.detail['retryAfterSeconds'] : undefined;
    if (typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
    if (reply.sent) return;
    void sendError(reply, status, errcode, message, param);
  }

  private describe(exception: unknown): Described {
    if (exception instanceof PayloadTooLargeError) {
      return { status: 413, errcode: 413, message: exception.message, param: exception.detail };
    }
    if (exception instanceof DomainError) {
      const { status, errcode } = ERROR_BY_KIND[exception.kind];
      return { status, errcode, message: exception.message, param: exception.detail };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      const raw =
        typeof response === 'object' && response !== null && 'message' in response
          ? response.message
          : exception.message;
      const message =
        status === 404 ? 'Not found' : Array.isArray(raw) ? raw.join('; ') : String(raw);
      return { status, errcode: errcodeForStatus(status), message, param: {} };
    }
    const fastifyStatus = (exception as { statusCode?: unknown } | null)?.statusCode;
    if (typeof fastifyStatus === 'number' && fastifyStatus >= 400 && fastifyStatus < 500) {
      return {
        status: fastifyStatus,
        errcode: errcodeForStatus(fastifyStatus),
        message: describeFastifyError(exception as Error & { code?: string }),
        param: { field: 'body' },
      };
    }
    return { status: 500, errcode: 500, message: 'Internal server error', param: {} };
  }
}

/** A message naming what was wrong with the body, for Fastify's parser errors. */
function describeFastifyError(error: Error & { code?: string }): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'body is larger than the 1 MiB limit';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'body must be application/json';
    case 'FORGE_JSON_TOO_DEEP':
      return error.message;
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'body must be a JSON object, not empty';
    default:
      return error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
        ? 'body is not valid JSON'
        : `body: ${error.message}`;
  }
}
