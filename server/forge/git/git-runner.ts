import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { NotFoundError, UnavailableError, UpstreamError } from '../../common/errors';

export interface GitRunOptions {
  /** Working directory (a bare repository for most commands). */
  cwd?: string;
  /** Kill the process after this long. Default 30 s. */
  timeoutMs?: number;
  /** Bytes written to the process's stdin. */
  input?: Buffer | string;
  /** Variables added to a minimal environment. */
  env?: Record<string, string>;
  /** Kill the process and fail once stdout grows past this (default 64 MiB). */
  maxOutputBytes?: number;
  /** Exit codes that count as success besides 0 (e.g. 1 for `merge-base` without a common ancestor). */
  okCodes?: readonly number[];
}

export interface GitResult {
  stdout: Buffer;
  stderr: string;
  code: number;
}

export interface GitSpawnOptions {
  cwd?: string;
  env?: Record<string, string>;
  /** Hard limit on the whole run. */
  timeoutMs: number;
  /** Kill the process when neither stdin nor stdout moved for this long. */
  idleTimeoutMs?: number;
}

/** A streaming git process: the caller pipes its stdin and stdout; `exit` settles when it ends. */
export interface GitProcess {
  child: ChildProcessWithoutNullStreams;
  /** Exit code (null when killed) and the first 64 kB of stderr. */
  exit: Promise<{ code: number | null; stderr: string; timedOut: boolean }>;
  /** Stop the process now (client gone). */
  kill(): void;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_OUTPUT = 64 * 1024 * 1024;
const STDERR_KEEP = 64 * 1024;

/**
 * Runs `git` with an argument array: no shell ever parses what a user typed, and every
 * call has a timeout. Callers put user input after `--` (see GitAdapter). Counts the
 * processes it starts, so tests can assert that refused input ran nothing.
 */
export class GitRunner {
  private spawned = 0;

  constructor(private readonly binary = 'git') {}

  /** How many git processes this runner has started. */
  get spawnCount(): number {
    return this.spawned;
  }

  /** Run `git <args>` to completion; rejects with UpstreamError on a non-zero exit or a timeout. */
  run(args: readonly string[], options: GitRunOptions = {}): Promise<GitResult> {
    return new Promise((resolve, reject) => {
      const child = this.start(args, options.cwd, options.env);
      const stdout: Buffer[] = [];
      const stderr: Buffer[] = [];
      let size = 0;
      let failure: string | null = null;
      const timer = setTimeout(() => {
        failure = `git ${args[0]} timed out`;
        child.kill('SIGKILL');
      }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
      const limit = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT;
      child.stdout.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) {
          failure ??= `git ${args[0]} produced more than ${limit} bytes`;
          child.kill('SIGKILL');
          return;
        }
        stdout.push(chunk);
      });
      child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
      child.on('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(startError(args, error));
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        const errText = Buffer.concat(stderr).toString('utf8').trim();
        const ok = code === 0 || (code !== null && (options.okCodes ?? []).includes(code));
        if (failure) reject(new UpstreamError(failure));
        else if (!ok) reject(new UpstreamError(`git ${args[0]} failed (exit ${code}): ${errText}`));
        else resolve({ stdout: Buffer.concat(stdout), stderr: errText, code: code ?? 0 });
      });
      child.stdin.on('error', () => undefined);
      child.stdin.end(options.input ?? undefined);
    });
  }

  /** Start `git <args>` with piped streams for the caller to drive (transport, cat-file, fast-import). */
  spawn(args: readonly string[], options: GitSpawnOptions): GitProcess {
    const child = this.start(args, options.cwd, options.env);
    let timedOut = false;
    const kill = (): void => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    const hard = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    let idle: NodeJS.Timeout | null = null;
    const touch = (): void => {
      if (!options.idleTimeoutMs) return;
      if (idle) idle.refresh();
      else
        idle = setTimeout(() => {
          timedOut = true;
          kill();
        }, options.idleTimeoutMs);
    };
    touch();
    child.stdout.on('data', touch);
    child.stdin.on('drain', touch);
    child.stdin.on('error', () => undefined);
    const stderr: Buffer[] = [];
    let kept = 0;
    child.stderr.on('data', (chunk: Buffer) => {
      if (kept < STDERR_KEEP) stderr.push(chunk);
      kept += chunk.length;
    });
    const exit = new Promise<{ code: number | null; stderr: string; timedOut: boolean }>(
      (resolve) => {
        let settled = false;
        const finish = (code: number | null): void => {
          if (settled) return;
          settled = true;
          clearTimeout(hard);
          if (idle) clearTimeout(idle);
          resolve({ code, stderr: Buffer.concat(stderr).toString('utf8').trim(), timedOut });
        };
        child.on('error', () => finish(null));
        child.on('close', (code) => finish(code));
      },
    );
    return { child, exit, kill };
  }

  private start(
    args: readonly string[],
    cwd: string | undefined,
    env: Record<string, string> | undefined,
  ): ChildProcessWithoutNullStreams {
    // spawn reports a missing folder as a missing git; say what is really missing.
    if (cwd !== undefined && !existsSync(cwd))
      throw new NotFoundError('The repository has no git folder', { field: 'repo' });
    this.spawned += 1;
    return spawn(this.binary, args, {
      cwd,
      shell: false,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: {
        PATH: process.env['PATH'] ?? '/usr/bin:/bin',
        HOME: process.env['HOME'] ?? '/tmp',
        // The user's or system's git configuration must not change what the forge does.
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_TERMINAL_PROMPT: '0',
        LC_ALL: 'C',
        ...env,
      },
    });
  }
}

function startError(args: readonly string[], error: NodeJS.ErrnoException): Error {
  return error.code === 'ENOENT'
    ? new UnavailableError('git is not installed (the forge needs the git command)')
    : new UpstreamError(`git ${args[0]} could not start: ${error.message}`);
}
