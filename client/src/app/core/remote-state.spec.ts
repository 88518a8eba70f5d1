import { expect } from '@jest/globals';

import { ApiError } from './api-error';
import { asApiError } from './remote-state';

describe('asApiError', () => {
  it('keeps ApiErrors and wraps anything else', () => {
    const api = new ApiError(404, 'No such organization.');
    expect(asApiError(api)).toBe(api);
    expect(asApiError(new Error('boom'))).toMatchObject({ status: 0, message: 'boom' });
    expect(asApiError('odd')).toMatchObject({ status: 0, message: 'odd' });
  });
});
