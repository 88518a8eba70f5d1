import { DOCUMENT, InjectionToken, inject } from '@angular/core';

import { APP_LOCALE, LANGUAGE_NAMES, Language, switchLanguage } from '../core/locale';

/**
 * The document whose cookie and address the language switch uses: the page's own. A token,
 * so a spec can watch the cookie and the reload without reloading jsdom.
 */
export const LANGUAGE_DOCUMENT = new InjectionToken<Document>('LANGUAGE_DOCUMENT', {
  providedIn: 'root',
  factory: () => inject(DOCUMENT),
});

/** Each language's name as the top bar's button writes it, short and in that language. */
const SHORT_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  'zh-CN': '中文',
};

/** What the language switch of the top bar and of the phone menu offers. */
export interface LanguageSwitch {
  /** The language a press switches to: with two, the other one. */
  readonly target: Language;
  /** Its name in itself, as a menu lists it: "简体中文". */
  readonly name: string;
  /** Its short name in itself, for the top bar: "中文". */
  readonly shortName: string;
  /** The control's accessible name and hover text: "Switch to 简体中文". */
  readonly label: string;
  /** Remembers the choice under the board's base path and reloads in that language. */
  go(): void;
}

/**
 * The language switch's state and action (see core/locale.ts). The board serves each
 * language's bundle at the same addresses and picks it by cookie, so switching is a cookie
 * under the board's base path (the `<base href>` it writes) and a reload of the same page.
 * Call in an injection context.
 */
export function languageSwitch(): LanguageSwitch {
  const doc = inject(LANGUAGE_DOCUMENT);
  const target: Language = APP_LOCALE === 'en' ? 'zh-CN' : 'en';
  const name = LANGUAGE_NAMES[target];
  return {
    target,
    name,
    shortName: SHORT_NAMES[target],
    label: $localize`:@@shell.language.switchTo:Switch to ${name}:language:`,
    go: () => switchLanguage(target, basePathOf(doc), doc),
  };
}

/** The path of `<base href>`, such as `/board/`; the root when it cannot be read. */
function basePathOf(doc: Document): string {
  try {
    return new URL(doc.baseURI).pathname || '/';
  } catch {
    return '/';
  }
}
