/**
 * Validation and encoding of everything the client puts into a platform URL path.
 *
 * A value that could change which resource a URL names (`..`, `%2e%2e`, an empty
 * segment, a control character, a ref starting with `-`) is refused with an
 * `InvalidError` naming the parameter, before any request is made.
 *
 * Encoding, decided once here:
 * - `{repo}`, `{path}` and `{rawRef}` keep `/` between segments and percent-encode each
 *   segment. A raw ref keeps its `/` literal because the platform resolves
 *   `/-/git/raw/{ref}/{path}` by the longest existing ref prefix, as GitHub-style raw
 *   URLs do, and because proxies often reject or decode `%2F`.
 * - Every other placeholder is exactly one URL segment, so a `/` inside it (a branch
 *   `feature/x`, a label `type/bug`) is encoded as `%2F`.
 */
import {
  RESERVED_NAMES,
  encodePath,
  isFullName,
  isSlug,
  unsafePathReason,
} from '@shared/platform/paths';
import { InvalidError } from '../../common/errors';

/** A request path plus its template, which labels metrics without exploding their cardinality. */
export interface PlatformRoute {
  path: string;
  route: string;
}

/** Placeholder names `route()` understands; each one fixes how the value is checked and encoded. */
const KINDS = {
  org: (v: string) => encodeURIComponent(checkSlug('org', v)),
  slug: (v: string) => encodeURIComponent(checkSlug('slug', v)),
  repo: (v: string) => encodePath(checkFullName('repo', v)),
  number: (v: string) => checkIssueNumber('number', v),
  ref: (v: string) => encodeURIComponent(checkRef('ref', v)),
  branch: (v: string) => encodeURIComponent(checkRef('branch', v)),
  tag: (v: string) => encodeURIComponent(checkRef('tag', v)),
  base: (v: string) => encodeURIComponent(checkRef('base', v)),
  head: (v: string) => encodeURIComponent(checkRef('head', v)),
  rawRef: (v: string) => encodePath(checkRef('ref', v)),
  path: (v: string) => encodePath(checkFilePath('path', v)),
  label: (v: string) => encodeURIComponent(checkSegment('label', v)),
  key: (v: string) => encodeURIComponent(checkSegment('key', v)),
  name: (v: string) => encodeURIComponent(checkSegment('name', v)),
  sn: (v: string) => encodeURIComponent(checkSegment('sn', v)),
  date: (v: string) => checkEventDate('date', v),
} satisfies Record<string, (value: string) => string>;

export type ParamKind = keyof typeof KINDS;

/** The `{name}` placeholders of a template string, as a union of names. */
type Placeholders<T extends string> = T extends `${string}{${infer P}}${infer Rest}`
  ? P | Placeholders<Rest>
  : never;

/** Values for a template; an unknown placeholder name is a compile error. */
export type RouteParams<T extends string> = {
  [K in Placeholders<T>]: K extends ParamKind ? string | number : never;
};

/** Build a checked, encoded path from a template such as `/{repo}/-/issues/{number}`. */
export function route<T extends string>(template: T, params: RouteParams<T>): PlatformRoute {
  const values = params as Record<string, string | number>;
  const path = template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const encode = (KINDS as Record<string, (value: string) => string>)[name];
    if (!encode) throw new Error(`Unknown route placeholder {${name}} in ${template}`);
    return encode(asText(name, values[name]));
  });
  return { path, route: template };
}

/** A fixed path with no placeholders. */
export function fixed(path: string): PlatformRoute {
  return { path, route: path };
}

function asText(param: string, value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return value;
  throw invalid(param, value, 'must be a string');
}

function invalid(param: string, value: unknown, reason: string): InvalidError {
  const shown = JSON.stringify(value)?.slice(0, 120) ?? String(value);
  return new InvalidError(`Invalid ${param} ${shown}: ${reason}`, { param });
}

/** An organization or user slug; reserved names would address another route (`/user`, `/events`…). */
export function checkSlug(param: string, value: string): string {
  if (typeof value !== 'string' || !isSlug(value))
    throw invalid(param, value, 'is not an organization or user slug');
  if (isReserved(value)) throw invalid(param, value, 'is a reserved name');
  return value;
}

/** A repository full name `org/name`. */
export function checkFullName(param: string, value: string): string {
  if (typeof value !== 'string' || !isFullName(value)) {
    throw invalid(param, value, 'is not a repository full name (org/name)');
  }
  if (isReserved(value.split('/')[0] ?? ''))
    throw invalid(param, value, 'names a reserved organization');
  return value;
}

function isReserved(name: string): boolean {
  return RESERVED_NAMES.includes(name.toLowerCase());
}

/** An issue or pull number: a positive integer, given as a number or a string. */
export function checkIssueNumber(param: string, value: number | string): string {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^[1-9]\d{0,15}$/.test(text))
    throw invalid(param, value, 'is not a positive integer');
  return text;
}

/** A branch, tag or commit: a safe path that cannot be read as an option or a range. */
export function checkRef(param: string, value: string): string {
  if (typeof value !== 'string') throw invalid(param, value, 'must be a string');
  const reason = unsafePathReason(value);
  if (reason) throw invalid(param, value, reason);
  if (value.startsWith('-')) throw invalid(param, value, 'starts with "-"');
  // git refuses ".." in ref names, and it would make `base...head` ambiguous.
  if (value.includes('..')) throw invalid(param, value, 'contains ".."');
  return value;
}

/** A file path inside a repository, possibly several levels deep. */
export function checkFilePath(param: string, value: string): string {
  if (typeof value !== 'string') throw invalid(param, value, 'must be a string');
  const reason = unsafePathReason(value);
  if (reason) throw invalid(param, value, reason);
  return value;
}

/** One path segment (label name, upload key, file name); `/` is allowed and gets encoded. */
export function checkSegment(param: string, value: string): string {
  if (typeof value !== 'string' || value.length === 0) throw invalid(param, value, 'is empty');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value))
    throw invalid(param, value, 'contains a control character');
  if (value === '.' || value === '..') throw invalid(param, value, `is "${value}"`);
  return value;
}

/** An events date: `YYYY-MM-DD` (a day) or `YYYY-MM-DD-H` (an hour, UTC). */
export function checkEventDate(param: string, value: string): string {
  const match =
    typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})(?:-(\d{1,2}))?$/.exec(value) : null;
  const valid =
    match !== null &&
    !Number.isNaN(Date.parse(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`)) &&
    (match[4] === undefined || Number(match[4]) <= 23);
  if (!valid) throw invalid(param, value, 'is not YYYY-MM-DD or YYYY-MM-DD-H');
  return value;
}

/** An instant for `since`-style queries, sent as ISO 8601. */
export function checkInstant(param: string, value: string | Date): string {
  const time =
    value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : NaN;
  if (Number.isNaN(time)) throw invalid(param, value, 'is not a date');
  return value instanceof Date ? value.toISOString() : value;
}

/** A day for the build list's `createTime`, `YYYY-MM-DD`. */
export function checkDay(param: string, value: string): string {
  const valid =
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
  if (!valid) throw invalid(param, value, 'is not YYYY-MM-DD');
  return value;
}
