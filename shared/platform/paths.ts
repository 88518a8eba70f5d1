/**
 * Path rules shared by the platform client and the forge.
 *
 * A path segment that would change the meaning of a URL (`..`, an empty segment, a
 * control character) is refused before any request is made or any file is touched.
 */

/** Organization, user and repository names (docs/rules.md#board-api-input). */
export const SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** Names the forge keeps for its own routes; no organization or user may take them. */
export const RESERVED_NAMES: readonly string[] = [
  'user',
  'users',
  'groups',
  'events',
  'api',
  'metrics',
  'healthz',
  'search',
  '-',
];

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

export function isSlug(value: string): boolean {
  return SLUG_PATTERN.test(value) && !value.endsWith('.git') && value !== '.' && value !== '..';
}

/** `org/name`, both parts slugs. */
export function isFullName(value: string): boolean {
  const parts = value.split('/');
  return parts.length === 2 && parts.every(isSlug);
}

/**
 * Why a multi-segment path (file path, ref with `/`) is unsafe, or `null` when it is fine.
 * Segments are checked as given, before and after percent-decoding, so `%2e%2e` is
 * refused like `..`.
 */
export function unsafePathReason(path: string): string | null {
  if (path.length === 0) return 'is empty';
  if (path.length > 4096) return 'is longer than 4096 characters';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Not percent-encoded text: check it as it is.
  }
  for (const candidate of new Set([path, decoded])) {
    if (CONTROL_CHARS.test(candidate)) return 'contains a control character';
    if (candidate.startsWith('/')) return 'is absolute';
    for (const segment of candidate.split('/')) {
      if (segment === '') return 'has an empty segment';
      if (segment === '.' || segment === '..') return `has a "${segment}" segment`;
    }
  }
  return null;
}

/** Percent-encode each segment of a safe multi-segment path, keeping the `/` between them. */
export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
