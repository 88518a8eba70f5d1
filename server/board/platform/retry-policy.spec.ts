import { backoffDelay, isRetryable, MAX_BACKOFF_MS, parseRetryAfter } from './retry-policy';

describe('retry policy', () => {
  describe('isRetryable', () => {
    const noWait = { retryAfterMs: null };

    it.each(['GET', 'HEAD', 'PUT', 'DELETE'])(
      'retries %s on 429, 5xx and connection resets',
      (method) => {
        expect(isRetryable({ method, status: 429, ...noWait })).toBe(true);
        expect(isRetryable({ method, status: 500, ...noWait })).toBe(true);
        expect(isRetryable({ method, status: 503, ...noWait })).toBe(true);
        expect(isRetryable({ method, status: 0, code: 'ECONNRESET', ...noWait })).toBe(true);
      },
    );

    it.each(['POST', 'PATCH'])('retries %s only when the platform cannot have acted', (method) => {
      expect(isRetryable({ method, status: 500, ...noWait })).toBe(false);
      expect(isRetryable({ method, status: 502, ...noWait })).toBe(false);
      expect(isRetryable({ method, status: 503, ...noWait })).toBe(false);
      expect(isRetryable({ method, status: 0, code: 'ECONNRESET', ...noWait })).toBe(false);
      expect(isRetryable({ method, status: 429, ...noWait })).toBe(true);
      expect(isRetryable({ method, status: 503, retryAfterMs: 1000 })).toBe(true);
      for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']) {
        expect(isRetryable({ method, status: 0, code, ...noWait })).toBe(true);
      }
    });

    it('never retries client errors, timeouts or cancellations', () => {
      for (const status of [400, 401, 403, 404, 409]) {
        expect(isRetryable({ method: 'GET', status, ...noWait })).toBe(false);
      }
      for (const code of ['ETIMEDOUT', 'ECONNABORTED', 'ERR_CANCELED']) {
        expect(isRetryable({ method: 'GET', status: 0, code, ...noWait })).toBe(false);
      }
    });
  });

  describe('parseRetryAfter', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');

    it('reads delay-seconds and HTTP dates', () => {
      expect(parseRetryAfter('1', now)).toBe(1000);
      expect(parseRetryAfter('0', now)).toBe(0);
      expect(parseRetryAfter(['2'], now)).toBe(2000);
      expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:05 GMT', now)).toBe(5000);
      expect(parseRetryAfter('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0);
    });

    it('is null when absent or unreadable', () => {
      expect(parseRetryAfter(undefined, now)).toBeNull();
      expect(parseRetryAfter('', now)).toBeNull();
      expect(parseRetryAfter('soon', now)).toBeNull();
    });
  });

  describe('backoffDelay', () => {
    it('grows exponentially under full jitter and is capped', () => {
      const top = () => 0.999999;
      expect(backoffDelay(1, 200, top)).toBe(199);
      expect(backoffDelay(2, 200, top)).toBe(399);
      expect(backoffDelay(3, 200, top)).toBe(799);
      expect(backoffDelay(20, 200, top)).toBe(MAX_BACKOFF_MS - 1);
      expect(backoffDelay(3, 200, () => 0)).toBe(0);
    });
  });
});
