import { acceptsJson } from './accept';
import { ManualClock } from '../common/clock';
import { toPaging } from './paging';
import { RateLimiter } from './rate-limiter';
import { parseScopes, scopeAllows } from '../access/scopes';
import { parseRole, roleName } from '../access/roles';

describe('Accept rule', () => {
  it.each([
    undefined,
    '',
    '*/*',
    'application/json',
    'application/vnd.gitcode.api+json',
    'text/html, application/json;q=0.9',
    'application/*',
  ])('accepts %p', (header) => expect(acceptsJson(header)).toBe(true));
  it.each(['text/html', 'application/xml', 'image/png, text/plain', 'application/vnd.foo+xml'])(
    'refuses %p',
    (header) => expect(acceptsJson(header)).toBe(false),
  );
});

describe('paging', () => {
  it('clamps page below 1 to 1, page_size above 100 to 100 and below 1 to the default 10', () => {
    expect(toPaging({})).toEqual({ page: 1, pageSize: 10, offset: 0 });
    expect(toPaging({ page: 0, page_size: 0 })).toEqual({ page: 1, pageSize: 10, offset: 0 });
    expect(toPaging({ page: -4, page_size: -1 })).toEqual({ page: 1, pageSize: 10, offset: 0 });
    expect(toPaging({ page: 3, page_size: 500 })).toEqual({ page: 3, pageSize: 100, offset: 200 });
  });
});

describe('scopes and roles', () => {
  it('parses scope lists and lets rw include r', () => {
    const granted = new Set(parseScopes('repo-issue:rw, group-resource:r'));
    expect(scopeAllows(granted, 'repo-issue:r')).toBe(true);
    expect(scopeAllows(granted, 'repo-issue:rw')).toBe(true);
    expect(scopeAllows(granted, 'group-resource:rw')).toBe(false);
    expect(scopeAllows(granted, 'repo-code:r')).toBe(false);
    expect(parseScopes('all')).toHaveLength(8);
    expect(parseScopes('all')).toContain('repo-cnb-trigger:rw');
    expect(() => parseScopes('repo-issue:x')).toThrow('unknown scope');
    expect(() => parseScopes('')).toThrow('no scope');
  });

  it('orders roles', () => {
    expect(parseRole('master')).toBe('Master');
    expect(parseRole('boss')).toBeNull();
    expect(roleName(45)).toBe('Master');
    expect(roleName(0)).toBeNull();
  });
});

describe('rate limiter', () => {
  it('allows the limit per key and minute, then says how long to wait', () => {
    const clock = new ManualClock('2025-01-01T00:00:45.000Z');
    const limiter = new RateLimiter(2, clock);
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 15 });
    expect(limiter.take('b').allowed).toBe(true);
    clock.advance(15_000);
    expect(limiter.take('a').allowed).toBe(true);
  });
});
