import { ApiError } from '../../core/api-error';
import { dispatchGate, findingLink, refusedFindings } from './dispatch.view';

describe('dispatch gate', () => {
  it('needs nothing without findings, a confirmation for warnings, an override for a block', () => {
    expect(dispatchGate([])).toBe('clear');
    expect(dispatchGate([{ severity: 'warn' }, { severity: 'warn' }])).toBe('confirm');
    expect(dispatchGate([{ severity: 'warn' }, { severity: 'block' }])).toBe('override');
  });

  it('turns a finding link into a router path and query', () => {
    expect(findingLink('/tasks?repo=acme%2Fweb&issue=12')).toEqual({
      path: '/tasks',
      query: { repo: 'acme/web', issue: '12' },
    });
    expect(findingLink('/credits')).toEqual({ path: '/credits', query: {} });
  });

  it('reads the findings of a refused dispatch only from a 409 that has them', () => {
    const findings = [{ code: 'wip_limit', severity: 'block', message: 'm', links: [] }];
    expect(
      refusedFindings(new ApiError(409, 'Not dispatched', 'r1', undefined, { findings })),
    ).toEqual(findings);
    expect(refusedFindings(new ApiError(409, 'Conflict', 'r1'))).toBeNull();
    expect(refusedFindings(new ApiError(400, 'Bad', 'r1', undefined, { findings }))).toBeNull();
    expect(refusedFindings(null)).toBeNull();
  });
});
