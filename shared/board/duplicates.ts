/**
 * Possible duplicate titles (docs/rules.md#guarded-dispatch): two titles are alike
 * when the Jaccard overlap of their token sets is at least `DUPLICATE_SIMILARITY`.
 * Tokens come from the NFKC-normalised, lower-cased title: runs of letters or digits
 * are words, and runs of CJK characters (which have no spaces) are cut into character
 * bigrams, so "修复登录页面" and "登录页面修复" share most of their tokens.
 */

export const DUPLICATE_SIMILARITY = 0.6;

/** Han, Hiragana, Katakana and Hangul, the scripts written without spaces between words. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** A run of CJK characters, or a run of other letters, marks and digits. */
const RUN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[\p{L}\p{M}\p{N}]+/gu;

/** The title's token set. */
export function titleTokens(title: string): Set<string> {
  const tokens = new Set<string>();
  for (const [run] of title.normalize('NFKC').toLowerCase().matchAll(RUN)) {
    if (!CJK.test(run)) {
      tokens.add(run);
      continue;
    }
    const chars = Array.from(run);
    if (chars.length === 1) tokens.add(run);
    for (let i = 0; i + 1 < chars.length; i++) tokens.add(chars[i] + chars[i + 1]);
  }
  return tokens;
}

/** |A ∩ B| / |A ∪ B| of the two titles' tokens; 0 when either has none. */
export function titleSimilarity(a: string, b: string): number {
  const left = titleTokens(a);
  const right = titleTokens(b);
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const token of left) if (right.has(token)) shared++;
  return shared / (left.size + right.size - shared);
}

/** An open issue a new title may repeat. */
export interface DuplicateCandidate {
  number: number;
  title: string;
  state: 'open' | 'closed';
}

/**
 * Open issues (of one repository) whose title is like `title`, most alike first; closed
 * issues never count.
 */
export function possibleDuplicates<T extends DuplicateCandidate>(
  title: string,
  issues: readonly T[],
): { issue: T; similarity: number }[] {
  return issues
    .filter((issue) => issue.state === 'open')
    .map((issue) => ({ issue, similarity: titleSimilarity(title, issue.title) }))
    .filter((match) => match.similarity >= DUPLICATE_SIMILARITY)
    .sort((a, b) => b.similarity - a.similarity || a.issue.number - b.issue.number);
}
