import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { FastifyRequest } from 'fastify';
import { InvalidError } from '../../common/errors';
import { withCode } from './error-code';

interface RouteArgument {
  index: number;
  data?: unknown;
}

/**
 * Unknown query parameters are a 400 on every route, present and future. A handler that
 * takes its whole query as a class is checked by validation (unknown properties refused);
 * this guard covers the rest: a handler with no `@Query()` takes no parameters, one with
 * named `@Query('x')` takes those names only.
 */
@Injectable()
export class KnownQueryGuard implements CanActivate {
  private readonly allowed = new WeakMap<object, Set<string> | 'any'>();

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const query = request.query as Record<string, unknown> | undefined;
    const names = query ? Object.keys(query) : [];
    if (names.length === 0) return true;
    const allowed = this.allowedNames(context);
    if (allowed === 'any') return true;
    const unknown = names.find((name) => !allowed.has(name));
    if (unknown === undefined) return true;
    throw new InvalidError(`Unknown query parameter "${unknown}"`, {
      field: unknown,
      ...withCode('unknown_query_parameter', { field: unknown }),
    });
  }

  private allowedNames(context: ExecutionContext): Set<string> | 'any' {
    const handler = context.getHandler();
    let allowed = this.allowed.get(handler);
    if (allowed === undefined) {
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), handler.name) ??
        {}) as Record<string, RouteArgument>;
      const queries = Object.entries(args)
        .filter(([key]) => key.split(':')[0] === String(RouteParamtypes.QUERY))
        .map(([, arg]) => arg.data);
      allowed = queries.some((data) => data === undefined)
        ? 'any'
        : new Set(queries.filter((data): data is string => typeof data === 'string'));
      this.allowed.set(handler, allowed);
    }
    return allowed;
  }
}
