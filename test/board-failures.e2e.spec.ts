import type { Organization } from '@shared/board/entities';
import { UsersRepository } from '../server/forge/users/users.repository';
import { startBoard, RunningBoard } from './board-harness';
import { HarnessForge, startForge } from './forge-harness';

const TTL = 300_000;
const ADMIN_TOKEN = 'failures-admin-token-0123456789';

/**
 * The board's token stops working on the platform (revoked, expired): the platform
 * answers 401 errcode 16. Readers keep their last good data; nobody is told they are
 * unauthorized, and the admin keeps the session.
 */
describe('board when the platform refuses its token', () => {
  let forge: HarnessForge;
  let board: RunningBoard;

  beforeAll(async () => {
    forge = await startForge();
    forge.createUser('board-bot');
    const token = forge.createToken('board-bot');
    const groups = await (
      await fetch(`${forge.baseUrl}/user/groups`, {
        headers: { authorization: `Bearer ${forge.adminToken}` },
      })
    ).json();
    for (const group of groups as { path: string }[]) {
      forge.setRole(group.path, 'board-bot', 'Owner');
    }
    board = await startBoard(
      { baseUrl: forge.baseUrl, token },
      { env: { ADMIN_TOKEN, ANON_MISSES_PER_MINUTE: '0' } },
    );
  }, 120_000);

  afterAll(async () => {
    await board?.stop();
    await forge?.stop();
  }, 30_000);

  function revokeBoardToken(): void {
    const users = forge.app.get(UsersRepository);
    users.deleteTokensNamed(users.byUsername('board-bot')!.id, 'harness');
  }

  it('serves stale reads, answers 502 without data, keeps the admin signed in, reports it on /readyz', async () => {
    const warm = await fetch(`${board.url}/api/orgs`);
    expect(warm.status).toBe(200);
    const orgs = (await warm.json()) as Organization[];
    expect((await fetch(`${board.url}/readyz`)).status).toBe(200);

    revokeBoardToken();
    board.clock.advance(TTL + 1000);

    const stale = await fetch(`${board.url}/api/orgs`);
    expect(stale.status).toBe(200);
    expect(stale.headers.get('x-cache')).toBe('STALE');
    expect(stale.headers.get('x-stale-reason')).toBe('platform');
    expect(stale.headers.get('x-budget-until')).toBeNull();
    expect(await stale.json()).toEqual(orgs);

    // Never fetched before: nothing to fall back on.
    const cold = await fetch(`${board.url}/api/issues?state=closed`);
    expect(cold.status).toBe(502);
    const coldBody = (await cold.json()) as { message: string };
    expect(coldBody.message).toMatch(/platform refused the board's token.*PLATFORM_TOKEN/);

    // An admin route says what is wrong with the platform, not that the admin is.
    const overview = await fetch(`${board.url}/api/admin/overview`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(overview.status).toBe(502);
    expect(((await overview.json()) as { message: string }).message).toContain('PLATFORM_TOKEN');

    const ready = await fetch(`${board.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({
      status: 'not ready',
      checks: { platform: { ok: false, auth: 'refused' } },
    });
  });
});
