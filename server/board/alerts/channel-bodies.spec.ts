import { expect } from '@jest/globals';
import { createHmac } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  ALERT_LANGUAGES,
  CHANNEL_KINDS,
  type AlertLanguage,
  type ChannelKind,
} from '@shared/board/alerts';
import type { AlertMessage } from '../store/alert-records';
import { buildRequest, judgeResponse } from './channel-bodies';

/** The parts of a Feishu post body the checks read. */
interface FeishuBody {
  msg_type: unknown;
  timestamp?: unknown;
  sign?: unknown;
  content: { post: { zh_cn: { content: { tag: unknown }[][] } } };
}

const FIXTURES = path.join(__dirname, '../../../test/fixtures/alerts');
const now = new Date('2026-11-22T10:00:00.000Z');
const DELIVERY = '7f9c2b1e-0000-4000-8000-000000000001';

/** Three stuck issues of one organization, as one grouped message. */
const message: AlertMessage = {
  rule: 'npc_stuck',
  status: 'firing',
  severity: 'warning',
  org: 'acme',
  org_name: 'Acme Robotics',
  alert_ids: ['npc_stuck:acme/api#1', 'npc_stuck:acme/api#2', 'npc_stuck:acme/web#7'],
  subjects: [
    {
      type: 'issue',
      id: 'acme/api#1',
      name: 'acme/api#1 Fix login',
      url: 'https://board.example.com/tasks?repo=acme%2Fapi&issue=1',
    },
    {
      type: 'issue',
      id: 'acme/api#2',
      name: 'acme/api#2 Add export',
      url: 'https://board.example.com/tasks?repo=acme%2Fapi&issue=2',
    },
    { type: 'issue', id: 'acme/web#7', name: 'acme/web#7 Dark mode', url: null },
  ],
  more: 0,
  details: { count: 3 },
  started_at: '2026-11-22T09:55:00.000Z',
  resolved_at: null,
  reminder: false,
  board_url: 'https://board.example.com',
};

/** One stuck issue of `acme`, resolved: a single alert's message. */
const resolved: AlertMessage = {
  ...message,
  status: 'resolved',
  alert_ids: ['npc_stuck:acme/api#1'],
  subjects: [message.subjects[0]],
  details: {
    npc: 'npc-builder',
    since: '2026-11-21T08:30:00.000Z',
    repo: 'acme/api',
    number: 1,
    title: 'Fix login',
  },
  resolved_at: '2026-11-22T09:58:00.000Z',
};

