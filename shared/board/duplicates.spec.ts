import { possibleDuplicates, titleSimilarity, titleTokens } from './duplicates';

describe('titleTokens', () => {
  it('lower-cases and splits on anything that is not a letter or digit', () => {
    expect([...titleTokens('Fix: Login page (v2)!')]).toEqual(['fix', 'login', 'page', 'v2']);
  });

  it('normalises full-width letters and digits (NFKC)', () => {
    expect([...titleTokens('ＡＰＩ　ｖ２')]).toEqual(['api', 'v2']);
  });

  it('cuts CJK runs into character bigrams and keeps other words whole', () => {
    expect([...titleTokens('修复登录 bug')]).toEqual(['修复', '复登', '登录', 'bug']);
    expect([...titleTokens('修')]).toEqual(['修']);
  });
});

describe('titleSimilarity', () => {
  it('is 1 for the same words in another order, case or punctuation', () => {
    expect(titleSimilarity('Add dark mode to settings', 'settings: add DARK mode to')).toBe(1);
  });

  it('counts shared tokens over all tokens (Jaccard)', () => {
    // {add, dark, mode, to, settings} vs {add, dark, mode} → 3 / 5
    expect(titleSimilarity('Add dark mode to settings', 'Add dark mode')).toBeCloseTo(0.6);
    // {fix, login, page} vs {fix, signup, page} → 2 / 4
    expect(titleSimilarity('Fix login page', 'Fix signup page')).toBe(0.5);
  });

  it('matches Chinese titles through their bigrams', () => {
    // 修复登录页面 → 修复 复登 登录 录页 页面; 修复登录页 → 修复 复登 登录 录页: 4 / 5
    expect(titleSimilarity('修复登录页面', '修复登录页')).toBeCloseTo(0.8);
    // 登录页面 → 登录 录页 页面; 支付页面 → 支付 付页 页面: 1 / 5
    expect(titleSimilarity('登录页面', '支付页面')).toBeCloseTo(0.2);
  });

  it('mixes scripts: shared Latin words and Chinese bigrams both count', () => {
    // 修复 API 超时 → {修复, api, 超时}; API 超时修复 → {api, 超时, 时修, 修复}: 3 / 4
    expect(titleSimilarity('修复 API 超时', 'API 超时修复')).toBe(0.75);
  });

  it('is 0 when a title has no tokens', () => {
    expect(titleSimilarity('!!!', 'anything')).toBe(0);
    expect(titleSimilarity('', '')).toBe(0);
  });
});

describe('possibleDuplicates', () => {
  const issues = [
    { number: 1, title: 'Add dark mode to settings', state: 'open' as const },
    { number: 2, title: 'Add dark mode', state: 'open' as const },
    { number: 3, title: 'Add dark mode to the settings page', state: 'closed' as const },
    { number: 4, title: 'Fix signup page', state: 'open' as const },
    { number: 5, title: '设置页面增加暗色模式', state: 'open' as const },
  ];

  it('lists open issues at or above 0.6, most alike first, never closed ones', () => {
    expect(
      possibleDuplicates('add dark mode to settings', issues).map((m) => m.issue.number),
    ).toEqual([1, 2]);
  });

  it('finds a Chinese near-duplicate and not an unrelated one', () => {
    expect(
      possibleDuplicates('设置页面增加暗色模式支持', issues).map((m) => m.issue.number),
    ).toEqual([5]);
    expect(possibleDuplicates('修复支付超时', issues)).toEqual([]);
  });

  it('stays below the line for titles that share only one word in three', () => {
    expect(possibleDuplicates('Fix login page', issues)).toEqual([]);
  });
});
