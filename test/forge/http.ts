import * as http from 'node:http';
import type { HarnessForge } from '../forge-harness';

export interface RawResponse {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/** One raw HTTP call to a harness forge (for what the platform client refuses to send). */
export async function call(
  forge: HarnessForge,
  method: string,
  path: string,
  options: {
    token?: string | null;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<RawResponse> {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? forge.adminToken : options.token;
  if (token) headers['authorization'] = `Bearer ${token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  const response = await fetch(forge.baseUrl + path, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON (SVG, metrics, empty).
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

/**
 * A request whose path goes out byte for byte (fetch would normalise `..` away), for
 * hostile-path tests.
 */
export function rawRequest(
  forge: HarnessForge,
  method: string,
  rawPath: string,
  options: { token?: string | null; body?: string } = {},
): Promise<{ status: number; body: string }> {
  const url = new URL(forge.baseUrl);
  const token = options.token === undefined ? forge.adminToken : options.token;
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: rawPath,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}
