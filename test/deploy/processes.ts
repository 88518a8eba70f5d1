import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import type * as http from 'node:http';
import * as net from 'node:net';
import * as path from 'node:path';

/** Helpers to run the deployment pieces as real processes: Redis, nginx, built boards. */

export const ROOT = path.join(__dirname, '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not ready within ${timeoutMs} ms`);
}

export async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

/** Requests an HTTP server holds back until the test lets them through. */
export interface RequestGate {
  /** Resolves when the first held request arrives. */
  arrived: Promise<void>;
  /** Lets the held requests through, and every later one. */
  release(): void;
  /** Gives the server its own request handling back. */
  restore(): void;
}

/**
 * Holds the requests of an in-process server (a harness forge) whose URL `matches`, so a
 * test can act while a client is surely waiting for the answer.
 */
export function holdRequests(server: http.Server, matches: (url: string) => boolean): RequestGate {
  const handlers = server.listeners('request') as ((...args: unknown[]) => void)[];
  const held: (() => void)[] = [];
  let open = false;
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const gate = (request: http.IncomingMessage, response: http.ServerResponse): void => {
    const pass = (): void => handlers.forEach((handler) => handler.call(server, request, response));
    if (open || !matches(request.url ?? '')) return pass();
    held.push(pass);
    arrive();
  };
  server.removeAllListeners('request');
  server.on('request', gate);
  return {
    arrived,
    release: () => {
      open = true;
      held.splice(0).forEach((pass) => pass());
    },
    restore: () => {
      server.off('request', gate);
      handlers.forEach((handler) => server.on('request', handler));
    },
  };
}

export interface Running {
  child: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Running {
  const child = spawn(command, args, {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TZ: 'UTC', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    child,
    output: () => output,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      }),
  };
}

/** A throwaway Redis on a free loopback port. */
export async function startRedis(port?: number): Promise<Running & { url: string; port: number }> {
  const p = port ?? (await freePort());
  const redis = run('redis-server', [
    '--port',
    String(p),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  await waitFor(
    () =>
      new Promise((resolve) => {
        const socket = net.connect(p, '127.0.0.1', () => {
          socket.end();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      }),
    10_000,
  );
  return { ...redis, url: `redis://127.0.0.1:${p}`, port: p };
}

/** nginx serving the boards under /board/ with round-robin, retrying idempotent requests. */
export async function startNginx(
  upstreams: number[],
  dir: string,
): Promise<Running & { url: string }> {
  const port = await freePort();
  fs.mkdirSync(path.join(dir, 'logs'), { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
error_log ${dir}/logs/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream boards {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join('\n')}
    keepalive 8;
  }
  server {
    listen 127.0.0.1:${port};
    location /board/ {
      proxy_pass http://boards;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
    }
    # As deploy/nginx.conf, with a short read timeout the heartbeats must beat.
    location = /board/api/events {
      proxy_pass http://boards;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_buffering off;
      proxy_read_timeout 3s;
    }
  }
}
`,
  );
  const nginx = run('nginx', ['-c', conf, '-p', dir]);
  await waitFor(() => answers(`http://127.0.0.1:${port}/board/healthz`), 10_000);
  return { ...nginx, url: `http://127.0.0.1:${port}` };
}
