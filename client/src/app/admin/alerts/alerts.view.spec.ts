import type { AlertView } from '@shared/board/alerts';
import { orderAlerts, subjectLink } from './alerts.view';

const alert = (over: Partial<AlertView>): AlertView => ({
  id: 'x',
  rule: 'npc_stuck',
  severity: 'warning',
  status: 'firing',
  org: 'acme',
  subject: { type: 'organization', id: 'acme', name: 'acme', url: null },
  summary: '',
  started_at: '2026-11-22T10:00:00Z',
  resolved_at: null,
  last_sent_at: null,
  muted: false,
  ...over,
});

describe('alerts view', () => {
  it('links an organization to the credits page and an issue to its dialog on the task board', () => {
    expect(subjectLink({ type: 'organization', id: 'acme', name: 'acme', url: null })).toEqual({
      path: '/credits',
      query: { org: 'acme' },
    });
    expect(subjectLink({ type: 'issue', id: 'acme/api#12', name: '#12', url: null })).toEqual({
      path: '/tasks',
      query: { repo: 'acme/api', issue: 12 },
    });
  });

  it('orders firing before resolved, critical first', () => {
    const ordered = orderAlerts([
      alert({ id: 'resolved', status: 'resolved', severity: 'critical' }),
      alert({ id: 'info', severity: 'info' }),
      alert({ id: 'critical', severity: 'critical' }),
    ]);
    expect(ordered.map((a) => a.id)).toEqual(['critical', 'info', 'resolved']);
  });
});
