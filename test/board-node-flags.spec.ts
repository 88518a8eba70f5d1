import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const root = path.join(__dirname, '..');
const flags = path.join(root, 'scripts/board-node-flags.mjs');

/**
 * `boardNodeEnv` of the ES module, run in a node of its own: `choice` null is no
 * `BOARD_ALLOCATOR`, `jemalloc` null no library installed.
 */
function boardNodeEnv(
  choice: string | null,
  jemalloc: string | null,
): { env?: object; error?: string } {
  const call = `import(process.argv[1]).then((m) => {
    const [choice, jemalloc] = JSON.parse(process.argv[2]);
    try { console.log(JSON.stringify({ env: m.boardNodeEnv({ choice: choice ?? undefined, jemalloc }) })); }
    catch (error) { console.log(JSON.stringify({ error: error.message })); }
  })`;
  const result = spawnSync(
    process.execPath,
    ['-e', call, flags, JSON.stringify([choice, jemalloc])],
    { encoding: 'utf8', env: withoutAllocatorChoice() },
  );
  return JSON.parse(result.stdout) as { env?: object; error?: string };
}

function withoutAllocatorChoice(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env['BOARD_ALLOCATOR'];
  return env;
}

const JEMALLOC = '/opt/lib/libjemalloc.so.2';
const GLIBC = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '32768' };

describe('the board allocator (scripts/board-node-flags.mjs)', () => {
  it('preloads jemalloc with one arena and a background thread where it is installed', () => {
    expect(boardNodeEnv(null, JEMALLOC)).toEqual({
      env: {
        LD_PRELOAD: JEMALLOC,
        MALLOC_CONF: 'narenas:1,background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0',
      },
    });
    expect(boardNodeEnv('jemalloc', JEMALLOC).env).toHaveProperty('LD_PRELOAD', JEMALLOC);
  });

  it('sets glibc up where jemalloc is missing, or when BOARD_ALLOCATOR=glibc', () => {
    expect(boardNodeEnv(null, null)).toEqual({ env: GLIBC });
    expect(boardNodeEnv('glibc', JEMALLOC)).toEqual({ env: GLIBC });
  });

  it('refuses an unknown allocator, and jemalloc where it is missing', () => {
    expect(boardNodeEnv('tcmalloc', JEMALLOC).error).toBe(
      'BOARD_ALLOCATOR must be glibc or jemalloc (got "tcmalloc")',
    );
    expect(boardNodeEnv('jemalloc', null).error).toMatch(
      /^BOARD_ALLOCATOR=jemalloc, but none of .*libjemalloc\.so\.2 exists$/,
    );
  });

  it('stops npm start with the message alone when BOARD_ALLOCATOR is wrong', () => {
    const result = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), 'board'], {
      encoding: 'utf8',
      env: { ...process.env, BOARD_ALLOCATOR: 'tcmalloc' },
    });
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe('BOARD_ALLOCATOR must be glibc or jemalloc (got "tcmalloc")');
  });
});
