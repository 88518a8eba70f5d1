import { ZERO_OID } from '../git/ref-name';
import type { RefSnapshot } from '../git/ref-snapshot';
import { tokenFromAuthorization } from './basic-auth';
import { refChanges } from './push-recorder.service';

const basic = (text: string): string => `Basic ${Buffer.from(text).toString('base64')}`;

describe('git transport credentials', () => {
  it('reads the token from Basic (password, or username alone) and Bearer', () => {
    expect(tokenFromAuthorization(undefined)).toBeUndefined();
    expect(tokenFromAuthorization(basic('anyone:tok123'))).toBe('tok123');
    expect(tokenFromAuthorization(basic('tok456:'))).toBe('tok456');
    expect(tokenFromAuthorization(basic('tok789'))).toBe('tok789');
    expect(tokenFromAuthorization('Bearer abc')).toBe('abc');
    expect(tokenFromAuthorization(basic(':'))).toBeNull();
    expect(tokenFromAuthorization('Digest x')).toBeNull();
  });
});

describe('push ref changes', () => {
  const snapshot = (refs: Record<string, string>): RefSnapshot => ({
    head: 'main',
    refs: new Map(
      Object.entries(refs).map(([name, sha]) => [
        name,
        { name, sha, type: 'commit', commit: sha, time: 0 },
      ]),
    ),
  });

  it('lists created, moved and deleted branches and tags, nothing else', () => {
    const before = snapshot({ 'refs/heads/main': 'a', 'refs/heads/old': 'b', 'refs/notes/x': 'n' });
    const after = snapshot({ 'refs/heads/main': 'c', 'refs/tags/v1': 'c', 'refs/notes/x': 'm' });
    expect(refChanges(before, after)).toEqual([
      { ref: 'refs/heads/main', before: 'a', after: 'c' },
      { ref: 'refs/heads/old', before: 'b', after: ZERO_OID },
      { ref: 'refs/tags/v1', before: ZERO_OID, after: 'c' },
    ]);
  });
});
