/**
 * The languages the board speaks, in its pages and in its alerts
 * (docs/app.md#languages): English, the source, and Simplified Chinese.
 */
export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language a viewer chose in the top bar, kept for a year; the board reads it first. */
export const LANGUAGE_COOKIE = 'board_lang';

/** The product's name in each language, as the top bar, the first screen and alerts write it. */
export const PRODUCT_NAMES: Readonly<Record<Language, string>> = {
  en: 'NPC Board',
  'zh-CN': 'NPC 看板',
};

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}
