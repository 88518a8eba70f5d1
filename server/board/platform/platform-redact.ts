/**
 * Removes credentials from text before it reaches a log line or an error message.
 *
 * Patterns catch what a platform token looks like in transit (Authorization values,
 * URL user info, signed query parameters); `secrets` catches the configured token
 * wherever else it might be echoed, e.g. inside an upstream error message.
 */

const MASK = '***';

// `Authorization: Bearer x`, `"authorization":"Bearer x"`, `authorization=x`.
const AUTH_HEADER = /(authorization["']?\s*[:=]\s*["']?)(?:(bearer|basic|token)\s+)?[^\s"',;}&]+/gi;
// A bare `Bearer x` outside a header, e.g. in a dumped config.
const BEARER = /\b(bearer\s+)(?!\*\*\*)[A-Za-z0-9._~+/=-]+/gi;
// `scheme://user:secret@host` keeps the user; `scheme://secret@host` loses all user info.
const URL_USER_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/:@]*):[^\s/@]*@/gi;
const URL_USER_ONLY = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/:@]+@/gi;
// Signed upload URLs and token-in-query APIs.
const QUERY_SECRET =
  /([?&](?:access_token|private_token|token|signature|sig|x-amz-signature|x-amz-credential|key)=)[^&\s#"']*/gi;

/** Replace Authorization values, URL credentials, signed query values and the given secrets by `***`. */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) {
    // Short strings would mask ordinary words; a real token is never this short.
    if (secret.length < 4) continue;
    out = out.split(secret).join(MASK);
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) out = out.split(encoded).join(MASK);
  }
  return out
    .replace(
      AUTH_HEADER,
      (_m, head: string, scheme: string | undefined) =>
        `${head}${scheme ? `${scheme} ` : ''}${MASK}`,
    )
    .replace(BEARER, `$1${MASK}`)
    .replace(URL_USER_PASSWORD, `$1$2:${MASK}@`)
    .replace(URL_USER_ONLY, `$1${MASK}@`)
    .replace(QUERY_SECRET, `$1${MASK}`);
}
