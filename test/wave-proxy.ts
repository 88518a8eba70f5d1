import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP proxy in front of a platform that counts round trips: it holds the requests it
 * receives and sends them on together as one wave once none has arrived for `quietMs`,
 * and starts the next wave only when every answer of the previous one is back. A caller
 * whose answer needs N sequential rounds of platform calls therefore sees N waves,
 * however fast the platform is; parallel calls share a wave.
 */
export interface WaveProxy {
  url: string;
  /** Waves sent so far. */
  readonly waves: number;
  /** Requests received so far, each with the wave it went in. */
  readonly log: readonly { method: string; path: string; wave: number }[];
  stop(): Promise<void>;
}

interface Held {
  request: http.IncomingMessage;
  body: Buffer;
  response: http.ServerResponse;
  entry: { method: string; path: string; wave: number };
}

export async function startWaveProxy(target: string, quietMs = 40): Promise<WaveProxy> {
  let waves = 0;
  let inWave = 0;
  let held: Held[] = [];
  let timer: NodeJS.Timeout | null = null;
  const log: { method: string; path: string; wave: number }[] = [];

  const schedule = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(release, quietMs);
  };

  const release = (): void => {
    timer = null;
    if (inWave > 0 || held.length === 0) return;
    waves += 1;
    const wave = held;
    held = [];
    inWave = wave.length;
    for (const item of wave) {
      item.entry.wave = waves;
      void forward(item).finally(() => {
        inWave -= 1;
        if (inWave === 0 && held.length > 0) schedule();
      });
    }
  };

  const forward = async ({ request, body, response }: Held): Promise<void> => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (name === 'host' || name === 'connection' || value === undefined) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    try {
      const answer = await fetch(target + request.url, {
        method: request.method,
        headers,
        body: body.length > 0 ? body : undefined,
      });
      const bytes = Buffer.from(await answer.arrayBuffer());
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!['content-encoding', 'content-length', 'transfer-encoding'].includes(name))
          out[name] = value;
      });
      response.writeHead(answer.status, out).end(bytes);
    } catch (error) {
      response.writeHead(502).end(String(error));
    }
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { method: request.method ?? 'GET', path: request.url ?? '/', wave: 0 };
      log.push(entry);
      held.push({ request, body: Buffer.concat(chunks), response, entry });
      if (inWave === 0) schedule();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get waves() {
      return waves;
    },
    log,
    stop: () =>
      new Promise<void>((resolve) => {
        if (timer) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
