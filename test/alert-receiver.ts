import { EventEmitter } from 'node:events';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: Record<string, unknown>;
}

/** A real HTTP receiver on loopback that answers the statuses it is given, then 200. */
export class Receiver {
  readonly received: Received[] = [];
  connections = 0;
  private readonly arrivals = new EventEmitter();
  private answers: { status: number; headers?: Record<string, string>; body?: string }[] = [];
  private server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        // Not JSON: kept raw.
      }
      this.received.push({ headers: request.headers, raw, body });
      this.arrivals.emit('received');
      const answer = this.answers.shift() ?? { status: 200 };
      response.writeHead(answer.status, answer.headers ?? { 'content-type': 'application/json' });
      response.end(answer.body ?? '{"ok":true}');
    });
  });

  /** Listen on loopback, on `port` or a free one. */
  async start(port = 0): Promise<this> {
    this.server.on('connection', () => this.connections++);
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    return this;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  /** Resolves once `count` requests have arrived. */
  async receivedCount(count: number): Promise<void> {
    while (this.received.length < count) {
      await new Promise((resolve) => this.arrivals.once('received', resolve));
    }
  }

  answer(...answers: { status: number; headers?: Record<string, string>; body?: string }[]): void {
    this.answers.push(...answers);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
