/**
 * The languages the board speaks, in its pages and in its alerts
 * (docs/architecture.md#languages): English, the source, and Simplified Chinese.
 */
export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language a viewer chose in the top bar, kept for a year; the board reads it first. */
export const LANGUAGE_COOKIE = 'board_lang';

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}
