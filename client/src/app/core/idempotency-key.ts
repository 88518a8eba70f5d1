import { HttpHeaders } from '@angular/common/http';

/**
 * Headers for one submission of a write the board must make at most once (a dispatch, a
 * hand-over): a new `Idempotency-Key`, so a repeat of the same request (a retry, a proxy's
 * resend) gets the first answer instead of a second issue. 128 random bits from
 * `crypto.getRandomValues`, which, unlike `randomUUID`, pages served over plain HTTP have.
 */
export function idempotencyHeaders(): HttpHeaders {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const key = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return new HttpHeaders({ 'Idempotency-Key': key });
}
