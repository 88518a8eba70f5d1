import { idempotencyHeaders } from './idempotency-key';

describe('idempotencyHeaders', () => {
  it('gives each submission a new key of 32 hex digits', () => {
    const keys = Array.from({ length: 50 }, () => idempotencyHeaders().get('Idempotency-Key'));
    expect(keys.every((key) => /^[0-9a-f]{32}$/.test(key ?? ''))).toBe(true);
    expect(new Set(keys).size).toBe(50);
  });
});
