import { createHmac } from 'node:crypto';
import type { AlertLanguage, ChannelKind } from '@shared/board/alerts';
import type { AlertMessage } from '../store/alert-records';
import { alertWords, type AlertWords } from './alert-text';

/** Largest body sent to a channel. */
export const MAX_BODY_BYTES = 64 * 1024;
/** Longest text of one summary or subject name in a message. */
const MAX_TEXT = 500;

/** A request ready to send: the URL may carry a signature (DingTalk). */
export interface OutgoingRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** What a receiver's answer means for the delivery. */
export interface Verdict {
  outcome: 'sent' | 'retry' | 'failed';
  error: string | null;
}

const cut = (text: string, max = MAX_TEXT): string =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`;

/**
 * The request for one message to one channel, in the shape its receiver expects and in
 * the channel's language, its times in `timeZone`. `now` dates the signatures.
 */
export function buildRequest(
  kind: ChannelKind,
  channel: { url: string; secret: string | null; language: AlertLanguage },
  message: AlertMessage,
  deliveryId: string,
  now: Date,
  timeZone: string,
): OutgoingRequest {
  const words = alertWords(message, channel.language, timeZone);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'npc-board-alerts',
    'x-npc-board-delivery': deliveryId,
  };
  const seconds = String(Math.floor(now.getTime() / 1000));
  let url = channel.url;
  let payload: unknown;
  switch (kind) {
    case 'webhook':
      payload = webhookBody(message, words, deliveryId, channel.language);
      break;
    case 'slack':
      payload = slackBody(message, words, deliveryId);
      break;
    case 'wecom':
      payload = {
        msgtype: 'markdown',
        markdown: { content: markdownText(message, words, deliveryId) },
      };
      break;
    case 'dingtalk':
      payload = {
        msgtype: 'markdown',
        markdown: { title: words.title, text: markdownText(message, words, deliveryId) },
      };
      if (channel.secret) {
        const ms = String(now.getTime());
        const sign = createHmac('sha256', channel.secret)
          .update(`${ms}\n${channel.secret}`)
          .digest('base64');
        url += `${url.includes('?') ? '&' : '?'}timestamp=${ms}&sign=${encodeURIComponent(sign)}`;
      }
      break;
    case 'feishu':
      payload = feishuBody(message, words, deliveryId);
      if (channel.secret) {
        const sign = createHmac('sha256', `${seconds}\n${channel.secret}`)
          .update('')
          .digest('base64');
        payload = { timestamp: seconds, sign, ...(payload as object) };
      }
      break;
  }
  const body = JSON.stringify(payload);
  if (Buffer.byteLength(body) > MAX_BODY_BYTES) {
    throw new Error(`message body over ${MAX_BODY_BYTES} bytes`);
  }
  if (kind === 'webhook') {
    headers['x-npc-board-timestamp'] = seconds;
    if (channel.secret) {
      headers['x-npc-board-signature'] =
        `sha256=${webhookSignature(channel.secret, seconds, body)}`;
    }
  }
  return { url, headers, body };
}

/** HMAC-SHA256 (hex) with the channel's secret over `<timestamp>.<raw body>`. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

function webhookBody(
  message: AlertMessage,
  words: AlertWords,
  deliveryId: string,
  language: AlertLanguage,
): Record<string, unknown> {
  const grouped = message.alert_ids.length > 1;
  return {
    delivery_id: deliveryId,
    language,
    alert_id: message.alert_ids[0] ?? null,
    rule: message.rule,
    status: message.status,
    severity: message.severity,
    subject: message.subjects[0] ?? null,
    title: words.title,
    summary: cut(words.summary),
    details: message.details,
    started_at: message.started_at,
    resolved_at: message.resolved_at,
    board_url: message.board_url,
    reminder: message.reminder,
    ...(grouped
      ? {
          alert_ids: message.alert_ids,
          subjects: message.subjects.map((s) => ({ ...s, name: cut(s.name) })),
          more: message.more,
        }
      : {}),
  };
}

const slackEscape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function slackBody(
  message: AlertMessage,
  words: AlertWords,
  deliveryId: string,
): Record<string, unknown> {
  const lines = message.subjects.map((s) =>
    s.url ? `• <${s.url}|${slackEscape(cut(s.name))}>` : `• ${slackEscape(cut(s.name))}`,
  );
  if (words.more) lines.push(words.more);
  const text = [slackEscape(cut(words.summary)), ...lines].join('\n');
  return {
    text: `${words.title}: ${cut(words.summary)}`,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: cut(words.title, 150) } },
      { type: 'section', text: { type: 'mrkdwn', text: cut(text, 3000) } },
      {
        type: 'context',
        elements: [
          {
            type: 'mrkdwn',
            text: `${words.footer(deliveryId)}${
              message.board_url ? ` · <${message.board_url}|${words.product}>` : ''
            }`,
          },
        ],
      },
    ],
  };
}

/** Markdown for WeCom and DingTalk robots. */
function markdownText(message: AlertMessage, words: AlertWords, deliveryId: string): string {
  const lines = [`### ${words.title}`, '', cut(words.summary), ''];
  for (const s of message.subjects) {
    lines.push(s.url ? `- [${cut(s.name)}](${s.url})` : `- ${cut(s.name)}`);
  }
  if (words.more) lines.push(`- ${words.more}`);
  lines.push('', `> ${words.footer(deliveryId)}`);
  if (message.board_url) lines.push(`> [${words.product}](${message.board_url})`);
  return lines.join('\n');
}