interface Fixture {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * The golden request of one kind, language and message (`test/fixtures/alerts/`), read
 * and checked by hand. `UPDATE_ALERT_FIXTURES=1` writes them anew from the code.
 */
function fixture(name: string, request: Fixture): Fixture {
  const file = path.join(FIXTURES, `${name}.json`);
  if (process.env['UPDATE_ALERT_FIXTURES'] === '1') {
    const body: unknown = JSON.parse(String(request.body));
    fs.writeFileSync(file, `${JSON.stringify({ ...request, body }, null, 2)}\n`);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Fixture;
}

/** A channel of `kind` in `language`, with or without a secret. */
const channel = (kind: ChannelKind, secret: string | null, language: AlertLanguage = 'en') => ({
  url: URLS[kind],
  secret,
  language,
});

const URLS: Record<ChannelKind, string> = {
  webhook: 'https://hooks.example.com/npc',
  slack: 'https://hooks.slack.com/services/T000/B000/XXXX',
  wecom: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=KEY',
  feishu: 'https://open.feishu.cn/open-apis/bot/v2/hook/TOKEN',
  dingtalk: 'https://oapi.dingtalk.com/robot/send?access_token=TOKEN',
};
const SECRET = 'SEC-test-secret';

describe('channel bodies', () => {
  const goldens = CHANNEL_KINDS.flatMap((kind) =>
    ALERT_LANGUAGES.flatMap((language) => [
      [kind, language, 'firing', message] as const,
      [kind, language, 'resolved', resolved] as const,
    ]),
  );
  it.each(goldens)('builds the %s body in %s of the %s fixture', (kind, language, name, sent) => {
    const request = buildRequest(
      kind,
      channel(kind, SECRET, language),
      sent,
      DELIVERY,
      now,
      'Asia/Shanghai',
    );
    const expected = fixture(`${kind}.${language}.${name}`, request);
    expect(JSON.parse(request.body)).toEqual(expected.body);
    expect(request.url).toBe(expected.url);
    expect(request.headers).toEqual(expected.headers);
  });

  it('signs a webhook with HMAC-SHA256 over "<timestamp>.<raw body>"', () => {
    const request = buildRequest(
      'webhook',
      channel('webhook', SECRET),
      message,
      DELIVERY,
      now,
      'UTC',
    );
    const timestamp = request.headers['x-npc-board-timestamp'];
    expect(timestamp).toBe('1795341600');
    const hex = createHmac('sha256', SECRET).update(`${timestamp}.${request.body}`).digest('hex');
    expect(request.headers['x-npc-board-signature']).toBe(`sha256=${hex}`);
    const body = JSON.parse(request.body) as { delivery_id: string; subjects: unknown[] };
    expect(body.delivery_id).toBe(DELIVERY);
    expect(request.headers['x-npc-board-delivery']).toBe(DELIVERY);
    expect(body.subjects).toHaveLength(3);
    const unsigned = buildRequest(
      'webhook',
      channel('webhook', null),
      message,
      DELIVERY,
      now,
      'UTC',
    );
    expect(unsigned.headers['x-npc-board-signature']).toBeUndefined();
  });

  it('has the shapes the robots document', () => {
    const slack = JSON.parse(
      buildRequest('slack', channel('slack', null), message, DELIVERY, now, 'UTC').body,
    ) as { text: unknown; blocks: unknown };
    expect(typeof slack.text).toBe('string');
    expect(Array.isArray(slack.blocks)).toBe(true);
    const wecom = JSON.parse(
      buildRequest('wecom', channel('wecom', null), message, DELIVERY, now, 'UTC').body,
    ) as { msgtype: unknown; markdown: { content: unknown } };
    expect(Object.keys(wecom).sort()).toEqual(['markdown', 'msgtype']);
    expect(wecom.msgtype).toBe('markdown');
    expect(typeof wecom.markdown.content).toBe('string');
    const feishu = JSON.parse(
      buildRequest('feishu', channel('feishu', null), message, DELIVERY, now, 'UTC').body,
    ) as FeishuBody;
    expect(feishu.msg_type).toBe('post');
    expect(feishu.timestamp).toBeUndefined();
    for (const line of feishu.content.post.zh_cn.content) {
      for (const node of line) expect(['text', 'a']).toContain(node.tag);
    }
    const ding: unknown = JSON.parse(
      buildRequest('dingtalk', channel('dingtalk', null), message, DELIVERY, now, 'UTC').body,
    );
    expect(ding).toMatchObject({
      msgtype: 'markdown',
      markdown: { title: expect.any(String), text: expect.any(String) },
    });
  });

  it('signs Feishu in the body and DingTalk in the URL', () => {
    const feishu = JSON.parse(
      buildRequest('feishu', channel('feishu', SECRET), message, DELIVERY, now, 'UTC').body,
    ) as FeishuBody;
    expect(feishu.timestamp).toBe('1795341600');
    expect(feishu.sign).toBe(
      createHmac('sha256', `1795341600\n${SECRET}`).update('').digest('base64'),
    );
    const ding = buildRequest(
      'dingtalk',
      channel('dingtalk', SECRET),
      message,
      DELIVERY,
      now,
      'UTC',
    );
    const url = new URL(ding.url);
    expect(url.searchParams.get('access_token')).toBe('TOKEN');
    expect(url.searchParams.get('timestamp')).toBe('1795341600000');
    expect(url.searchParams.get('sign')).toBe(
      createHmac('sha256', SECRET).update(`1795341600000\n${SECRET}`).digest('base64'),
    );
  });
});

describe('judgeResponse', () => {
  it("applies each kind's success rule", () => {
    expect(judgeResponse('webhook', 204, '').outcome).toBe('sent');
    expect(judgeResponse('slack', 200, 'ok').outcome).toBe('sent');
    expect(judgeResponse('wecom', 200, '{"errcode":0,"errmsg":"ok"}').outcome).toBe('sent');
    expect(judgeResponse('wecom', 200, '{"errcode":93000,"errmsg":"invalid webhook url"}')).toEqual(
      {
        outcome: 'failed',
        error: 'invalid webhook url',
      },
    );
    expect(judgeResponse('dingtalk', 200, '{"errcode":310000,"errmsg":"sign not match"}')).toEqual({
      outcome: 'failed',
      error: 'sign not match',
    });
    expect(judgeResponse('feishu', 200, '{"code":0,"msg":"success"}').outcome).toBe('sent');
    expect(judgeResponse('feishu', 200, '{"code":19021,"msg":"sign match fail"}')).toEqual({
      outcome: 'failed',
      error: 'sign match fail',
    });
  });

  it('retries 408, 429 and 5xx; stops at other 4xx and any 3xx', () => {
    expect([408, 429, 500, 503].map((s) => judgeResponse('webhook', s, '').outcome)).toEqual([
      'retry',
      'retry',
      'retry',
      'retry',
    ]);
    expect(
      [400, 401, 404, 301, 302, 307].map((s) => judgeResponse('webhook', s, '').outcome),
    ).toEqual(['failed', 'failed', 'failed', 'failed', 'failed', 'failed']);
    expect(judgeResponse('webhook', 302, '').error).toBe('redirect not followed (HTTP 302)');
  });
});
