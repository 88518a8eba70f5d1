/**
 * The language the app speaks (docs/app.md#languages). The build makes one
 * bundle per locale and inlines `$localize.locale` into each, so this is `zh-CN` in the
 * Chinese bundle and `en` in the English one (and in unit tests, which run the source).
 * The board picks the bundle from the `board_lang` cookie, else `Accept-Language`.
 */
import { LANGUAGE_COOKIE, type Language } from '@shared/board/languages';

export { LANGUAGES, LANGUAGE_COOKIE, type Language } from '@shared/board/languages';

export const APP_LOCALE: Language = $localize.locale === 'zh-CN' ? 'zh-CN' : 'en';

/** Each language named in itself, as a language menu lists them. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  'zh-CN': '简体中文',
};

/**
 * Remembers `language` for a year under the board's base path and reloads, so the board
 * sends that language's bundle for the same address.
 */
export function switchLanguage(language: Language, basePath: string, doc: Document): void {
  const oneYear = 365 * 24 * 3600;
  doc.cookie = `${LANGUAGE_COOKIE}=${language}; Path=${basePath}; Max-Age=${oneYear}; SameSite=Lax`;
  doc.location.reload();
}
