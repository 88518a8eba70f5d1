import { InvalidError } from '../../common/errors';

/** Longest ref or revision the forge accepts from a caller. */
const MAX_REF_LENGTH = 255;

/** 4 to 40 hex digits: a full or abbreviated commit id. */
const HEX_ID = /^[0-9a-fA-F]{4,40}$/;

// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARS = /[\u0000-\u0020\u007f~^:?*[\\]/;

/**
 * Why `name` is not a valid ref name, or null when it is. The rules of
 * `git check-ref-format --allow-onelevel`, checked in process so that refused input
 * never starts a git process, plus the forge's own: no leading `-` (it would read as an
 * option) and a length limit.
 */
export function refNameProblem(name: string): string | null {
  if (typeof name !== 'string' || name.length === 0) return 'is empty';
  if (name.length > MAX_REF_LENGTH) return `is longer than ${MAX_REF_LENGTH} characters`;
  if (name.startsWith('-')) return 'starts with "-"';
  if (FORBIDDEN_CHARS.test(name))
    return 'contains a space, a control character or one of ~ ^ : ? * [ \\';
  if (name.includes('..')) return 'contains ".."';
  if (name.includes('@{')) return 'contains "@{"';
  if (name === '@') return 'is "@"';
  if (name.startsWith('/') || name.endsWith('/') || name.includes('//'))
    return 'has an empty path component';
  if (name.endsWith('.')) return 'ends with "."';
  for (const component of name.split('/')) {
    if (component.startsWith('.')) return 'has a component starting with "."';
    if (component.endsWith('.lock')) return 'has a component ending with ".lock"';
  }
  return null;
}

/** A branch or tag name given by a caller; InvalidError naming `field` otherwise. */
export function checkRefName(field: string, name: unknown): string {
  const problem = typeof name === 'string' ? refNameProblem(name) : 'must be a string';
  if (problem) throw new InvalidError(`${field} ${problem}`, { field });
  const value = name as string;
  if (value === 'HEAD' || value.startsWith('refs/'))
    throw new InvalidError(`${field} must be a short name, not "${value}"`, { field });
  return value;
}

/**
 * A revision given by a caller (branch, tag, full ref or commit id). Only names that
 * are valid refs or hex ids pass, so `HEAD~1`, `:/text`, `@{-1}` and options never
 * reach git.
 */
export function checkRevision(field: string, value: unknown): string {
  if (typeof value !== 'string') throw new InvalidError(`${field} must be a string`, { field });
  if (HEX_ID.test(value)) return value;
  const problem = refNameProblem(value);
  if (problem) throw new InvalidError(`${field} ${problem}`, { field });
  return value;
}

/** Whether a revision is spelled as a (possibly abbreviated) commit id. */
export function isHexId(value: string): boolean {
  return HEX_ID.test(value);
}

/** The all-zero object id git uses for "no such ref" in ref updates. */
export const ZERO_OID = '0000000000000000000000000000000000000000';
