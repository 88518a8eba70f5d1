import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface ForgeLaunchOptions {
  /** The built forge entry (`dist/server/server/forge/main.js`). */
  entry: string;
  port: number;
  /** The board's DATA_DIR; the forge keeps its files under `<dataDir>/forge`. */
  dataDir: string;
  seed: 'demo' | 'none';
  simulate: boolean;
  adminToken: string | null;
  /** Variables passed on to the forge besides the ones above (PATH, TZ…). */
  env: Record<string, string | undefined>;
  /** How long to wait for the forge to answer; seeding a fresh demo takes a few seconds. */
  readyTimeoutMs?: number;
}

export interface RunningForge {
  baseUrl: string;
  token: string;
  /** Stop the forge and wait for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts the forge as a child process for demo mode and waits until it answers.
 * The board never imports forge code: it only runs the built entry, as a user would.
 */
export async function launchForge(options: ForgeLaunchOptions): Promise<RunningForge> {
  if (!fs.existsSync(options.entry)) {
    throw new Error(`the forge is not built (${options.entry} is missing)`);
  }
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, [options.entry], {
    env: {
      ...options.env,
      FORGE_PORT: String(options.port),
      FORGE_HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      FORGE_SEED: options.seed,
      FORGE_SIMULATE: String(options.simulate),
      ...(options.adminToken ? { FORGE_ADMIN_TOKEN: options.adminToken } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const killOnExit = (): void => {
    child.kill('SIGTERM');
  };
  process.once('exit', killOnExit);

  try {
    await waitUntilReady(child, baseUrl, options.readyTimeoutMs ?? 120_000);
  } catch (error) {
    child.kill('SIGTERM');
    process.off('exit', killOnExit);
    throw error;
  }

  const token =
    options.adminToken ??
    fs.readFileSync(path.join(options.dataDir, 'forge', 'admin-token'), 'utf8').trim();

  return {
    baseUrl,
    token,
    stop: async () => {
      process.off('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function waitUntilReady(
  child: ChildProcess,
  baseUrl: string,
  timeoutMs: number,
): Promise<void> {
  // An object, so the narrowing of a plain `let` does not hide the callback's assignment.
  const exited: { how: string | null } = { how: null };
  child.once('exit', (code, signal) => {
    exited.how = signal ? `signal ${signal}` : `code ${code}`;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited.how) {
      throw new Error(`the forge exited with ${exited.how} before answering on ${baseUrl}`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`the forge did not answer on ${baseUrl} within ${timeoutMs / 1000} s`);
}
