import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { HarnessForge } from '../forge-harness';

export interface GitOutput {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The stock git client in a temporary HOME, so the machine's git configuration plays no
 * part; never prompts. Each test file makes one and removes it at the end.
 */
export class GitClient {
  readonly root = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-git-client-'));

  /** Run `git <args>` in `cwd` (the client's root by default). */
  run(args: string[], cwd = this.root, env: Record<string, string> = {}): Promise<GitOutput> {
    return new Promise((resolve, reject) => {
      const child = spawn('git', args, {
        cwd,
        shell: false,
        env: {
          PATH: process.env['PATH'] ?? '/usr/bin:/bin',
          HOME: this.root,
          GIT_CONFIG_NOSYSTEM: '1',
          GIT_TERMINAL_PROMPT: '0',
          GIT_ASKPASS: '',
          GIT_AUTHOR_NAME: 'Test Author',
          GIT_AUTHOR_EMAIL: 'author@example.test',
          GIT_COMMITTER_NAME: 'Test Author',
          GIT_COMMITTER_EMAIL: 'author@example.test',
          LC_ALL: 'C',
          ...env,
        },
      });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
      child.on('error', reject);
      child.on('close', (code) =>
        resolve({
          code: code ?? -1,
          stdout: Buffer.concat(out).toString('utf8'),
          stderr: Buffer.concat(err).toString('utf8'),
        }),
      );
      child.stdin.end();
    });
  }

  /** Run and fail the test with git's own message on a non-zero exit. */
  async ok(args: string[], cwd = this.root, env: Record<string, string> = {}): Promise<string> {
    const result = await this.run(args, cwd, env);
    if (result.code !== 0)
      throw new Error(`git ${args.join(' ')} failed (${result.code}): ${result.stderr}`);
    return result.stdout;
  }

  /** A folder under the client's root. */
  dir(name: string): string {
    return path.join(this.root, name);
  }

  /** Write a file in a work tree, creating folders. */
  write(worktree: string, file: string, content: string | Buffer): void {
    const target = path.join(worktree, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, content);
  }

  /** Remove every folder the client made. */
  cleanup(): void {
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}

/** The remote URL of `org/repo` on a harness forge, with a token as the password when given. */
export function remoteUrl(forge: HarnessForge, fullName: string, token?: string): string {
  const url = new URL(`/${fullName}`, forge.baseUrl);
  if (token) {
    url.username = 'git';
    url.password = token;
  }
  return url.toString();
}