type FeishuNode = { tag: 'text'; text: string } | { tag: 'a'; text: string; href: string };

function feishuBody(
  message: AlertMessage,
  words: AlertWords,
  deliveryId: string,
): Record<string, unknown> {
  const content: FeishuNode[][] = [[{ tag: 'text', text: cut(words.summary) }]];
  for (const s of message.subjects) {
    content.push(
      s.url
        ? [
            { tag: 'text', text: '• ' },
            { tag: 'a', text: cut(s.name), href: s.url },
          ]
        : [{ tag: 'text', text: `• ${cut(s.name)}` }],
    );
  }
  if (words.more) content.push([{ tag: 'text', text: words.more }]);
  const footer: FeishuNode[] = [{ tag: 'text', text: words.footer(deliveryId) }];
  if (message.board_url) {
    footer.push(
      { tag: 'text', text: ' · ' },
      { tag: 'a', text: words.product, href: message.board_url },
    );
  }
  content.push(footer);
  return {
    msg_type: 'post',
    // Under zh_cn in either language, as the robot has always been sent it.
    content: { post: { zh_cn: { title: words.title, content } } },
  };
}

/**
 * Whether the receiver took the message. 3xx (redirects are not followed) and 4xx other
 * than 408 and 429 are permanent; 408, 429 and 5xx are worth another try. A chat robot
 * that answers 2xx with a non-zero code has refused the message for good.
 */
export function judgeResponse(kind: ChannelKind, status: number, body: string): Verdict {
  if (status >= 300 && status < 400) {
    return { outcome: 'failed', error: `redirect not followed (HTTP ${status})` };
  }
  if (status === 408 || status === 429 || status >= 500) {
    return { outcome: 'retry', error: `HTTP ${status}${excerpt(body)}` };
  }
  if (status >= 400 || status < 200) {
    return { outcome: 'failed', error: `HTTP ${status}${excerpt(body)}` };
  }
  if (kind === 'webhook' || kind === 'slack') return { outcome: 'sent', error: null };
  let answer: Record<string, unknown>;
  try {
    answer = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return { outcome: 'failed', error: `HTTP ${status} without a JSON answer${excerpt(body)}` };
  }
  const code = kind === 'feishu' ? (answer.code ?? answer.StatusCode) : answer.errcode;
  if (code === 0) return { outcome: 'sent', error: null };
  const reason = kind === 'feishu' ? (answer.msg ?? answer.StatusMessage) : answer.errmsg;
  return {
    outcome: 'failed',
    error: typeof reason === 'string' && reason !== '' ? reason : `code ${String(code)}`,
  };
}

function excerpt(body: string): string {
  const text = body.trim().replace(/\s+/g, ' ');
  return text === '' ? '' : `: ${cut(text, 200)}`;
}
