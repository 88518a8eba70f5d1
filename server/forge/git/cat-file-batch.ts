import { UpstreamError } from '../../common/errors';
import type { GitProcess, GitRunner } from './git-runner';

/** What `info` tells about an object. */
export interface ObjectInfo {
  sha: string;
  type: string;
  size: number;
}

/** An object with its bytes. */
export interface ObjectData extends ObjectInfo {
  data: Buffer;
}

interface Pending {
  withData: boolean;
  resolve(value: ObjectData | ObjectInfo | null): void;
  reject(error: Error): void;
}

/** Longest a single answer may take before the process is considered stuck. */
const ANSWER_TIMEOUT_MS = 15_000;

/**
 * One long-lived `git cat-file --batch-command` on one repository. Commands go down its
 * stdin one per line; answers come back in order, so a FIFO of pending calls is the
 * whole protocol. Object names are built by the adapter from ids and checked paths,
 * never taken from a caller as they are (a newline would start another command).
 */
export class CatFileBatch {
  private readonly process: GitProcess;
  private readonly queue: Pending[] = [];
  private chunks: Buffer[] = [];
  private buffered = 0;
  private header: { info: ObjectInfo } | null = null;
  private closed = false;
  private watchdog: NodeJS.Timeout | null = null;
  /** Set when the process ends, so the pool can drop it. */
  onClose: (() => void) | null = null;

  constructor(runner: GitRunner, dir: string) {
    // The hard limit is far away: the pool closes idle processes long before.
    this.process = runner.spawn(['cat-file', '--batch-command'], {
      cwd: dir,
      timeoutMs: 24 * 3_600_000,
    });
    this.process.child.stdout.on('data', (chunk: Buffer) => this.receive(chunk));
    void this.process.exit.then(({ code, stderr }) =>
      this.fail(new UpstreamError(`git cat-file stopped (exit ${code}): ${stderr}`)),
    );
  }

  /** Whether the process still takes commands. */
  get alive(): boolean {
    return !this.closed;
  }

  /** Calls waiting for an answer. */
  get pending(): number {
    return this.queue.length;
  }

  /** Type and size of an object, or null when it does not exist. */
  info(object: string): Promise<ObjectInfo | null> {
    return this.send(`info ${object}`, false);
  }

  /** Type, size and bytes of an object, or null when it does not exist. */
  contents(object: string): Promise<ObjectData | null> {
    return this.send(`contents ${object}`, true) as Promise<ObjectData | null>;
  }

  /** Stop the process; pending calls fail. */
  close(): void {
    this.fail(new UpstreamError('git cat-file closed'));
  }

  private send(command: string, withData: boolean): Promise<ObjectData | ObjectInfo | null> {
    if (this.closed) return Promise.reject(new UpstreamError('git cat-file is not running'));
    if (/[\n\r\0]/.test(command))
      return Promise.reject(new UpstreamError('object names cannot contain line breaks'));
    return new Promise((resolve, reject) => {
      this.queue.push({ withData, resolve, reject });
      this.arm();
      this.process.child.stdin.write(`${command}\n`);
    });
  }

  /** A stuck answer fails every call and ends the process, rather than hanging requests. */
  private arm(): void {
    if (this.watchdog) this.watchdog.refresh();
    else
      this.watchdog = setTimeout(
        () => this.fail(new UpstreamError('git cat-file did not answer in time')),
        ANSWER_TIMEOUT_MS,
      );
  }

  private receive(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    while (this.queue.length > 0 && this.step()) {
      // Each step settles one call.
    }
    if (this.watchdog) {
      if (this.queue.length === 0) {
        clearTimeout(this.watchdog);
        this.watchdog = null;
      } else this.watchdog.refresh();
    }
  }

  /** Settle the oldest call if its whole answer has arrived; false when more bytes are needed. */
  private step(): boolean {
    const current = this.queue[0];
    if (!this.header) {
      const data = this.peek();
      const newline = data.indexOf(0x0a);
      if (newline === -1) return false;
      const line = data.toString('utf8', 0, newline);
      this.consume(newline + 1);
      const parts = line.split(' ');
      if (parts.length !== 3 || !/^\d+$/.test(parts[2])) {
        // `<name> missing` or `<name> ambiguous`.
        this.queue.shift();
        current.resolve(null);
        return true;
      }
      const info: ObjectInfo = { sha: parts[0], type: parts[1], size: Number(parts[2]) };
      if (!current.withData) {
        this.queue.shift();
        current.resolve(info);
        return true;
      }
      this.header = { info };
    }
    const { info } = this.header;
    if (this.buffered < info.size + 1) return false;
    const data = this.peek();
    const body = Buffer.from(data.subarray(0, info.size));
    this.consume(info.size + 1);
    this.header = null;
    this.queue.shift();
    current.resolve({ ...info, data: body });
    return true;
  }

  private peek(): Buffer {
    if (this.chunks.length > 1) this.chunks = [Buffer.concat(this.chunks, this.buffered)];
    return this.chunks[0] ?? Buffer.alloc(0);
  }

  private consume(bytes: number): void {
    const data = this.peek();
    const rest = data.subarray(bytes);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
  }

  private fail(error: Error): void {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = null;
    const wasOpen = !this.closed;
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(error);
    if (wasOpen) {
      this.process.child.stdin.end();
      this.process.kill();
      this.onClose?.();
    }
  }
}
