/**
 * The board's one query-string parser, used by Fastify for every request and by the
 * route cache for its keys, so both read a URL the same way: percent-escapes and `+`
 * decoded, empty values (`?state=`, a trailing `&`) dropped as if absent, a repeated
 * name kept as a list (which validation refuses).
 */
export function parseQueryString(raw: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = Object.create(null) as Record<
    string,
    string | string[]
  >;
  for (const [name, value] of new URLSearchParams(raw)) {
    if (value === '') continue;
    const previous = query[name];
    if (previous === undefined) query[name] = value;
    else query[name] = Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return query;
}
