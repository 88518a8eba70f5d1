/** A change stream (`GET /api/events`) read as a browser's EventSource would, for tests. */

export interface StreamFrame {
  /** `change`, `reset`, `heartbeat` (also for a comment line). */
  event: string;
  id: string | null;
  data: string;
}

export interface OpenedStream {
  status: number;
  headers: Headers;
  /** The error body when the stream was refused. */
  body: string;
  /** The next frame that `match` accepts (earlier ones are passed over). */
  next(match?: (frame: StreamFrame) => boolean): Promise<StreamFrame>;
  /** Frames received so far. */
  readonly frames: StreamFrame[];
  /** Resolves when the board ends the stream. */
  readonly ended: Promise<void>;
  close(): void;
}

export async function openStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<OpenedStream> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const frames: StreamFrame[] = [];
  // Frames before `cursor` were passed to an earlier `next`; one `next` waits at a time.
  let cursor = 0;
  let waiter: { match: (f: StreamFrame) => boolean; resolve: (f: StreamFrame) => void } | null =
    null;
  const offer = (): void => {
    while (waiter && cursor < frames.length) {
      const frame = frames[cursor++];
      if (waiter.match(frame)) {
        const { resolve } = waiter;
        waiter = null;
        resolve(frame);
      }
    }
  };
  if (response.headers.get('content-type')?.startsWith('text/event-stream') !== true) {
    const body = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body,
      frames,
      next: () => Promise.reject(new Error(`stream refused: ${response.status} ${body}`)),
      ended: Promise.resolve(),
      close: () => undefined,
    };
  }
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const frame = parseFrame(block);
          if (frame) frames.push(frame);
        }
        offer();
      }
    } catch {
      // Closed by `close()`.
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    body: '',
    frames,
    next: (match = () => true) =>
      new Promise((resolve) => {
        waiter = { match, resolve };
        offer();
      }),
    ended,
    close: () => abort.abort(),
  };
}

function parseFrame(block: string): StreamFrame | null {
  let event = 'message';
  let id: string | null = null;
  const data: string[] = [];
  let fields = 0;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) return { event: 'heartbeat', id: null, data: line.slice(1).trim() };
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'id') id = value;
    else if (field === 'data') data.push(value);
    else continue;
    fields++;
  }
  return fields === 0 ? null : { event, id, data: data.join('\n') };
}
