import { isSlug, RESERVED_NAMES } from '@shared/platform/paths';
import { InvalidError, NotFoundError } from '../../common/errors';

/**
 * Check a user, organization or repository name given by a caller: a slug, not
 * reserved (for namespaces), never starting with `-`. Throws InvalidError naming `field`.
 */
export function checkName(
  field: string,
  value: unknown,
  options: { namespace?: boolean } = {},
): string {
  if (typeof value !== 'string' || !isSlug(value)) {
    throw new InvalidError(
      `${field} must be 1 to 100 letters, digits, ".", "_" or "-", starting with a letter or digit, not ending in .git`,
      { field },
    );
  }
  if (options.namespace && RESERVED_NAMES.includes(value.toLowerCase())) {
    throw new InvalidError(`${field} "${value}" is reserved`, { field });
  }
  return value;
}

/**
 * Check a name taken from a URL path. A name that breaks the rules cannot exist, so it
 * is reported as not found (errcode 5), like any other unknown path.
 */
export function checkPathName(field: string, value: string): string {
  if (!isSlug(value)) throw new NotFoundError(`No ${field} of that name`, { field });
  return value;
}
