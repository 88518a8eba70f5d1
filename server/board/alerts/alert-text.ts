import type { AlertRule } from '@shared/board/admin';
import type { AlertLanguage, AlertSeverity } from '@shared/board/alerts';
import { creditDecimals } from '@shared/board/credits';
import { PRODUCT_NAMES } from '@shared/board/languages';
import type { AlertMessage } from '../store/alert-records';

/**
 * The words of an alert message in a channel's language (docs/rules.md#alerts):
 * its title, summary, "and N more" line and footer labels, made from the message's rule,
 * organization, subjects and details, so every language says the same facts. Times are
 * shown in the board's time zone (`BOARD_TIME_ZONE`).
 */
export interface AlertWords {
  title: string;
  summary: string;
  /** "and 3 more", or null when every subject is listed. */
  more: string | null;
  /** "severity warning · delivery <id>". */
  footer: (deliveryId: string) => string;
  /** The product's name, as the link to the board reads. */
  product: string;
}

interface Language {
  product: string;
  /** Number formats' locale (`Intl`). */
  locale: string;
  rule: Record<AlertRule, string>;
  severity: Record<AlertSeverity, string>;
  firing: string;
  resolved: string;
  reminder: string;
  testTitle: string;
  test: (channel: string) => string;
  resolvedSummary: (summary: string) => string;
  group: (rule: AlertRule, count: number, org: string, resolved: boolean) => string;
  single: Record<AlertRule, (f: Facts) => string>;
  more: (count: number) => string;
  footer: (severity: string, deliveryId: string) => string;
}

/** What a single alert's summary is made of. */
interface Facts {
  org: string;
  /** `<org>/<repo>#<n>` of an issue alert. */
  id: string;
  title: string;
  npc: string | null;
  since: string;
  balance: string;
  threshold: string;
  days: string;
  underDays: string;
  runs: string;
  /** A run alert's run, and how long it had run when found (whole minutes). */
  sn: string;
  minutes: string;
}

// The rules are named as the admin pages name them (admin/alerts/alerts.view.ts).
const EN: Language = {
  product: PRODUCT_NAMES.en,
  locale: 'en',
  rule: {
    credits_below_threshold: 'Credits below the threshold',
    runway_short: 'Short runway',
    credits_exhausted: 'Credits exhausted',
    snapshot_failing: 'Balance unreadable',
    npc_stuck: 'NPC issue stuck',
    pickup_overdue: 'Pickup overdue',
    run_runaway: 'Runaway NPC run',
    task_failing: 'NPC task failing',
  },
  severity: { critical: 'critical', warning: 'warning', info: 'info' },
  firing: 'FIRING',
  resolved: 'RESOLVED',
  reminder: ' (reminder)',
  testTitle: '[TEST] NPC Board alert channel',
  test: (channel) => `Test message from NPC Board to the channel "${channel}"`,
  resolvedSummary: (summary) => `Resolved: ${summary}`,
  group: (rule, count, org, resolved) => {
    const noun: Record<AlertRule, string> = {
      credits_below_threshold: 'organizations below the credit threshold',
      runway_short: 'organizations with a short runway',
      credits_exhausted: 'organizations out of credits',
      snapshot_failing: 'organizations whose balance cannot be read',
      npc_stuck: 'NPC issues stuck',
      pickup_overdue: 'NPC issues waiting past the pickup SLO',
      run_runaway: 'NPC runs running too long',
      task_failing: 'NPC tasks whose runs keep failing',
    };
    return `${count} ${noun[rule]} in ${org}${resolved ? ': resolved' : ''}`;
  },
  single: {
    credits_exhausted: (f) => `${f.org} has no credits left (balance ${f.balance})`,
    credits_below_threshold: (f) =>
      `${f.org} has ${f.balance} credits, below the alert threshold of ${f.threshold}`,
    runway_short: (f) =>
      `${f.org} runs out of credits in about ${f.days} days (alert under ${f.underDays})`,
    snapshot_failing: (f) =>
      `${f.org}'s balance could not be read in the last ${f.runs} snapshot runs`,
    npc_stuck: (f) => `${f.id} "${f.title}" is stuck: no NPC activity since ${f.since}`,
    pickup_overdue: (f) =>
      `${f.id} "${f.title}" has waited for ${f.npc ?? 'its NPC'} since ${f.since}`,
    run_runaway: (f) =>
      `${f.id} "${f.title}": run ${f.sn} of ${f.npc ?? 'its NPC'} has run ${f.minutes} minutes, since ${f.since}`,
    task_failing: (f) => `${f.id} "${f.title}": the last ${f.runs} NPC runs failed`,
  },
  more: (count) => `and ${count} more`,
  footer: (severity, id) => `severity ${severity} · delivery ${id}`,
};

