import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** Who is calling: the token's user and the token's scopes. */
export interface Caller {
  userId: number;
  username: string;
  isAdmin: boolean;
  scopes: ReadonlySet<string>;
}

/** A request's caller; null for anonymous requests (which only public reads allow). */
export type Principal = Caller | null;

/** Where the access guard leaves the caller on the request. */
export const PRINCIPAL_KEY = 'forgePrincipal';

export type RequestWithPrincipal = FastifyRequest & { [PRINCIPAL_KEY]?: Principal };

/** Route parameter: the request's caller (or null). */
export const CurrentPrincipal = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): Principal =>
    ctx.switchToHttp().getRequest<RequestWithPrincipal>()[PRINCIPAL_KEY] ?? null,
);
