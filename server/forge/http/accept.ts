/** Media ranges a JSON API route can satisfy (docs/architecture.md#the-forge). */
const JSON_RANGES =
  /^(?:\*\/\*|application\/\*|application\/json|application\/vnd\.[a-z0-9.+-]+\+json)$/i;

/**
 * Whether an Accept header allows a JSON answer: missing, empty, or any listed range
 * that JSON satisfies (parameters such as `q` are ignored).
 */
export function acceptsJson(header: string | string[] | undefined): boolean {
  if (header === undefined) return true;
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text.trim() === '') return true;
  return text.split(',').some((range) => JSON_RANGES.test(range.split(';')[0].trim()));
}
