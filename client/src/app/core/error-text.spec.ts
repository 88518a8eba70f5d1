import { HttpErrorResponse, HttpHeaders } from '@angular/common/http';

import { toApiError } from './to-api-error';
import { errorText, fieldName, findingLabel, findingText, statusErrorText } from './error-text';

/** A board error answer as HttpClient hands it over. */
function answer(status: number, body: unknown): HttpErrorResponse {
  return new HttpErrorResponse({
    status,
    statusText: 'x',
    error: body,
    headers: new HttpHeaders(),
  });
}

describe('errorText', () => {
  it('writes the sentence from the code and params, not from the server message', () => {
    const error = toApiError(
      answer(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Unknown query parameter "sort"',
        code: 'unknown_query_parameter',
        params: { field: 'sort' },
        request_id: 'r1',
      }),
    );
    expect(error.message).toBe('Unknown query parameter "sort".');
    expect(error.code).toBe('unknown_query_parameter');
    expect(error.params).toEqual({ field: 'sort' });
    expect(error.serverMessage).toBe('Unknown query parameter "sort"');
    expect(error.requestId).toBe('r1');
  });

  it('names the field and the rule of a failed validation, with the allowed values', () => {
    expect(
      errorText(
        'validation_failed',
        { field: 'days', fields: 'days', count: 1, rule: 'one_of', allowed: '7, 30' },
        400,
      ),
    ).toBe('Days must be one of: 7, 30.');
    expect(
      errorText(
        'validation_failed',
        { field: 'wip_soft_limit', count: 1, rule: 'max', max: 1000 },
        400,
      ),
    ).toBe('WIP warning at (open tasks) must be at most 1,000.');
    expect(
      errorText(
        'validation_failed',
        { field: 'credit_alert_threshold', count: 1, rule: 'not_negative', min: 0 },
        400,
      ),
    ).toBe('Alert threshold (credits) must not be negative.');
    expect(
      errorText('validation_failed', { field: 'name', count: 3, rule: 'min_length', min: 1 }, 400),
    ).toBe('Name must not be empty. 2 more fields are not valid either.');
    expect(errorText('validation_failed', { field: 'x', count: 2, rule: 'unknown' }, 400)).toBe(
      '"x" is not a field this request takes. One more field is not valid either.',
    );
    expect(
      errorText('validation_failed', { field: 'odd', count: 1, rule: 'alertRules' }, 400),
    ).toBe('A field is not valid.');
    // A nested key reads as the field it is inside.
    expect(
      errorText(
        'validation_failed',
        { field: 'wip_limits.npc-builder', count: 1, rule: 'min', min: 1 },
        400,
      ),
    ).toBe('Limits of single NPCs must be at least 1.');
  });

  it('words the board’s own refusals from their params', () => {
    expect(errorText('unknown_organization', { org: 'initech' }, 404)).toBe(
      'The organization "initech" is not covered by this board.',
    );
    expect(
      errorText('wip_hard_below_soft', { field: 'wip_hard_limit', hard: 2, soft: 5 }, 400),
    ).toBe('The hard WIP limit (2) must not be below the soft one (5).');
    expect(errorText('event_streams_full', { cap: 1500 }, 429)).toBe(
      'The board serves its most live-update connections (1,500); live updates resume later.',
    );
    expect(errorText('issue_closed', { repo: 'acme/web', number: 1234 }, 409)).toBe(
      'acme/web#1234 is closed; reopen it before handing it over.',
    );
    expect(errorText('admin_sign_in_limited', { seconds: 600 }, 429)).toBe(
      'Too many failed sign-ins; try again in 10 min.',
    );
    expect(
      errorText(
        'channel_url_refused',
        { field: 'url', reason: 'private', host: 'h', address: '10.0.0.1' },
        400,
      ),
    ).toContain('The host h resolves to a private or loopback address (10.0.0.1)');
  });

  it('writes a refused dispatch from the blocking finding it carries', () => {
    expect(
      errorText('wip_limit', { npc: 'npc-builder', count: 3, limit: 3, soft: 2, hard: 3 }, 409),
    ).toBe(
      'Not dispatched: npc-builder already holds 3 open tasks; its limit is 3. Override with a reason to dispatch anyway.',
    );
    expect(errorText('dispatch_blocked', { count: 2, codes: 'wip_limit, low_runway' }, 409)).toBe(
      'Not dispatched: 2 checks block it. Override with a reason to dispatch anyway.',
    );
  });

  it('falls back to a generic sentence with the status for a code it does not know', () => {
    expect(errorText('some_future_code', { x: 1 }, 409)).toBe(
      'This conflicts with the current state; reload and try again (HTTP 409).',
    );
    expect(errorText('some_future_code', {}, 418)).toBe('The request failed (HTTP 418).');
    expect(statusErrorText(503)).toBe(
      'The board or the platform is unavailable right now; try again shortly (HTTP 503).',
    );
    const error = toApiError(
      answer(500, {
        statusCode: 500,
        error: 'x',
        message: 'Secret English',
        code: 'new_one',
        params: {},
      }),
    );
    expect(error.message).toBe('The board server failed (HTTP 500).');
  });

  it('keeps the message of a body without a code, and reads other answers by status', () => {
    expect(
      toApiError(answer(502, { statusCode: 502, message: 'The platform failed.' })).message,
    ).toBe('The platform failed.');
    expect(toApiError(answer(404, '<html></html>')).message).toBe(
      'The board server answered 404 x.',
    );
    expect(toApiError(answer(0, null)).message).toBe('The board server could not be reached.');
  });
});

