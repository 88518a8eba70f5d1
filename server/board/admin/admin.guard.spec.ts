import type { ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ManualClock } from '../../common/clock';
import { ForbiddenError, RateLimitedError, UnauthorizedError } from '../../common/errors';
import { loadBoardConfig } from '../config/board-config';
import { MemoryWindowCounter } from '../limits/window-counter';
import { AdminAuth } from './admin-auth';
import { AdminGuard, FAILURE_WINDOW_MS, MAX_FAILURES, SignInFailures } from './admin.guard';

const TOKEN = 'guard-spec-admin-token-0123456789';

function context(request: Partial<FastifyRequest>): ExecutionContext {
  const full = {
    ip: '203.0.113.9',
    headers: {},
    socket: { remoteAddress: '203.0.113.9' },
    ...request,
  };
  return { switchToHttp: () => ({ getRequest: () => full }) } as unknown as ExecutionContext;
}

function bearer(token: string, ip = '203.0.113.9'): ExecutionContext {
  return context({ ip, headers: { authorization: `Bearer ${token}` } });
}

describe('AdminGuard', () => {
  let clock: ManualClock;
  const guard = (env: Record<string, string>): AdminGuard =>
    new AdminGuard(
      new AdminAuth(loadBoardConfig(env)),
      new SignInFailures(new MemoryWindowCounter(), clock),
    );

  beforeEach(() => {
    clock = new ManualClock('2026-11-22T10:00:00Z');
  });

  it('is disabled, not open, without a token or trusted header', async () => {
    await expect(
      guard({ PLATFORM_BASE_URL: 'https://p.example', PLATFORM_TOKEN: 'x' }).canActivate(
        bearer(TOKEN),
      ),
    ).rejects.toThrow(ForbiddenError);
  });

  it('lets the correct token through even after a stranger spent the allowance', async () => {
    const g = guard({ ADMIN_TOKEN: TOKEN });
    for (let i = 0; i < MAX_FAILURES; i++) {
      await expect(g.canActivate(bearer('wrong-token-abcdef'))).rejects.toThrow(UnauthorizedError);
    }
    await expect(g.canActivate(bearer('wrong-token-abcdef'))).rejects.toThrow(RateLimitedError);
    expect(await g.canActivate(bearer(TOKEN))).toBe(true);
    // Another prefix from the same address, and the same prefix elsewhere, count apart.
    await expect(g.canActivate(bearer('other-guess-abcdef'))).rejects.toThrow(UnauthorizedError);
    await expect(g.canActivate(bearer('wrong-token-abcdef', '198.51.100.1'))).rejects.toThrow(
      UnauthorizedError,
    );
    clock.advance(FAILURE_WINDOW_MS + 1);
    await expect(g.canActivate(bearer('wrong-token-abcdef'))).rejects.toThrow(UnauthorizedError);
  });

  it('believes the user header only from a trusted proxy range', async () => {
    const g = guard({
      ADMIN_TRUSTED_HEADER: 'X-Remote-User',
      ADMIN_USERS: 'alice',
      TRUSTED_PROXIES: '10.1.0.0/16',
    });
    const as = (peer: string, user: string) =>
      context({ headers: { 'x-remote-user': user }, socket: { remoteAddress: peer } as never });
    expect(await g.canActivate(as('10.1.2.3', 'alice'))).toBe(true);
    expect(await g.canActivate(as('::ffff:10.1.2.3', 'alice'))).toBe(true);
    await expect(g.canActivate(as('10.2.0.1', 'alice'))).rejects.toThrow(UnauthorizedError);
    await expect(g.canActivate(as('10.1.2.3', 'mallory'))).rejects.toThrow(UnauthorizedError);
  });
});
