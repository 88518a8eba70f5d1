import { spawn } from 'node:child_process';
import { UnavailableError, UpstreamError } from '../../common/errors';

export interface GitRunOptions {
  /** Working directory (a bare repository for most commands). */
  cwd?: string;
  /** Kill the process after this long. Default 30 s. */
  timeoutMs?: number;
  /** Bytes written to the process's stdin. */
  input?: Buffer | string;
  /** Variables added to a minimal environment. */
  env?: Record<string, string>;
}

export interface GitResult {
  stdout: Buffer;
  stderr: string;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Runs `git` with an argument array: no shell ever parses what a user typed, and every
 * call has a timeout. Callers put user input after `--` (see GitAdapter).
 */
export class GitRunner {
  constructor(private readonly binary = 'git') {}

  /** Run `git <args>`; rejects with UpstreamError on a non-zero exit or a timeout. */
  run(args: readonly string[], options: GitRunOptions = {}): Promise<GitResult> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.binary, args, {
        cwd: options.cwd,
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
          ...options.env,
        },
      });
      const stdout: Buffer[] = [];
      const stderr: Buffer[] = [];
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
      child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
      child.on('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(
          error.code === 'ENOENT'
            ? new UnavailableError('git is not installed (the forge needs the git command)')
            : new UpstreamError(`git ${args[0]} could not start: ${error.message}`),
        );
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        const errText = Buffer.concat(stderr).toString('utf8').trim();
        if (timedOut) reject(new UpstreamError(`git ${args[0]} timed out`));
        else if (code !== 0)
          reject(new UpstreamError(`git ${args[0]} failed (exit ${code}): ${errText}`));
        else resolve({ stdout: Buffer.concat(stdout), stderr: errText });
      });
      child.stdin.on('error', () => undefined);
      child.stdin.end(options.input ?? undefined);
    });
  }
}
