import type { AccessRole } from '@shared/platform/types';

/** Per-organization roles, ordered: each includes what the ones below it may do. */
export const ROLE_LEVELS: Readonly<Record<AccessRole, number>> = {
  Guest: 10,
  Reporter: 20,
  Developer: 30,
  Master: 40,
  Owner: 50,
};

export const ROLE_NAMES = Object.keys(ROLE_LEVELS) as AccessRole[];

/** The role named by `level`, or null when it is no role. */
export function roleName(level: number | null | undefined): AccessRole | null {
  if (!level) return null;
  let best: AccessRole | null = null;
  for (const name of ROLE_NAMES) if (ROLE_LEVELS[name] <= level) best = name;
  return best;
}

/** Parse a role name (any case); null when it is not one. */
export function parseRole(value: string): AccessRole | null {
  return ROLE_NAMES.find((name) => name.toLowerCase() === value.toLowerCase()) ?? null;
}
