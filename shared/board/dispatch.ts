/**
 * Dispatch rules shared by the board's API and the dispatch form
 * (docs/architecture.md#dispatch).
 */

/** The board's limit on a requirement. */
export const MAX_REQUIREMENT_LENGTH = 20_000;
/** The platform's limit on an issue title. */
export const MAX_TITLE_LENGTH = 255;

/**
 * The title of an issue dispatched without one: the requirement's first non-empty line,
 * without Markdown heading marks, at most 255 characters; null while there is no text.
 */
export function defaultTitle(requirement: string): string | null {
  const line = requirement
    .split('\n')
    .map((l) => l.replace(/^\s*#+\s*/, '').trim())
    .find((l) => l !== '');
  return line === undefined ? null : line.slice(0, MAX_TITLE_LENGTH);
}
