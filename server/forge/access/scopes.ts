/**
 * Token scopes (docs/architecture.md#the-forge). A scope is an area and an access level; `:rw`
 * includes `:r`.
 */
export const SCOPE_AREAS = [
  'repo-code',
  'repo-issue',
  'repo-notes',
  'repo-manage',
  'repo-cnb-trigger',
  'group-resource',
  'group-manage',
  'group-delete',
] as const;
export type ScopeArea = (typeof SCOPE_AREAS)[number];
export type ScopeLevel = 'r' | 'rw';
export type Scope = `${ScopeArea}:${ScopeLevel}`;

/** Every scope at `rw`: what the admin token and `--scopes all` carry. */
export const ALL_SCOPES: readonly Scope[] = SCOPE_AREAS.map((area) => `${area}:rw` as Scope);

/** Parse a comma-separated scope list (`all` means every scope); throws on an unknown one. */
export function parseScopes(value: string): Scope[] {
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 1 && items[0] === 'all') return [...ALL_SCOPES];
  const scopes: Scope[] = [];
  for (const item of items) {
    const [area, level] = item.split(':');
    if (!(SCOPE_AREAS as readonly string[]).includes(area) || (level !== 'r' && level !== 'rw')) {
      throw new Error(
        `unknown scope "${item}" (use ${SCOPE_AREAS.join(', ')}, each with :r or :rw, or "all")`,
      );
    }
    scopes.push(item as Scope);
  }
  if (scopes.length === 0) throw new Error('no scope given');
  return scopes;
}

/** Whether a token holding `granted` may use something needing `needed`. */
export function scopeAllows(granted: ReadonlySet<string>, needed: Scope): boolean {
  if (granted.has(needed)) return true;
  const [area, level] = needed.split(':');
  return level === 'r' && granted.has(`${area}:rw`);
}
