import { pageLanguage } from './language';

const BOTH = ['en', 'zh-CN'] as const;

describe('pageLanguage', () => {
  it.each([
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['zh-TW,zh;q=0.9', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['en-US,en;q=0.9,zh-CN;q=0.8', 'en'],
    ['en-GB', 'en'],
    ['fr-FR,zh;q=0.5', 'zh-CN'],
    ['de-DE,fr;q=0.8', 'en'],
    ['*', 'en'],
    ['zh-CN;q=0', 'en'],
  ])('follows Accept-Language %p to %p', (header, language) => {
    expect(pageLanguage({ 'accept-language': header }, BOTH, 'en')).toBe(language);
  });

  it("puts the viewer's cookie before the header", () => {
    const headers = { 'accept-language': 'en-US', cookie: 'theme=dark; board_lang=zh-CN' };
    expect(pageLanguage(headers, BOTH, 'en')).toBe('zh-CN');
    expect(pageLanguage({ 'accept-language': 'zh-CN', cookie: 'board_lang=en' }, BOTH, 'en')).toBe(
      'en',
    );
  });

  it('ignores a cookie naming a language it does not speak', () => {
    const headers = { 'accept-language': 'zh-CN', cookie: 'board_lang=fr' };
    expect(pageLanguage(headers, BOTH, 'en')).toBe('zh-CN');
    expect(pageLanguage({ cookie: 'xboard_lang=zh-CN' }, BOTH, 'en')).toBe('en');
  });

  it('falls back to the board language when nothing matches, and to what is built', () => {
    expect(pageLanguage({ 'accept-language': 'fr' }, BOTH, 'zh-CN')).toBe('zh-CN');
    expect(pageLanguage({}, BOTH, 'zh-CN')).toBe('zh-CN');
    expect(pageLanguage({ 'accept-language': 'zh-CN' }, ['en'], 'zh-CN')).toBe('en');
  });
});
