import { ApiError } from '../../core/api-error';
import { signInErrorText, signOutNotice } from './sign-in.view';

describe('signInErrorText', () => {
  it('says a refused token is not valid', () => {
    expect(signInErrorText(new ApiError(401, 'The admin token is not valid'))).toBe(
      'That token is not valid.',
    );
  });

  it('quotes the server when the admin area is disabled', () => {
    const message = 'The admin area is disabled: set ADMIN_TOKEN to enable it';
    expect(signInErrorText(new ApiError(403, message))).toBe(message);
  });

  it('says how long to wait after too many attempts', () => {
    expect(signInErrorText(new ApiError(429, 'Too many', undefined, 42))).toBe(
      'Too many attempts, try again in 42 sec.',
    );
    expect(signInErrorText(new ApiError(429, 'Too many'))).toBe(
      'Too many attempts, try again later.',
    );
  });

  it('passes other failures on in the words of the error', () => {
    expect(signInErrorText(new ApiError(0, 'The board server could not be reached.'))).toBe(
      'The board server could not be reached.',
    );
    expect(signInErrorText(new ApiError(500, 'Internal server error'))).toBe(
      'Could not sign in: Internal server error',
    );
  });
});

describe('signOutNotice', () => {
  it('explains a refused token and a plain sign-out, and says nothing on arrival', () => {
    expect(signOutNotice('refused')).toMatch(/refused the admin token/);
    expect(signOutNotice('signed-out')).toBe('You are signed out.');
    expect(signOutNotice(null)).toBeNull();
  });
});
