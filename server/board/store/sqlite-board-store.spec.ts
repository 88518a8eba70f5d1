import Database from 'better-sqlite3';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PAGE_CACHE_KIB, SqliteBoardStore } from './sqlite-board-store';

describe('SqliteBoardStore', () => {
  let dir: string;
  let store: SqliteBoardStore;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'board-store-'));
    store = new SqliteBoardStore(path.join(dir, 'board.sqlite'));
  });

  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("holds at most PAGE_CACHE_KIB of pages, not better-sqlite3's 16 MiB", () => {
    const db = store['db'];
    expect(db.pragma('cache_size', { simple: true })).toBe(-PAGE_CACHE_KIB);
    const plain = new Database(':memory:');
    expect(plain.pragma('cache_size', { simple: true })).toBe(-16_000);
    plain.close();
  });

  it('keeps one snapshot per organization and hour, the latest written', async () => {
    await store.upsertSnapshot({
      org_slug: 'acme',
      balance: 100,
      recorded_at: '2026-11-22T10:00:00Z',
    });
    await store.upsertSnapshot({
      org_slug: 'acme',
      balance: 90,
      recorded_at: '2026-11-22T10:59:00Z',
    });
    await store.upsertSnapshot({
      org_slug: 'acme',
      balance: 80,
      recorded_at: '2026-11-22T11:00:00Z',
    });
    await store.upsertSnapshot({
      org_slug: 'globex',
      balance: 5,
      recorded_at: '2026-11-22T10:30:00Z',
    });

    const all = await store.listSnapshots(['acme', 'globex'], new Date('2026-11-01T00:00:00Z'));
    expect(all).toEqual([
      { org_slug: 'globex', balance: 5, recorded_at: '2026-11-22T10:30:00.000Z' },
      { org_slug: 'acme', balance: 90, recorded_at: '2026-11-22T10:59:00.000Z' },
      { org_slug: 'acme', balance: 80, recorded_at: '2026-11-22T11:00:00.000Z' },
    ]);
    expect(await store.latestSnapshots(['acme', 'globex', 'initech'])).toEqual([
      { org_slug: 'acme', balance: 80, recorded_at: '2026-11-22T11:00:00.000Z' },
      { org_slug: 'globex', balance: 5, recorded_at: '2026-11-22T10:30:00.000Z' },
    ]);
    expect(await store.orgsWithHistory(['acme', 'initech'])).toEqual(new Set(['acme']));
  });

  it('lists from a time on, for the asked organizations only', async () => {
    await store.upsertSnapshots([
      { org_slug: 'acme', balance: 3, recorded_at: '2026-11-20T09:00:00Z' },
      { org_slug: 'acme', balance: 2, recorded_at: '2026-11-21T09:00:00Z' },
      { org_slug: 'globex', balance: 1, recorded_at: '2026-11-21T09:00:00Z' },
    ]);
    const since = await store.listSnapshots(['acme'], new Date('2026-11-20T09:00:01Z'));
    expect(since.map((s) => s.balance)).toEqual([2]);
  });

  it('prunes old snapshots and survives a reopen with its settings', async () => {
    await store.upsertSnapshots([
      { org_slug: 'acme', balance: 3, recorded_at: '2025-01-01T00:00:00Z' },
      { org_slug: 'acme', balance: 2, recorded_at: '2026-11-21T09:00:00Z' },
    ]);
    expect(await store.pruneSnapshots(new Date('2025-10-18T00:00:00Z'))).toBe(1);
    await store.setSetting('credit_alert_threshold', 75);
    await store.close();

    store = new SqliteBoardStore(path.join(dir, 'board.sqlite'));
    expect(await store.getSetting<number>('credit_alert_threshold')).toBe(75);
    expect(await store.getSetting('missing')).toBeUndefined();
    expect(await store.listSnapshots(['acme'], new Date(0))).toHaveLength(1);
    expect(await store.isWritable()).toBe(true);
  });

  it('lists dispatches newest first, filtered by NPC and organization, up to the limit', async () => {
    const record = (id: string, at: string, repo: string, npc: string) =>
      store.recordDispatch({
        id,
        kind: 'dispatch',
        dispatched_at: at,
        actor: 'token',
        repo,
        number: 1,
        title: id,
        npc,
        previous_npc: null,
        work_mode: true,
        findings: [
          { code: 'wip_limit', severity: 'warn', message: 'm', params: { count: 3 }, links: [] },
        ],
        override: false,
        override_reason: null,
        reason: null,
      });
    await record('a', '2026-11-22T10:00:00Z', 'acme/web', 'npc-builder');
    await record('b', '2026-11-22T12:00:00Z', 'globex/api', 'npc-builder');
    await record('c', '2026-11-22T11:00:00Z', 'acme/api', 'npc-tester');

    const ids = async (filter: { limit: number; npc?: string; org?: string }) =>
      (await store.listDispatches(filter)).map((d) => d.id);
    expect(await ids({ limit: 50 })).toEqual(['b', 'c', 'a']);
    expect(await ids({ limit: 2 })).toEqual(['b', 'c']);
    expect(await ids({ limit: 50, npc: 'npc-builder' })).toEqual(['b', 'a']);
    expect(await ids({ limit: 50, org: 'acme' })).toEqual(['c', 'a']);
    expect(await ids({ limit: 50, org: 'acme', npc: 'npc-tester' })).toEqual(['c']);
    const [latest] = await store.listDispatches({ limit: 1 });
    expect(latest.findings).toEqual([
      { code: 'wip_limit', severity: 'warn', message: 'm', params: { count: 3 }, links: [] },
    ]);
  });

  it('keeps alerts and the outbox across a reopen, and lists only due deliveries', async () => {
    const alert = {
      id: 'credits_below_threshold:acme',
      rule: 'credits_below_threshold' as const,
      org: 'acme',
      severity: 'warning' as const,
      status: 'firing' as const,
      subject: { type: 'organization' as const, id: 'acme', name: 'acme', url: null },
      summary: 'acme is low',
      details: {},
      started_at: '2026-11-22T10:00:00.000Z',
      resolved_at: null,
      last_true_at: '2026-11-22T10:00:00.000Z',
      last_sent_at: '2026-11-22T10:00:00.000Z',
    };
    const delivery = (id: string, due: string | null) => ({
      id,
      channel_id: 'c1',
      alert_id: alert.id,
      message: {} as never,
      status: due ? ('queued' as const) : ('sent' as const),
      attempts: 0,
      last_error: null,
      created_at: '2026-11-22T10:00:00.000Z',
      next_attempt_at: due,
      sent_at: null,
    });
    await store.commitAlerts(
      [alert],
      [
        delivery('now', '2026-11-22T10:00:00.000Z'),
        delivery('later', '2026-11-22T11:00:00.000Z'),
        delivery('done', null),
      ],
    );
    await store.close();
    store = new SqliteBoardStore(path.join(dir, 'board.sqlite'));
    expect(await store.listAlerts()).toEqual([alert]);
    const due = await store.dueDeliveries(new Date('2026-11-22T10:30:00Z'), 10);
    expect(due.map((d) => d.id)).toEqual(['now']);
    await store.saveDelivery({ ...due[0], status: 'sent', next_attempt_at: null });
    expect(await store.dueDeliveries(new Date('2026-11-22T12:00:00Z'), 10)).toHaveLength(1);
    expect((await store.listDeliveries(2)).length).toBe(2);
    await store.commitAlerts(
      [{ ...alert, status: 'resolved', resolved_at: '2026-11-22T10:20:00.000Z' }],
      [],
    );
    expect(await store.pruneAlerts(new Date('2026-11-22T10:10:00Z'))).toBe(0);
    expect(await store.pruneAlerts(new Date('2026-11-22T10:30:00Z'))).toBe(1);
  });
});
