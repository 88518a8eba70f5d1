import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { addressMatcher } from '../../common/net/address-ranges';
import { BoardConfig } from '../config/board-config';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Who an admin request comes from: a trusted proxy's user, or the admin token. */
export type AdminIdentity = { kind: 'user'; user: string } | { kind: 'token' };

/**
 * Admin authentication, without side effects: the admin token compared in constant time,
 * or the user header of a trusted reverse proxy. The header is believed only when the
 * connection comes from one of `TRUSTED_PROXIES` (the configuration refuses the header
 * without them), so no client can name itself an admin.
 */
@Injectable()
export class AdminAuth {
  private readonly tokenDigest: Buffer | null;
  private readonly fromTrustedProxy: (address: string) => boolean;

  constructor(private readonly config: BoardConfig) {
    this.tokenDigest = config.adminToken ? digest(config.adminToken) : null;
    this.fromTrustedProxy = addressMatcher(config.trustedProxies);
  }

  /** Whether any admin access is configured at all. */
  get enabled(): boolean {
    return this.tokenDigest !== null || this.config.adminTrustedHeader !== null;
  }

  /** The identity a request proves, or `null`. */
  identify(request: FastifyRequest): AdminIdentity | null {
    const user = this.trustedUser(request);
    if (user) return { kind: 'user', user };
    const token = bearerToken(request);
    return token !== null && this.isAdminToken(token) ? { kind: 'token' } : null;
  }

  isAdminToken(token: string): boolean {
    return this.tokenDigest !== null && timingSafeEqual(digest(token), this.tokenDigest);
  }

  private trustedUser(request: FastifyRequest): string | null {
    const header = this.config.adminTrustedHeader;
    if (!header) return null;
    // The socket's peer, not `request.ip`: forwarded addresses are what a proxy claims.
    if (!this.fromTrustedProxy(request.socket.remoteAddress ?? '')) return null;
    const user = request.headers[header];
    if (typeof user !== 'string') return null;
    const name = user.trim();
    return this.config.adminUsers.includes(name) ? name : null;
  }
}

/** The token of `Authorization: Bearer <token>`, or `null`. */
export function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  return match ? match[1].trim() : null;
}
