import Negotiator from 'negotiator';
import { LANGUAGE_COOKIE, LANGUAGES, isLanguage, type Language } from '@shared/board/languages';
import type { IncomingHttpHeaders } from 'node:http';

/** What the index answer varies on besides its encoding. */
export const LANGUAGE_VARY = 'accept-language, cookie';

const COOKIE = new RegExp(`(?:^|;)\\s*${LANGUAGE_COOKIE}=([^;]*)`);

/**
 * The language of the app bundle a page request gets (docs/app.md#languages):
 * the viewer's choice in the `board_lang` cookie; else the first of `Accept-Language`
 * the board speaks, any Chinese read as Simplified Chinese; else `fallback`
 * (`BOARD_LANGUAGE`). Only languages in `available` (the bundles built) are answered.
 */
export function pageLanguage(
  headers: IncomingHttpHeaders,
  available: readonly Language[],
  fallback: Language,
): Language {
  const chosen = COOKIE.exec(headers.cookie ?? '')?.[1]?.trim();
  if (isLanguage(chosen) && available.includes(chosen)) return chosen;
  const accepted = headers['accept-language'];
  if (accepted) {
    // `zh` stands for every Chinese tag (`zh-TW`, `zh-Hans-CN`): negotiator matches a
    // tag to a provided language that is its prefix.
    const provided = [...LANGUAGES, 'zh'];
    for (const tag of new Negotiator({ headers: { 'accept-language': accepted } }).languages(
      provided,
    )) {
      const language = tag === 'zh' ? 'zh-CN' : tag;
      if (isLanguage(language) && available.includes(language)) return language;
    }
  }
  return available.includes(fallback) ? fallback : available[0];
}