/** Simplified Chinese, in the platform's own terms: 组织, 仓库, 议题, 积分. */
const ZH_CN: Language = {
  product: PRODUCT_NAMES['zh-CN'],
  locale: 'zh-CN',
  rule: {
    credits_below_threshold: '积分低于阈值',
    runway_short: '可用时长不足',
    credits_exhausted: '积分已用完',
    snapshot_failing: '余额无法读取',
    npc_stuck: 'NPC 议题停滞',
    pickup_overdue: '接手超时',
    run_runaway: 'NPC 运行超时',
    task_failing: 'NPC 任务连续失败',
  },
  severity: { critical: '严重', warning: '警告', info: '提示' },
  firing: '告警',
  resolved: '已恢复',
  reminder: '（提醒）',
  testTitle: '[测试] NPC 看板告警通道',
  test: (channel) => `NPC 看板发往通道「${channel}」的测试消息`,
  resolvedSummary: (summary) => `已恢复：${summary}`,
  group: (rule, count, org, resolved) => {
    const noun: Record<AlertRule, string> = {
      credits_below_threshold: `${count} 个组织的积分低于告警阈值`,
      runway_short: `${count} 个组织的积分即将耗尽`,
      credits_exhausted: `${count} 个组织的积分已用完`,
      snapshot_failing: `${count} 个组织的积分余额无法读取`,
      npc_stuck: `${count} 个 NPC 议题停滞`,
      pickup_overdue: `${count} 个 NPC 议题超过接手时限`,
      run_runaway: `${count} 个 NPC 运行时间过长`,
      task_failing: `${count} 个 NPC 任务的运行连续失败`,
    };
    return `${org}：${noun[rule]}${resolved ? '（已恢复）' : ''}`;
  },
  single: {
    credits_exhausted: (f) => `${f.org} 的积分已用完（余额 ${f.balance}）`,
    credits_below_threshold: (f) =>
      `${f.org} 的积分余额为 ${f.balance}，低于告警阈值 ${f.threshold}`,
    runway_short: (f) => `${f.org} 的积分预计约 ${f.days} 天后用完（告警阈值 ${f.underDays} 天）`,
    snapshot_failing: (f) => `最近 ${f.runs} 次快照均未能读取 ${f.org} 的积分余额`,
    npc_stuck: (f) => `${f.id}「${f.title}」已停滞：自 ${f.since} 起没有 NPC 活动`,
    pickup_overdue: (f) => `${f.id}「${f.title}」自 ${f.since} 起等待 ${f.npc ?? 'NPC'} 接手`,
    run_runaway: (f) =>
      `${f.id}「${f.title}」：${f.npc ?? 'NPC'} 的运行 ${f.sn} 自 ${f.since} 起已运行 ${f.minutes} 分钟`,
    task_failing: (f) => `${f.id}「${f.title}」：最近 ${f.runs} 次 NPC 运行均失败`,
  },
  more: (count) => `还有 ${count} 项`,
  footer: (severity, id) => `级别 ${severity} · 投递 ${id}`,
};

const LANGUAGES: Record<AlertLanguage, Language> = { en: EN, 'zh-CN': ZH_CN };

/** The message's words in `language`, its times in `timeZone`. */
export function alertWords(
  message: AlertMessage,
  language: AlertLanguage,
  timeZone: string,
): AlertWords {
  const words = LANGUAGES[language];
  const resolved = message.status === 'resolved';
  const more = message.more > 0 ? words.more(message.more) : null;
  const footer = (id: string): string => words.footer(words.severity[message.severity], id);
  if (message.rule === 'test') {
    const channel =
      typeof message.details['channel'] === 'string' ? message.details['channel'] : '';
    return {
      title: words.testTitle,
      summary: words.test(channel),
      more,
      footer,
      product: words.product,
    };
  }
  const rule = message.rule;
  const status = resolved ? words.resolved : words.firing;
  const org = message.org_name || message.org;
  const title = `[${status}${message.reminder ? words.reminder : ''}] ${words.rule[rule]} · ${org}`;
  const count = message.alert_ids.length;
  const single = (): string => words.single[rule](facts(message, words.locale, timeZone));
  const summary =
    count > 1
      ? words.group(rule, count, org, resolved)
      : resolved
        ? words.resolvedSummary(single())
        : single();
  return { title, summary, more, footer, product: words.product };
}

function facts(message: AlertMessage, locale: string, timeZone: string): Facts {
  const d = message.details;
  const text = (value: unknown): string =>
    typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const credits = (value: unknown): string =>
    typeof value === 'number' ? formatCredits(value, locale) : text(value);
  const subject = message.subjects[0];
  const id =
    text(d['repo']) && text(d['number'])
      ? `${text(d['repo'])}#${text(d['number'])}`
      : (subject?.id ?? '');
  const since = typeof d['since'] === 'string' ? formatTime(d['since'], timeZone) : '';
  return {
    org: message.org_name || message.org,
    id,
    // Stored before titles were kept in the details: the subject's name after its id.
    title: text(d['title']) || (subject?.name ?? '').replace(`${id} `, ''),
    npc: typeof d['npc'] === 'string' ? d['npc'] : null,
    since,
    balance: credits(d['balance']),
    threshold: credits(d['threshold']),
    days: typeof d['runway_days'] === 'number' ? d['runway_days'].toFixed(1) : '',
    underDays: text(d['alert_under_days']),
    runs: text(d['failed_runs']),
    sn: text(d['sn']),
    minutes: text(d['minutes']),
  };
}

/** Credits as the pages write them: grouped, without decimals unless under 10. */
export function formatCredits(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: creditDecimals(value) }).format(
    value,
  );
}

/**
 * `2026-11-22 17:55 GMT+8` (`… UTC` at a zero offset): numeric, so it reads the same in every language, in the
 * board's time zone with its offset named.
 */
export function formatTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'shortOffset',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  // ICU versions name a zero offset "GMT" or "GMT+0": one name for it on every Node.
  const zone = /^GMT(\+0)?$/.test(parts['timeZoneName'] ?? '') ? 'UTC' : parts['timeZoneName'];
  return `${parts['year']}-${parts['month']}-${parts['day']} ${parts['hour']}:${parts['minute']} ${zone}`;
}
