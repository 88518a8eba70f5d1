import { redact } from './platform-redact';

describe('redact', () => {
  it.each([
    ['Authorization: Bearer abc.def-123', 'Authorization: Bearer ***'],
    ['{"authorization":"Bearer abc123"}', '{"authorization":"Bearer ***"}'],
    ['authorization=Basic dXNlcjpwYXNz', 'authorization=Basic ***'],
    ['sent bearer abc123 upstream', 'sent bearer *** upstream'],
    [
      'git push https://user:token123@git.example.com/acme/app',
      'git push https://user:***@git.example.com/acme/app',
    ],
    [
      'clone https://npc%20b:a%2Fb@host:3001/acme/app failed',
      'clone https://npc%20b:***@host:3001/acme/app failed',
    ],
    ['remote https://ghp_secret@github.com/acme/app', 'remote https://***@github.com/acme/app'],
    ['PUT http://h/uploads/k?token=sig123&x=1', 'PUT http://h/uploads/k?token=***&x=1'],
    ['GET /a?private_token=p1', 'GET /a?private_token=***'],
  ])('redacts %s', (input, expected) => {
    expect(redact(input)).toBe(expected);
  });

  it('removes the configured secrets wherever they appear, raw or URL-encoded', () => {
    expect(redact('token t0k/en! echoed as t0k%2Fen!', ['t0k/en!'])).toBe(
      'token *** echoed as ***',
    );
  });

  it('leaves ordinary text and URLs without credentials alone', () => {
    const text = 'GET https://api.example.com/acme/app/-/issues?state=open answered 404';
    expect(redact(text, ['abc'])).toBe(text);
  });
});
