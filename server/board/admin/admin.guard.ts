import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { Clock } from '../../common/clock';
import { ForbiddenError, RateLimitedError, UnauthorizedError } from '../../common/errors';
import { AdminAuth, bearerToken } from './admin-auth';

/** Failed attempts one client may make with one token prefix in a window. */
export const MAX_FAILURES = 10;
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** Characters of a presented token that key its failure count. */
const TOKEN_PREFIX_LENGTH = 4;

/**
 * Failed admin sign-ins by client address and token prefix. One instance for the whole
 * board (each module that guards routes gets a guard of its own), so a client's failures
 * on any admin route count together.
 */
@Injectable()
export class SignInFailures extends LRUCache<string, { count: number; resetAt: number }> {
  constructor() {
    // Bounded by size, not `max`, so the table is not allocated up front (as in MissLimiter).
    super({ maxSize: 10_000, sizeCalculation: () => 1 });
  }
}

/**
 * Guards the admin routes (docs/architecture.md#security). Wrong tokens are counted per client address and token prefix,
 * and a client past `MAX_FAILURES` in the window is turned away with 429, but the correct
 * token always passes: a stranger's guesses can never lock the real admin out. Without a
 * token and without a trusted header the admin area is disabled, never open.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(
    private readonly auth: AdminAuth,
    private readonly clock: Clock,
    private readonly failures: SignInFailures,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (this.auth.identify(request)) return true;
    if (!this.auth.enabled) {
      throw new ForbiddenError('The admin area is disabled: set ADMIN_TOKEN to enable it');
    }
    const token = bearerToken(request);
    if (token === null) {
      throw new UnauthorizedError('Admin routes need Authorization: Bearer <admin token>');
    }
    const key = `${request.ip}|${token.slice(0, TOKEN_PREFIX_LENGTH)}`;
    const now = this.clock.now().getTime();
    const live = this.failures.get(key);
    const record =
      live && live.resetAt > now ? live : { count: 0, resetAt: now + FAILURE_WINDOW_MS };
    if (record.count >= MAX_FAILURES) {
      throw new RateLimitedError('Too many failed admin sign-ins; try again later', {
        retryAfterSeconds: Math.ceil((record.resetAt - now) / 1000),
      });
    }
    record.count += 1;
    this.failures.set(key, record);
    throw new UnauthorizedError('The admin token is not valid');
  }
}
