import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Clock } from '../../common/clock';
import { ForbiddenError, RateLimitedError, UnauthorizedError } from '../../common/errors';
import { withCode } from '../common/error-code';
import { WindowCounter } from '../limits/window-counter';
import { AdminAuth, bearerToken } from './admin-auth';

/** Failed attempts one client may make with one token prefix in a window. */
export const MAX_FAILURES = 10;
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** Characters of a presented token that key its failure count. */
const TOKEN_PREFIX_LENGTH = 4;

/**
 * Failed admin sign-ins by client address and token prefix, in fixed windows of
 * `FAILURE_WINDOW_MS`. One count for the whole board (each module that guards routes gets
 * a guard of its own), and for every replica when the board has Redis, so a client's
 * failures on any admin route and any replica count together.
 */
@Injectable()
export class SignInFailures {
  constructor(
    private readonly counter: WindowCounter,
    private readonly clock: Clock,
  ) {}

  /**
   * Count one failure of `key`; null when counted, else the seconds until the client may
   * try again (nothing is counted then).
   */
  async count(key: string): Promise<number | null> {
    const now = this.clock.now().getTime();
    const { taken, resetAt } = await this.counter.take(
      `sign-in:${key}`,
      MAX_FAILURES,
      FAILURE_WINDOW_MS,
      now,
    );
    return taken ? null : Math.max(1, Math.ceil((resetAt - now) / 1000));
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
    private readonly failures: SignInFailures,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (this.auth.identify(request)) return true;
    if (!this.auth.enabled) {
      throw new ForbiddenError(
        'The admin area is disabled: set ADMIN_TOKEN to enable it',
        withCode('admin_disabled'),
      );
    }
    const token = bearerToken(request);
    if (token === null) {
      throw new UnauthorizedError(
        'Admin routes need Authorization: Bearer <admin token>',
        withCode('admin_token_missing'),
      );
    }
    const waitSeconds = await this.failures.count(
      `${request.ip}|${token.slice(0, TOKEN_PREFIX_LENGTH)}`,
    );
    if (waitSeconds !== null) {
      throw new RateLimitedError('Too many failed admin sign-ins; try again later', {
        retryAfterSeconds: waitSeconds,
        ...withCode('admin_sign_in_limited', { seconds: waitSeconds }),
      });
    }
    throw new UnauthorizedError('The admin token is not valid', withCode('admin_token_invalid'));
  }
}
