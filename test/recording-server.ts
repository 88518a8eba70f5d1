/**
 * A real `node:http` server for the platform client's specs: it records every request
 * exactly as it arrived (raw, still-encoded path) and answers from per-route handlers.
 * Unknown routes answer like the platform: 404 with errcode 5.
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Raw path as sent, without the query string. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body parsed as JSON, when it was JSON. */
  json: unknown;
}

/** Answers one request; `call` counts earlier requests to the same route (0 for the first). */
export type Handler = (
  req: RecordedRequest,
  res: ServerResponse,
  call: number,
) => void | Promise<void>;

export class RecordingServer {
  readonly requests: RecordedRequest[] = [];
  private readonly handlers = new Map<string, Handler>();
  private readonly calls = new Map<string, number>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<RecordingServer> {
    const server = createServer();
    const recording = new RecordingServer(server);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const url = req.url ?? '/';
        const queryAt = url.indexOf('?');
        const body = Buffer.concat(chunks);
        const recorded: RecordedRequest = {
          method: req.method ?? 'GET',
          path: queryAt === -1 ? url : url.slice(0, queryAt),
          query: Object.fromEntries(
            new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1)),
          ),
          headers: req.headers,
          body,
          json: parseJson(body),
        };
        recording.requests.push(recorded);
        void recording.dispatch(recorded, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return recording;
  }

  get url(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  /** Answer `method path` (raw, encoded path) with `handler`. */
  on(method: string, path: string, handler: Handler): this {
    this.handlers.set(`${method} ${path}`, handler);
    return this;
  }

  /** Answer `method path` with a JSON body. */
  json(
    method: string,
    path: string,
    body: unknown,
    status = 200,
    headers: Record<string, string> = {},
  ): this {
    return this.on(method, path, (_req, res) => reply(res, status, body, headers));
  }

  /** Requests seen, as `METHOD path` strings. */
  seen(): string[] {
    return this.requests.map((r) => `${r.method} ${r.path}`);
  }

  /** Forget recorded requests and handlers between tests. */
  reset(): void {
    this.requests.length = 0;
    this.handlers.clear();
    this.calls.clear();
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async dispatch(req: RecordedRequest, res: ServerResponse): Promise<void> {
    const key = `${req.method} ${req.path}`;
    const handler = this.handlers.get(key);
    const call = this.calls.get(key) ?? 0;
    this.calls.set(key, call + 1);
    if (!handler) {
      reply(res, 404, { errcode: 5, errmsg: `no route ${key}`, errparam: {} });
      return;
    }
    try {
      await handler(req, res, call);
    } catch (error) {
      reply(res, 500, { errcode: 500, errmsg: String(error), errparam: {} });
    }
  }
}

/** Send a JSON answer (or nothing for `undefined`). */
export function reply(
  res: ServerResponse,
  status: number,
  body?: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.writableEnded) return;
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, { ...(text ? { 'Content-Type': 'application/json' } : {}), ...headers });
  res.end(text);
}

/** A platform error body. */
export function platformError(
  errcode: number,
  errmsg: string,
): { errcode: number; errmsg: string; errparam: object } {
  return { errcode, errmsg, errparam: {} };
}

function parseJson(body: Buffer): unknown {
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}
