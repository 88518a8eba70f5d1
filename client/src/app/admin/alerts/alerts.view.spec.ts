import type { AlertView, SilenceView } from '@shared/board/alerts';
import {
  alertIdText,
  alertSummary,
  muteRequest,
  orderAlerts,
  ruleList,
  silenceScope,
  subjectLink,
} from './alerts.view';

const alert = (over: Partial<AlertView>): AlertView => ({
  id: 'x',
  rule: 'npc_stuck',
  severity: 'warning',
  status: 'firing',
  org: 'acme',
  subject: { type: 'organization', id: 'acme', name: 'acme', url: null },
  summary: '',
  params: {},
  started_at: '2026-11-22T10:00:00Z',
  resolved_at: null,
  last_sent_at: null,
  muted: false,
  ...over,
});

describe('alerts view', () => {
  it("lists a channel's rules by the names the form gives them", () => {
    expect(ruleList(['credits_below_threshold', 'npc_stuck'], 'every rule')).toBe(
      'Credits below the threshold, NPC issue stuck',
    );
    expect(ruleList([], 'every rule')).toBe('every rule');
  });

  it("names a delivery's alert by its rule and subject", () => {
    const listed = alert({
      id: 'credits_below_threshold:acme',
      rule: 'credits_below_threshold',
      subject: { type: 'organization', id: 'acme', name: 'Acme Robotics', url: null },
    });
    expect(alertIdText('credits_below_threshold:acme', [listed])).toBe(
      'Credits below the threshold: Acme Robotics',
    );
    expect(alertIdText('npc_stuck:acme/api#7', [])).toBe('NPC issue stuck: acme/api#7');
  });

  it('names the organization of an alert as the pages do', () => {
    const low = alert({
      rule: 'credits_below_threshold',
      params: { balance: 12.6, threshold: 50, org_name: 'Acme Robotics' },
    });
    expect(alertSummary(low)).toBe('Acme Robotics has 13 credits, below the alert threshold of 50');
  });

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

  it('mutes one alert, or its rule in its organization, for the chosen hours from now', () => {
    const stuck = alert({ id: 'npc_stuck:acme/api#7', org: 'acme' });
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(muteRequest(stuck, 'alert', 4, '  on it  ', now)).toEqual({
      rule: 'npc_stuck',
      org: 'acme',
      alert_id: 'npc_stuck:acme/api#7',
      until: '2026-11-22T14:00:00.000Z',
      note: 'on it',
    });
    expect(muteRequest(stuck, 'rule', 24 * 7, 'release week', now)).toEqual({
      rule: 'npc_stuck',
      org: 'acme',
      until: '2026-11-29T10:00:00.000Z',
      note: 'release week',
    });
  });

  it('says what a silence mutes', () => {
    const silence = (over: Partial<SilenceView>): SilenceView => ({
      id: 's',
      rule: 'npc_stuck',
      org: 'acme',
      alert_id: null,
      until: '2026-11-22T14:00:00Z',
      note: 'n',
      created_at: '2026-11-22T10:00:00Z',
      ...over,
    });
    expect(silenceScope(silence({ alert_id: 'npc_stuck:acme/api#7' }))).toBe(
      'NPC issue stuck: acme/api#7',
    );
    expect(silenceScope(silence({}))).toBe('NPC issue stuck: every alert in acme');
    expect(silenceScope(silence({ org: null }))).toBe(
      'NPC issue stuck: every alert, in every organization',
    );
  });

  it("writes an alert's summary from its rule and facts, or keeps the server's", () => {
    expect(
      alertSummary(
        alert({
          rule: 'runway_short',
          org: 'helix-data',
          params: { runway_days: 0.9, alert_under_days: 7 },
        }),
      ),
    ).toBe('helix-data runs out of credits in about 0.9 days (alert under 7)');
    expect(
      alertSummary(
        alert({ rule: 'credits_below_threshold', params: { balance: 37, threshold: 50 } }),
      ),
    ).toBe('acme has 37 credits, below the alert threshold of 50');
    expect(
      alertSummary(
        alert({
          rule: 'pickup_overdue',
          params: {
            repo: 'acme/api',
            number: 4,
            title: 'Fix login',
            npc: 'npc-builder',
            since: '2026-11-22T10:00:00Z',
          },
        }),
      ),
    ).toMatch(/^acme\/api#4 "Fix login" has waited for npc-builder since 2026-11-22 \d\d:00/);
    expect(
      alertSummary(alert({ rule: 'snapshot_failing', summary: 'as stored', params: {} })),
    ).toBe('as stored');
  });
});
