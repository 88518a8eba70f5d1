import type { AdminSettings } from '@shared/board/admin';
import type { DispatchFinding } from '@shared/board/dispatch';
import type { Issue } from '@shared/board/entities';
import type { NpcRun } from '@shared/board/runs';
import {
  creditFindings,
  dormantFinding,
  duplicateFinding,
  runningFinding,
  stuckFinding,
  wipFinding,
} from './preflight-findings';

const SETTINGS = {
  credit_alert_threshold: 50,
  runway_alert_days: 7,
  wip_soft_limit: 2,
  wip_hard_limit: 4,
  wip_limits: {},
} as unknown as AdminSettings;

/** An open issue of acme/web, as far as the findings read one. */
const issue = (number: number, title: string, stuck = false): Issue =>
  ({
    number,
    title,
    state: 'open',
    repository: { full_name: 'acme/web' },
    attention: stuck ? { reason: 'stuck' } : null,
  }) as unknown as Issue;

const work = (n: number): Issue[] => Array.from({ length: n }, (_, i) => issue(i + 1, `Task ${i}`));

/** The finding's message and params, the part a client words it from. */
const said = (findings: DispatchFinding[]) =>
  findings.map(({ severity, message, params }) => ({ severity, message, params }));

describe('preflight findings', () => {
  it('gives the WIP finding the NPC, its count and both limits', () => {
    expect(said(wipFinding('npc-a', work(4), SETTINGS))).toEqual([
      {
        severity: 'block',
        message: 'npc-a already holds 4 open tasks; its limit is 4',
        params: { npc: 'npc-a', count: 4, limit: 4, soft: 2, hard: 4 },
      },
    ]);
    const noHard = { ...SETTINGS, wip_hard_limit: null };
    expect(said(wipFinding('npc-a', work(2), noHard))).toEqual([
      {
        severity: 'warn',
        message: 'npc-a already holds 2 open tasks (its soft limit is 2)',
        params: { npc: 'npc-a', count: 2, limit: 2, soft: 2 },
      },
    ]);
    expect(wipFinding('npc-a', work(1), SETTINGS)).toEqual([]);
  });

  it('gives a possible duplicate the most similar issue and how many more there are', () => {
    const open = [issue(7, 'Add dark mode to settings'), issue(9, 'Add dark mode to the settings')];
    expect(said(duplicateFinding('add dark mode to settings', 'acme/web', open))).toEqual([
      {
        severity: 'warn',
        message: 'An open issue has a similar title: #7 "Add dark mode to settings" and 1 more',
        params: {
          repo: 'acme/web',
          number: 7,
          title: 'Add dark mode to settings',
          count: 2,
          more: 1,
        },
      },
    ]);
  });

  it('gives the credit findings the organization, its balance, the runway and the threshold', () => {
    expect(said(creditFindings({ org: 'acme', balance: 0, perDay: 10 }, SETTINGS))).toEqual([
      {
        severity: 'block',
        message: 'acme has no credits left (balance 0): its NPCs cannot work',
        params: { org: 'acme', balance: 0 },
      },
    ]);
    expect(said(creditFindings({ org: 'acme', balance: 30, perDay: 10 }, SETTINGS))).toEqual([
      {
        severity: 'warn',
        message: "acme's credits last about 3 days at the current rate (the alert line is 7 days)",
        params: { org: 'acme', balance: 30, days: 3, alert_days: 7 },
      },
      {
        severity: 'warn',
        message: "acme's balance (30) is below the alert threshold (50)",
        params: { org: 'acme', balance: 30, threshold: 50 },
      },
    ]);
    expect(
      said(creditFindings({ org: 'acme', balance: 60, perDay: 100 }, SETTINGS))[0].params,
    ).toEqual({ org: 'acme', balance: 60, days: 0, alert_days: 7 });
  });

  it('gives a dormant repository its name, organization, span and last human commit', () => {
    expect(said([dormantFinding('acme/web', '2026-09-30T12:00:00Z')])).toEqual([
      {
        severity: 'warn',
        message: 'No person has committed to acme/web for 30 days (last on 2026-09-30)',
        params: { repo: 'acme/web', org: 'acme', dormant_days: 30, since: '2026-09-30' },
      },
    ]);
    expect(dormantFinding('acme/web', 'none').params).toEqual({
      repo: 'acme/web',
      org: 'acme',
      dormant_days: 30,
    });
  });

  it('gives the stuck finding the NPC and how many of its tasks are stuck', () => {
    const held = [issue(1, 'A', true), issue(2, 'B'), issue(3, 'C', true)];
    expect(said(stuckFinding('npc-a', held))).toEqual([
      {
        severity: 'warn',
        message: 'npc-a has 2 stuck tasks',
        params: { npc: 'npc-a', count: 2 },
      },
    ]);
  });

  it('names the runs the NPC has going on the repository, newest first, and links their tasks', () => {
    const run = (sn: string, issue_number: number | null): NpcRun =>
      ({
        sn,
        repo: 'acme/web',
        issue_number,
        started_at: `2026-11-30T0${sn}:00:00.000Z`,
      }) as NpcRun;
    expect(runningFinding('npc-a', 'acme/web', [], work(2))).toEqual([]);
    const [finding] = runningFinding('npc-a', 'acme/web', [run('2', 2), run('1', null)], work(3));
    expect(finding).toMatchObject({
      severity: 'warn',
      message: 'npc-a already has 2 runs going on acme/web',
      params: {
        npc: 'npc-a',
        repo: 'acme/web',
        count: 2,
        sn: '2',
        started_at: '2026-11-30T02:00:00.000Z',
      },
    });
    expect(finding.links).toEqual([
      { label: 'acme/web#2 Task 1', url: '/tasks?repo=acme%2Fweb&issue=2' },
    ]);
    expect(runningFinding('npc-a', 'acme/web', [run('1', 1)], [])[0].message).toBe(
      'npc-a already has a run going on acme/web',
    );
  });
});
