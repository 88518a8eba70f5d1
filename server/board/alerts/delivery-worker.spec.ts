import type { DeliveryRecord } from '../store/alert-records';
import { afterAttempt, GIVE_UP_MS, retryDelayMs } from './delivery-worker';

const t0 = new Date('2026-11-22T10:00:00Z');
const delivery: DeliveryRecord = {
  id: 'd1',
  channel_id: 'c1',
  alert_id: 'a1',
  message: {} as DeliveryRecord['message'],
  status: 'queued',
  attempts: 0,
  last_error: null,
  created_at: t0.toISOString(),
  next_attempt_at: t0.toISOString(),
  sent_at: null,
};

describe('retryDelayMs', () => {
  it('doubles from 30 s up to an hour, with full jitter', () => {
    const whole = () => 0.999999;
    expect(
      [1, 2, 3, 4, 7, 8, 20].map((n) => Math.round(retryDelayMs(n, whole, null) / 1000)),
    ).toEqual([30, 60, 120, 240, 1920, 3600, 3600]);
    expect(retryDelayMs(3, () => 0.5, null)).toBe(60_000);
    expect(retryDelayMs(3, () => 0, null)).toBe(0);
  });

  it("takes the receiver's Retry-After, up to the cap", () => {
    expect(retryDelayMs(1, () => 0, 90_000)).toBe(90_000);
    expect(retryDelayMs(1, () => 0, 5 * 3_600_000)).toBe(3_600_000);
  });
});

describe('afterAttempt', () => {
  const half = () => 0.5;

  it('records a success once', () => {
    const sent = afterAttempt(delivery, { outcome: 'sent', error: null }, null, t0, half);
    expect(sent).toMatchObject({
      status: 'sent',
      attempts: 1,
      next_attempt_at: null,
      sent_at: t0.toISOString(),
    });
  });

  it('schedules a retry, and gives up 24 h after queueing', () => {
    const retry = afterAttempt(delivery, { outcome: 'retry', error: 'HTTP 503' }, null, t0, half);
    expect(retry).toMatchObject({
      status: 'retrying',
      attempts: 1,
      last_error: 'HTTP 503',
      next_attempt_at: new Date(t0.getTime() + 15_000).toISOString(),
    });
    const late = new Date(t0.getTime() + GIVE_UP_MS - 1000);
    const given = afterAttempt(
      { ...retry, attempts: 12 },
      { outcome: 'retry', error: 'HTTP 503' },
      null,
      late,
      half,
    );
    expect(given).toMatchObject({ status: 'failed', next_attempt_at: null });
    expect(given.last_error).toBe('gave up after 24 h: HTTP 503');
  });

  it('stops at a permanent failure', () => {
    const failed = afterAttempt(delivery, { outcome: 'failed', error: 'HTTP 400' }, null, t0, half);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'HTTP 400',
      next_attempt_at: null,
    });
  });
});
