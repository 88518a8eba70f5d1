import type { AlertRule } from '@shared/board/admin';
import type { AlertLanguage } from '@shared/board/alerts';
import type { AlertMessage } from '../store/alert-records';
import { alertWords, formatTime } from './alert-text';

/** A single firing alert of `rule` in `acme` with `details`. */
function single(rule: AlertRule, details: Record<string, unknown>): AlertMessage {
  return {
    rule,
    status: 'firing',
    severity: 'warning',
    org: 'acme',
    alert_ids: [`${rule}:acme`],
    subjects: [{ type: 'organization', id: 'acme', name: 'Acme', url: null }],
    more: 0,
    details,
    started_at: '2026-11-22T09:00:00.000Z',
    resolved_at: null,
    reminder: false,
    board_url: null,
  };
}

const issue = {
  npc: 'npc-builder',
  since: '2026-11-21T08:30:00.000Z',
  repo: 'acme/api',
  number: 7,
  title: 'Fix login',
};

describe('alertWords', () => {
  it.each<[AlertRule, Record<string, unknown>, AlertLanguage, string]>([
    ['credits_exhausted', { balance: 0 }, 'en', 'acme has no credits left (balance 0)'],
    ['credits_exhausted', { balance: 0 }, 'zh-CN', 'acme 的积分已用完（余额 0）'],
    [
      'credits_below_threshold',
      { balance: 12, threshold: 50 },
      'zh-CN',
      'acme 的积分余额为 12，低于告警阈值 50',
    ],
    [
      'runway_short',
      { balance: 30, runway_days: 2.5, alert_under_days: 7 },
      'en',
      'acme runs out of credits in about 2.5 days (alert under 7)',
    ],
    [
      'runway_short',
      { balance: 30, runway_days: 2.5, alert_under_days: 7 },
      'zh-CN',
      'acme 的积分预计约 2.5 天后用完（告警阈值 7 天）',
    ],
    ['snapshot_failing', { failed_runs: 3 }, 'zh-CN', '最近 3 次快照均未能读取 acme 的积分余额'],
    [
      'npc_stuck',
      issue,
      'en',
      'acme/api#7 "Fix login" is stuck: no NPC activity since 2026-11-21 08:30 UTC',
    ],
    [
      'pickup_overdue',
      issue,
      'zh-CN',
      'acme/api#7「Fix login」自 2026-11-21 08:30 UTC 起等待 npc-builder 接手',
    ],
    [
      'pickup_overdue',
      { ...issue, npc: null },
      'en',
      'acme/api#7 "Fix login" has waited for its NPC since 2026-11-21 08:30 UTC',
    ],
  ])('says %s in its own words (%j, %s)', (rule, details, language, summary) => {
    expect(alertWords(single(rule, details), language, 'UTC').summary).toBe(summary);
  });

  it('titles firing, reminded and resolved messages, and counts the unlisted subjects', () => {
    const firing = { ...single('npc_stuck', issue), more: 4, reminder: true };
    expect(alertWords(firing, 'en', 'UTC')).toMatchObject({
      title: '[FIRING (reminder)] NPC issue stuck · acme',
      more: 'and 4 more',
    });
    expect(alertWords(firing, 'zh-CN', 'UTC')).toMatchObject({
      title: '[告警（提醒）] NPC 议题停滞 · acme',
      more: '还有 4 项',
    });
    const resolved = {
      ...single('credits_exhausted', { balance: 0 }),
      status: 'resolved' as const,
    };
    expect(alertWords(resolved, 'zh-CN', 'UTC').summary).toBe(
      '已恢复：acme 的积分已用完（余额 0）',
    );
    expect(alertWords(resolved, 'zh-CN', 'UTC').footer('d-1')).toBe('级别 警告 · 投递 d-1');
  });

  it('names the organization as the pages do, and rounds credits as they do', () => {
    const named = {
      ...single('credits_below_threshold', { balance: 12.6, threshold: 1500 }),
      org_name: 'Acme Robotics',
    };
    expect(alertWords(named, 'en', 'UTC')).toMatchObject({
      title: '[FIRING] Credits below the threshold · Acme Robotics',
      summary: 'Acme Robotics has 13 credits, below the alert threshold of 1,500',
    });
    expect(alertWords(named, 'zh-CN', 'UTC').summary).toBe(
      'Acme Robotics 的积分余额为 13，低于告警阈值 1,500',
    );
    const small = { ...named, details: { balance: 3.256, threshold: 50 } };
    expect(alertWords(small, 'en', 'UTC').summary).toBe(
      'Acme Robotics has 3.26 credits, below the alert threshold of 50',
    );
  });

  it('names a test message after its channel', () => {
    const test = { ...single('npc_stuck', { channel: '值班群' }), rule: 'test' as const };
    expect(alertWords(test, 'zh-CN', 'UTC')).toMatchObject({
      title: '[测试] NPC 看板告警通道',
      summary: 'NPC 看板发往通道「值班群」的测试消息',
    });
  });
});

describe('formatTime', () => {
  it.each([
    ['2026-11-21T08:30:00.000Z', 'UTC', '2026-11-21 08:30 UTC'],
    ['2026-11-21T20:05:00.000Z', 'Asia/Shanghai', '2026-11-22 04:05 GMT+8'],
    ['2026-07-01T12:00:00.000Z', 'Europe/Berlin', '2026-07-01 14:00 GMT+2'],
    ['not a time', 'UTC', 'not a time'],
  ])('%s in %s is %s', (iso, zone, text) => {
    expect(formatTime(iso, zone)).toBe(text);
  });
});
