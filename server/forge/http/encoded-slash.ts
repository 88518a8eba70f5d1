/**
 * A `{repo}` sent with its slash percent-encoded, as clients generated from the
 * published schema send path parameters (`aurora-labs%2Fauth-service`), routes like the
 * plain path, on every route (API and git transport). A repository is always
 * `org/name`, so only a namespace segment holding exactly one `%2F` is decoded: the
 * first segment, or the second after `/events/`. Everything else keeps its encoding:
 * parameters after it (label, branch or file names, which may hold a real `/`), the
 * query string, and deeper group paths (`org%2Fteam%2Fcore`, which the group routes
 * read as one parameter). The decoded names meet the same name checks as plain ones.
 */
export function decodeNamespaceSlashes(url: string): string {
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  if (!/%2f/i.test(path)) return url;
  const segments = path.split('/');
  // segments[0] is '' (the path starts with '/').
  const at = segments[1] === 'events' ? 2 : 1;
  const segment = segments[at];
  if (segment === undefined || (segment.match(/%2f/gi) ?? []).length !== 1) return url;
  segments[at] = segment.replace(/%2f/i, '/');
  return segments.join('/') + (query < 0 ? '' : url.slice(query));
}
