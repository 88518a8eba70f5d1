import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The board's folders import each other bottom-up (docs/architecture.md#folders): no two
 * folders of `server/board/` reach each other through their relative imports. ESLint keeps
 * infrastructure from importing features (eslint.config.mjs); this keeps the features from
 * looping among themselves. Specs are left out: a spec may bring up what it tests with.
 */
const BOARD = path.join(__dirname);

/** Folder → the folders its non-spec files import. */
function folderImports(): Map<string, Set<string>> {
  const imports = new Map<string, Set<string>>();
  const visit = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) note(file);
    }
  };
  const folderOf = (file: string): string | null => {
    const relative = path.relative(BOARD, file);
    return relative.startsWith('..') || !relative.includes(path.sep)
      ? null
      : relative.split(path.sep)[0];
  };
  const note = (file: string): void => {
    const from = folderOf(file);
    if (from === null) return;
    for (const [, target] of fs.readFileSync(file, 'utf8').matchAll(/from '(\.[^']*)'/g)) {
      const to = folderOf(path.resolve(path.dirname(file), target));
      if (to === null || to === from) continue;
      imports.set(from, (imports.get(from) ?? new Set()).add(to));
    }
  };
  visit(BOARD);
  return imports;
}

/** The strongly connected groups of more than one folder (Tarjan). */
function loops(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return found;
}

describe("the board's folders", () => {
  const graph = folderImports();

  it('import each other in no loop', () => {
    expect(graph.size).toBeGreaterThan(15);
    expect(loops(graph)).toEqual([]);
  });

  it('would show a loop if one came back', () => {
    const withBackEdge = new Map([...graph].map(([from, to]) => [from, new Set(to)]));
    withBackEdge.get('cache')!.add('sync');
    expect(loops(withBackEdge)).toEqual([expect.arrayContaining(['cache', 'sync'])]);
  });
});
