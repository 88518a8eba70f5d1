import { countPatch, parseNameStatus, splitPatch } from './git-history.adapter';
import { parseCommit, parsePerson, parseTag, parseTree } from './git-objects';

describe('git object parsing', () => {
  it('parses a commit with two parents and a multi-line message', () => {
    const raw = [
      'tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904',
      'parent 1111111111111111111111111111111111111111',
      'parent 2222222222222222222222222222222222222222',
      'author Ada Lovelace <ada@example.test> 1700000000 +0100',
      'committer Bot <bot@example.test> 1700000060 -0500',
      'gpgsig -----BEGIN PGP SIGNATURE-----',
      ' abc',
      ' -----END PGP SIGNATURE-----',
      '',
      'Subject line',
      '',
      'Body.',
      '',
    ].join('\n');
    const commit = parseCommit('c'.repeat(40), Buffer.from(raw));
    expect(commit).toEqual({
      sha: 'c'.repeat(40),
      tree: '4b825dc642cb6eb9a060e54bf8d69288fbee4904',
      parents: ['1'.repeat(40), '2'.repeat(40)],
      author: { name: 'Ada Lovelace', email: 'ada@example.test', date: '2023-11-14T22:13:20.000Z' },
      committer: { name: 'Bot', email: 'bot@example.test', date: '2023-11-14T22:14:20.000Z' },
      message: 'Subject line\n\nBody.\n',
    });
  });

  it('parses annotated tags without their signature', () => {
    const raw = `object ${'a'.repeat(40)}\ntype commit\ntag v1\ntagger T <t@x> 0 +0000\n\nNotes\n-----BEGIN PGP SIGNATURE-----\nx\n`;
    expect(parseTag('b'.repeat(40), Buffer.from(raw))).toMatchObject({
      object: 'a'.repeat(40),
      type: 'commit',
      tag: 'v1',
      message: 'Notes\n',
    });
    expect(parsePerson('broken')).toMatchObject({ name: 'broken', email: '' });
  });

  it('parses binary tree entries, names with spaces included', () => {
    const entry = (mode: string, name: string, byte: number): Buffer =>
      Buffer.concat([Buffer.from(`${mode} ${name}\0`), Buffer.alloc(20, byte)]);
    const tree = Buffer.concat([
      entry('100644', 'a file.md', 1),
      entry('40000', 'src', 2),
      entry('160000', 'vendor', 3),
      entry('120000', 'link', 4),
    ]);
    expect(parseTree(tree)).toEqual([
      { mode: '100644', name: 'a file.md', sha: '01'.repeat(20), type: 'blob' },
      { mode: '40000', name: 'src', sha: '02'.repeat(20), type: 'tree' },
      { mode: '160000', name: 'vendor', sha: '03'.repeat(20), type: 'commit' },
      { mode: '120000', name: 'link', sha: '04'.repeat(20), type: 'blob' },
    ]);
  });

  it('parses name-status output and counts patch lines per file', () => {
    expect(parseNameStatus('M\0a b.txt\0R087\0old.ts\0new.ts\0A\0x\0')).toEqual([
      { status: 'M', previousPath: '', path: 'a b.txt' },
      { status: 'R', previousPath: 'old.ts', path: 'new.ts' },
      { status: 'A', previousPath: '', path: 'x' },
    ]);
    const patch = [
      'diff --git a/a b/a',
      'index 1..2 100644',
      '--- a/a',
      '+++ b/a',
      '@@ -1 +1,2 @@',
      '-old',
      '+new',
      '+more',
      'diff --git a/bin b/bin',
      'Binary files a/bin and b/bin differ',
      '',
    ].join('\n');
    const sections = splitPatch(patch);
    expect(sections).toHaveLength(2);
    expect(countPatch(sections[0])).toEqual({
      additions: 2,
      deletions: 1,
      patch: '@@ -1 +1,2 @@\n-old\n+new\n+more',
    });
    expect(countPatch(sections[1])).toEqual({ additions: 0, deletions: 0, patch: '' });
  });
});
