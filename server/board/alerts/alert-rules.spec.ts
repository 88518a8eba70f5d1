import type { AlertSubject } from '@shared/board/alerts';
import {
  evaluateAlerts,
  groupMessages,
  type AlertFinding,
  type EvaluationInput,
} from './alert-rules';
import type { AlertState } from '../store/alert-records';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const t0 = new Date('2026-11-22T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

const org = (slug: string): AlertSubject => ({
  type: 'organization',
  id: slug,
  name: slug,
  url: null,
});
const low = (slug: string): AlertFinding => ({
  rule: 'credits_below_threshold',
  org: slug,
  subject: org(slug),
  summary: `${slug} is low`,
  details: {},
});
const stuck = (slug: string, n: number): AlertFinding => ({
  rule: 'npc_stuck',
  org: slug,
  subject: { type: 'issue', id: `${slug}/api#${n}`, name: `#${n}`, url: null },
  summary: `#${n} is stuck`,
  details: {},
});

/** Run evaluations one after the other, each on the states the previous one left. */
class Evaluator {
  states = new Map<string, AlertState>();
  muted = new Set<string>();

  run(now: Date, findings: AlertFinding[], options: Partial<EvaluationInput> = {}) {
    const outcome = evaluateAlerts({
      now,
      findings,
      previous: [...this.states.values()],
      resolveAfterMs: 10 * MINUTE,
      repeatMs: 24 * HOUR,
      holdBack: (a) => this.muted.has(a.id),
      ...options,
    });
    for (const s of outcome.changed) this.states.set(s.id, s);
    return outcome;
  }
}

describe('evaluateAlerts', () => {
  it('fires once, stays quiet while firing, and reminds after the repeat interval', () => {
    const e = new Evaluator();
    const first = e.run(t0, [low('acme')]);
    expect(first.events.map((x) => [x.kind, x.alert.id])).toEqual([
      ['firing', 'credits_below_threshold:acme'],
    ]);
    expect(first.fired).toHaveLength(1);
    expect(first.fired[0]).toMatchObject({
      status: 'firing',
      severity: 'warning',
      last_sent_at: t0.toISOString(),
    });
    expect(e.run(at(5 * MINUTE), [low('acme')]).events).toEqual([]);
    expect(e.run(at(24 * HOUR - 1), [low('acme')]).events).toEqual([]);
    expect(e.run(at(24 * HOUR), [low('acme')]).events.map((x) => x.kind)).toEqual(['reminder']);
  });

  it('resolves only after the condition stayed false for the resolve delay', () => {
    const e = new Evaluator();
    e.run(t0, [low('acme')]);
    expect(e.run(at(MINUTE), []).events).toEqual([]);
    expect(e.run(at(10 * MINUTE - 1), []).resolved).toEqual([]);
    const done = e.run(at(10 * MINUTE), []);
    expect(done.events.map((x) => x.kind)).toEqual(['resolved']);
    expect(done.resolved[0]).toMatchObject({
      status: 'resolved',
      resolved_at: at(10 * MINUTE).toISOString(),
    });
    expect(e.run(at(11 * MINUTE), []).events).toEqual([]);
  });

  it('sends nothing when the condition comes back within the resolve delay', () => {
    const e = new Evaluator();
    e.run(t0, [low('acme')]);
    e.run(at(MINUTE), []);
    expect(e.run(at(5 * MINUTE), [low('acme')]).events).toEqual([]);
    // The clock restarts from the last time the condition was true.
    expect(e.run(at(14 * MINUTE), []).events).toEqual([]);
    expect(e.run(at(15 * MINUTE), []).events.map((x) => x.kind)).toEqual(['resolved']);
  });

  it('fires again as a new alert after it resolved', () => {
    const e = new Evaluator();
    e.run(t0, [low('acme')]);
    e.run(at(10 * MINUTE), []);
    const again = e.run(at(HOUR), [low('acme')]);
    expect(again.events.map((x) => x.kind)).toEqual(['firing']);
    expect(again.fired[0]).toMatchObject({ started_at: at(HOUR).toISOString(), resolved_at: null });
  });

  it('keeps a muted alert firing without a message, and announces it when the silence ends', () => {
    const e = new Evaluator();
    e.muted.add('credits_below_threshold:acme');
    const muted = e.run(t0, [low('acme')]);
    expect(muted.fired).toHaveLength(1);
    expect(muted.events).toEqual([]);
    expect(muted.fired[0].last_sent_at).toBeNull();
    e.muted.clear();
    expect(e.run(at(MINUTE), [low('acme')]).events.map((x) => x.kind)).toEqual(['firing']);
  });

  it('resolves a never-announced alert silently', () => {
    const e = new Evaluator();
    e.muted.add('credits_below_threshold:acme');
    e.run(t0, [low('acme')]);
    const done = e.run(at(10 * MINUTE), []);
    expect(done.resolved).toHaveLength(1);
    expect(done.events).toEqual([]);
  });
});

describe('groupMessages', () => {
  const all = { id: 'all', enabled: true, rules: [], orgs: [] };

  it('makes one message per organization and rule, listing 20 subjects and counting the rest', () => {
    const e = new Evaluator();
    const findings = [
      ...Array.from({ length: 30 }, (_, i) => stuck('acme', i + 1)),
      stuck('globex', 1),
      low('acme'),
    ];
    const { events } = e.run(t0, findings);
    const messages = groupMessages(events, [all], 'https://board.example.com');
    expect(messages).toHaveLength(3);
    const acme = messages.find((m) => m.message.rule === 'npc_stuck' && m.message.org === 'acme')!;
    expect(acme.message.subjects).toHaveLength(20);
    expect(acme.message.more).toBe(10);
    expect(acme.message.alert_ids).toHaveLength(30);
    expect(acme.message.board_url).toBe('https://board.example.com');
    const globex = messages.find((m) => m.message.org === 'globex')!;
    expect(globex.message).toMatchObject({
      alert_ids: ['npc_stuck:globex/api#1'],
      more: 0,
      subjects: [stuck('globex', 1).subject],
    });
  });

  it('honours the channel filters and skips disabled channels', () => {
    const { events } = new Evaluator().run(t0, [low('acme'), low('globex'), stuck('acme', 1)]);
    const channels = [
      { id: 'credits', enabled: true, rules: ['credits_below_threshold'], orgs: [] },
      { id: 'globex', enabled: true, rules: [], orgs: ['globex'] },
      { id: 'off', enabled: false, rules: [], orgs: [] },
    ];
    const messages = groupMessages(events, channels, null);
    expect(messages.map((m) => [m.channel_id, m.message.org, m.message.rule])).toEqual([
      ['credits', 'acme', 'credits_below_threshold'],
      ['credits', 'globex', 'credits_below_threshold'],
      ['globex', 'globex', 'credits_below_threshold'],
    ]);
  });
});