describe('findingLabel and fieldName', () => {
  it('name checks and fields in words, never by their codes', () => {
    expect(findingLabel('wip_limit')).toBe('Work-in-progress limit');
    expect(findingLabel('dormant_repository')).toBe('Dormant repository');
    expect(findingLabel('npc_stuck_here')).toBe('NPC stuck here');
    expect(findingLabel('something_new')).toBe('Dispatch check');
    expect(fieldName('name')).toBe('Name');
    expect(fieldName('override_reason')).toBe('Reason for the override');
    expect(fieldName('no_such_field')).toBe('A field');
  });
});

describe('findingText', () => {
  it('writes each finding from its params', () => {
    const cases: [Parameters<typeof findingText>[0], string][] = [
      [
        {
          code: 'wip_limit',
          severity: 'warn',
          params: { npc: 'npc-a', count: 1, limit: 1, soft: 1 },
        },
        'npc-a already holds 1 open task (its soft limit is 1)',
      ],
      [
        {
          code: 'possible_duplicate',
          severity: 'warn',
          params: { repo: 'acme/web', number: 7, title: 'Fix login', count: 3, more: 2 },
        },
        'An open issue has a similar title: #7 "Fix login" and 2 more',
      ],
      [
        { code: 'low_runway', severity: 'block', params: { org: 'acme', balance: 0 } },
        'acme has no credits left (balance 0): its NPCs cannot work',
      ],
      [
        {
          code: 'low_runway',
          severity: 'warn',
          params: { org: 'acme', balance: 120, days: 3, alert_days: 7 },
        },
        "acme's credits last about 3d at the current rate (the alert line is 7d)",
      ],
      [
        {
          code: 'low_runway',
          severity: 'warn',
          params: { org: 'acme', balance: 5, days: 0, alert_days: 7 },
        },
        "acme's credits last less than a day at the current rate (the alert line is 7d)",
      ],
      [
        {
          code: 'below_threshold',
          severity: 'warn',
          params: { org: 'acme', balance: 1240, threshold: 2000 },
        },
        "acme's balance (1,240) is below the alert threshold (2,000)",
      ],
      [
        {
          code: 'dormant_repository',
          severity: 'warn',
          params: { repo: 'acme/web', org: 'acme', dormant_days: 30, since: '2026-10-01' },
        },
        'No person has committed to acme/web for 30d (last on 2026-10-01)',
      ],
      [
        { code: 'npc_stuck_here', severity: 'warn', params: { npc: 'npc-a', count: 2 } },
        'npc-a has 2 stuck tasks',
      ],
    ];
    for (const [finding, expected] of cases) expect(findingText(finding)).toBe(expected);
  });

  it('gives null when a finding has no params to write it from', () => {
    expect(findingText({ code: 'wip_limit', severity: 'block', params: undefined })).toBeNull();
    expect(
      findingText({ code: 'not_a_finding' as never, severity: 'warn', params: {} }),
    ).toBeNull();
  });
});
