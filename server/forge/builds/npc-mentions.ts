/**
 * Who a Markdown text mentions so as to set to work (docs/architecture.md#builds): an
 * `@name` in running text. As on the platform, a mention inside a quote, a code block
 * or code span, a list or a table does not count; neither does one inside a word (an
 * e-mail address). Names come back once each, in the order first mentioned.
 */

const MENTION = /(^|[^A-Za-z0-9._@/-])@([A-Za-z0-9][A-Za-z0-9._-]{0,99})/g;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const QUOTE = /^ {0,3}>/;
const LIST_ITEM = /^ {0,3}([-*+]|\d{1,9}[.)])(\s|$)/;
const INDENTED_CODE = /^( {4}|\t)/;
const TABLE_DELIMITER = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)+\|?\s*$/;

/** The names mentioned in running text, in order, without repeats. */
export function mentionedNames(markdown: string): string[] {
  const names: string[] = [];
  for (const line of runningText(markdown)) {
    for (const match of line.replace(/`[^`]*`/g, ' ').matchAll(MENTION)) {
      const name = match[2].replace(/[.]+$/, '');
      if (!names.some((known) => known.toLowerCase() === name.toLowerCase())) names.push(name);
    }
  }
  return names;
}

/** The lines of running text: without code blocks, quotes, lists and tables. */
function runningText(markdown: string): string[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const table = tableLines(lines);
  const kept: string[] = [];
  let fence: string | null = null;
  let inList = false;
  let previousBlank = true;
  lines.forEach((line, index) => {
    const blank = line.trim() === '';
    const opening = FENCE.exec(line);
    if (fence !== null) {
      if (opening && opening[1][0] === fence[0] && opening[1].length >= fence.length) fence = null;
    } else if (opening) {
      fence = opening[1];
    } else if (LIST_ITEM.test(line)) {
      inList = true;
    } else if (inList && !blank && (!previousBlank || /^\s/.test(line))) {
      // A list item's continuation (lazy or indented) still belongs to the list.
    } else {
      if (!blank) inList = false;
      const code = previousBlank && INDENTED_CODE.test(line);
      if (!blank && !code && !QUOTE.test(line) && !table.has(index)) kept.push(line);
    }
    previousBlank = blank;
  });
  return kept;
}

/** Indexes of lines that belong to a table: a header, its delimiter row, and its rows. */
function tableLines(lines: readonly string[]): Set<number> {
  const out = new Set<number>();
  lines.forEach((line, index) => {
    if (index === 0 || !TABLE_DELIMITER.test(line) || !lines[index - 1].includes('|')) return;
    out.add(index - 1);
    for (let row = index; row < lines.length && lines[row].trim() !== ''; row++) out.add(row);
  });
  return out;
}
