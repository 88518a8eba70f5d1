import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';

/**
 * The guide's anchors and the documents' links stay valid, and the guide stays a map. Code
 * comments point into docs/*.md by anchor; every anchor cited under the source folders must
 * be a heading of the document it names. Every relative link in docs/*.md must name a file of
 * the repository, and a link into a Markdown file with a fragment must name one of its
 * headings. docs/architecture.md stays under `GUIDE_MAX_LINES`: detail goes to the documents
 * it links.
 */

const root = path.join(__dirname, '..');
const GUIDE = 'docs/architecture.md';
const GUIDE_MAX_LINES = 450;

/** Where code may cite the guide. */
const CITING_ROOTS = ['server', 'client/src', 'shared', 'test', 'scripts', 'bench'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.angular', 'data']);
const TEXT_FILE = /\.(ts|mts|cts|js|mjs|cjs|scss|css|html|json|md|ya?ml|sh)$/;

/** A citation: `docs/`, a document's name, `#`, and a slug. Built so that this file cites nothing. */
const CITATION = new RegExp(['docs/([a-z0-9-]+)', '\\.md#([a-z0-9_-]+)'].join(''), 'g');

/**
 * GitHub's slug of a heading: lower case; punctuation and inline markup dropped (letters,
 * marks, digits, spaces, `-` and `_` are kept); each space turned into `-`.
 */
function githubSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Text outside fenced code blocks, so a `#` line in a code block is no heading. */
function withoutFences(markdown: string): string {
  let inFence = false;
  return markdown
    .split('\n')
    .filter((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        inFence = !inFence;
        return false;
      }
      return !inFence;
    })
    .join('\n');
}

/** The anchors of a Markdown file's headings, with GitHub's `-1`, `-2` for repeats. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutFences(markdown).split('\n')) {
    const match = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!match) continue;
    const slug = githubSlug(match[1]);
    const repeats = seen.get(slug) ?? 0;
    seen.set(slug, repeats + 1);
    anchors.add(repeats === 0 ? slug : `${slug}-${repeats}`);
  }
  return anchors;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : filesUnder(full);
    return entry.isFile() && TEXT_FILE.test(entry.name) ? [full] : [];
  });
}

/** Every `docs/<name>.md#anchor` cited under the source folders, with the files citing it. */
function citedAnchors(): Map<string, string[]> {
  const cited = new Map<string, string[]>();
  for (const file of CITING_ROOTS.flatMap((dir) => filesUnder(path.join(root, dir)))) {
    for (const match of readFileSync(file, 'utf8').matchAll(CITATION)) {
      const citation = `docs/${match[1]}.md#${match[2]}`;
      const files = cited.get(citation) ?? [];
      const relative = path.relative(root, file);
      if (!files.includes(relative)) files.push(relative);
      cited.set(citation, files);
    }
  }
  return cited;
}

/** Whether `docs/<name>.md#anchor` names a heading of an existing document. */
function resolves(citation: string): boolean {
  const [file, anchor] = citation.split('#');
  const full = path.join(root, file);
  return existsSync(full) && headingAnchors(readFileSync(full, 'utf8')).has(anchor);
}

/** Inline links `[text](target)` of a Markdown file, outside code blocks and code spans. */
function markdownLinks(markdown: string): string[] {
  const prose = withoutFences(markdown).replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
}

const isExternal = (target: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(target);

describe('docs', () => {
  const guide = readFileSync(path.join(root, GUIDE), 'utf8');

  it('slugs headings as GitHub does', () => {
    expect(githubSlug('The data path of a read')).toBe('the-data-path-of-a-read');
    expect(githubSlug('Consumption and forecast')).toBe('consumption-and-forecast');
    expect(githubSlug('`BoardSchedule`: every timer, 1–2 (UTC)')).toBe(
      'boardschedule-every-timer-12-utc',
    );
    expect([...headingAnchors('# A\n## A\n```\n# B\n```\n')]).toEqual(['a', 'a-1']);
  });

  it('has a heading for every docs anchor the code cites', () => {
    const cited = citedAnchors();
    // The source folders cite the guide: an empty result means the search itself is broken.
    expect([...cited.keys()].filter((citation) => citation.startsWith(`${GUIDE}#`))).not.toEqual(
      [],
    );
    const missing = [...cited]
      .filter(([citation]) => !resolves(citation))
      .map(([citation, files]) => `${citation} (cited in ${files.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it(`keeps ${GUIDE} a map, under ${GUIDE_MAX_LINES} lines`, () => {
    expect(guide.split('\n').length).toBeLessThan(GUIDE_MAX_LINES);
  });

  it('links only to files of the repository, and to headings that exist', () => {
    const docsDir = path.join(root, 'docs');
    const documents = readdirSync(docsDir).filter((name) => name.endsWith('.md'));
    expect(documents).toContain(path.basename(GUIDE));
    const broken: string[] = [];
    for (const name of documents) {
      const source = path.join(docsDir, name);
      for (const target of markdownLinks(readFileSync(source, 'utf8'))) {
        if (isExternal(target)) continue;
        const [filePart, fragment] = target.split('#', 2);
        const file = filePart === '' ? source : path.resolve(docsDir, decodeURI(filePart));
        const where = `docs/${name} → ${target}`;
        if (path.relative(root, file).startsWith('..')) {
          broken.push(`${where}: outside the repository`);
        } else if (!existsSync(file)) {
          broken.push(`${where}: no such file`);
        } else if (
          fragment !== undefined &&
          file.endsWith('.md') &&
          statSync(file).isFile() &&
          !headingAnchors(readFileSync(file, 'utf8')).has(fragment)
        ) {
          broken.push(`${where}: no such heading`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
