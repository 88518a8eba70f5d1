import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Clock } from '../../common/clock';
import { ForbiddenError, RateLimitedError, UnauthorizedError } from '../../common/errors';
import { BoardConfig } from '../config/board-config';

/** Failed attempts one client may make in a window before it is turned away. */
export const MAX_FAILURES = 10;
export const FAILURE_WINDOW_MS = 15 * 60_000;

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * Admin access (docs/architecture.md#security): `Authorization: Bearer <ADMIN_TOKEN>` compared in
 * constant time, or a trusted reverse proxy's user header naming one of `ADMIN_USERS`.
 * Repeated failures from one address are throttled. Without a token and without a
 * trusted header the admin area is disabled, never open.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  private readonly tokenDigest: Buffer | null;
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly config: BoardConfig,
    private readonly clock: Clock,
  ) {
    this.tokenDigest = config.adminToken ? digest(config.adminToken) : null;
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (this.trustedUser(request)) return true;
    if (!this.tokenDigest) {
      throw new ForbiddenError('The admin area is disabled: set ADMIN_TOKEN to enable it');
    }
    const client = request.ip;
    const now = this.clock.now().getTime();
    const record = this.failures.get(client);
    if (record && record.resetAt > now && record.count >= MAX_FAILURES) {
      const retryAfterSeconds = Math.ceil((record.resetAt - now) / 1000);
      throw new RateLimitedError('Too many failed admin sign-ins; try again later', {
        retryAfterSeconds,
      });
    }
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (match && timingSafeEqual(digest(match[1].trim()), this.tokenDigest)) {
      this.failures.delete(client);
      return true;
    }
    const current =
      record && record.resetAt > now ? record : { count: 0, resetAt: now + FAILURE_WINDOW_MS };
    current.count += 1;
    this.failures.set(client, current);
    throw new UnauthorizedError(
      match
        ? 'The admin token is not valid'
        : 'Admin routes need Authorization: Bearer <admin token>',
    );
  }

  /** A user named by the trusted proxy header, when that is configured and the peer is a trusted proxy. */
  private trustedUser(request: FastifyRequest): boolean {
    const header = this.config.adminTrustedHeader;
    if (!header) return false;
    const peer = request.socket.remoteAddress ?? '';
    const proxies = this.config.trustedProxies;
    if (proxies.length > 0 && !proxies.includes(peer.replace(/^::ffff:/, ''))) return false;
    const user = request.headers[header];
    return typeof user === 'string' && this.config.adminUsers.includes(user.trim());
  }
}
