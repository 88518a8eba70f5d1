import type { DispatchHistoryItem } from '@shared/board/dispatch';

import { toCsv } from '../../ui/csv';
import {
  DISPATCH_CSV_COLUMNS,
  columnText,
  durationText,
  kindText,
  noteText,
  parseDispatchesState,
} from './dispatches.view';

const item: DispatchHistoryItem = {
  id: 'd1',
  kind: 'dispatch',
  dispatched_at: '2026-11-22T10:00:00.000Z',
  actor: 'alice',
  repo: 'acme/web',
  number: 12,
  title: 'Fix, the "login" page',
  npc: 'npc-builder',
  previous_npc: null,
  work_mode: true,
  findings: [{ code: 'wip_limit', severity: 'block', message: 'm', params: {}, links: [] }],
  override: true,
  override_reason: 'release blocker',
  reason: null,
  column: 'in_progress',
  web_url: 'https://forge.example/acme/web/-/issues/12',
  pickup_latency_s: 720,
  cycle_time_s: null,
};

describe('dispatch history view', () => {
  it('reads slug filters from the URL and drops anything else', () => {
    expect(parseDispatchesState({ npc: 'npc-builder', org: 'acme' })).toEqual({
      npc: 'npc-builder',
      org: 'acme',
    });
    expect(parseDispatchesState({ npc: '../x', org: ['a', 'b'] })).toEqual({
      npc: null,
      org: null,
    });
  });

  it('words the column, the kind, the durations and the note', () => {
    expect(columnText(item)).toBe('In progress');
    expect(columnText({ column: null })).toBe('Not found');
    expect(kindText(item)).toBe('Dispatch');
    expect(kindText({ kind: 'redispatch', previous_npc: 'npc-tester' })).toBe(
      'Re-dispatch from npc-tester',
    );
    expect(
      kindText({
        kind: 'stop',
        previous_npc: null,
        run: { sn: 'cnb-1', core_hours: 1.25, message: 'Build stopped', log_url: '' },
      }),
    ).toBe('Run cnb-1 stopped (1.25 core-h)');
    expect(durationText(720)).toBe('12m');
    expect(durationText(null)).toBe('–');
    expect(noteText(item)).toBe('Override: release blocker');
    expect(noteText({ override: false, override_reason: null, reason: 'stuck' })).toBe('stuck');
  });

  it('exports every dispatch with its findings, quoting what needs it', () => {
    const lines = toCsv([item], DISPATCH_CSV_COLUMNS).replace('\uFEFF', '').split('\r\n');
    expect(lines[0].split(',')).toHaveLength(DISPATCH_CSV_COLUMNS.length);
    expect(lines[1]).toBe(
      '2026-11-22T10:00:00.000Z,alice,dispatch,acme/web,12,"Fix, the ""login"" page",npc-builder,,true,in_progress,720,,wip_limit:block,true,release blocker,,,',
    );
  });
});
