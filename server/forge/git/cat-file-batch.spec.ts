import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CatFilePool } from './cat-file-pool';
import { GitRunner } from './git-runner';

describe('warm cat-file processes', () => {
  let dir: string;
  let commit: string;
  const runner = new GitRunner();
  let pool: CatFilePool;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cat-file-'));
    execFileSync('git', ['init', '-q', '--bare', '-b', 'main', dir]);
    const big = 'x'.repeat(300_000);
    const stream = [
      'commit refs/heads/main',
      'committer A <a@x> 1700000000 +0000',
      'data 2',
      'hi',
      'M 100644 inline small name.txt',
      'data 6',
      'hello',
      '',
      'M 100644 inline big.txt',
      `data ${big.length}`,
      big,
      '',
      'done',
      '',
    ].join('\n');
    execFileSync('git', ['fast-import', '--quiet', '--done'], { cwd: dir, input: stream });
    commit = execFileSync('git', ['rev-parse', 'main'], { cwd: dir }).toString().trim();
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });
  // A pool per test: the spawn count a test sees is its own, in any order.
  beforeEach(() => {
    pool = new CatFilePool(runner, { idleMs: 60_000, maxProcesses: 2 });
  });
  afterEach(() => pool.closeAll());

  it('answers many pipelined reads from one process, large objects and misses included', async () => {
    const before = runner.spawnCount;
    const batch = pool.get(dir);
    const reads = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? batch.contents(`${commit}:small name.txt`)
          : batch.contents(`${commit}:big.txt`),
      ),
    );
    expect(reads[0]?.data.toString()).toBe('hello\n');
    expect(reads[1]?.size).toBe(300_000);
    expect(reads[1]?.data.equals(Buffer.alloc(300_000, 'x'))).toBe(true);
    expect(await batch.info(`${commit}:missing`)).toBeNull();
    expect(await batch.info(commit)).toMatchObject({ sha: commit, type: 'commit' });
    expect(pool.get(dir)).toBe(batch);
    expect(runner.spawnCount - before).toBe(1);
  });

  it('refuses object names with a line break (they would be a second command)', async () => {
    await expect(pool.get(dir).info('main\ninfo HEAD')).rejects.toThrow('line breaks');
  });

  it('restarts a process that was closed', async () => {
    const first = pool.get(dir);
    pool.close(dir, true);
    expect(first.alive).toBe(false);
    const second = pool.get(dir);
    expect(second).not.toBe(first);
    expect((await second.info(commit))?.type).toBe('commit');
  });
});
