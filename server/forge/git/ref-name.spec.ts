import { spawnSync } from 'node:child_process';
import { checkRefName, checkRevision, refNameProblem } from './ref-name';

/** What git itself says about a ref name. */
function gitAccepts(name: string): boolean {
  return spawnSync('git', ['check-ref-format', '--allow-onelevel', name]).status === 0;
}

describe('ref names', () => {
  const names = [
    'main',
    'feature/x',
    'release/1.x',
    'v1.0.0',
    'a-b_c',
    'with space',
    'a..b',
    'a/./b',
    '.hidden',
    'dir/.hidden',
    'x.lock',
    'dir/x.lock/y',
    'trailing.',
    'trailing/',
    '/leading',
    'double//slash',
    'x@{1}',
    '@',
    'tab\tname',
    'tilde~1',
    'caret^',
    'colon:x',
    'quest?',
    'star*',
    'bracket[',
    'back\\slash',
    'nul\u0001',
    'del\u007f',
    'ünïcode',
    'a@b',
  ];

  it.each(names)('agrees with git check-ref-format on %p', (name) => {
    expect(refNameProblem(name) === null).toBe(gitAccepts(name));
  });

  it('also refuses what git would read as an option, and overlong names', () => {
    expect(refNameProblem('-x')).toBe('starts with "-"');
    expect(refNameProblem('--upload-pack=touch x')).not.toBeNull();
    expect(refNameProblem('a'.repeat(256))).not.toBeNull();
    expect(() => checkRefName('name', 'HEAD')).toThrow('short name');
    expect(() => checkRefName('name', 'refs/heads/x')).toThrow('short name');
  });

  it('takes commit ids and ref names as revisions, nothing else', () => {
    expect(checkRevision('ref', 'a1b2c3d')).toBe('a1b2c3d');
    expect(checkRevision('ref', 'feature/x')).toBe('feature/x');
    for (const bad of ['main~1', 'HEAD^', ':/text', '@{-1}', '-p', 'a..b', ''])
      expect(() => checkRevision('ref', bad)).toThrow();
  });
});
