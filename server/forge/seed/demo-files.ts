import { ISSUE_TOPICS } from './demo-data';
import type { Prng } from './prng';

/** Files of one demo repository as they evolve, path → content. */
export type Worktree = Map<string, string>;

/** One step of a repository's history: a message and the files it writes. */
export interface FileChange {
  message: string;
  files: Map<string, string>;
}

const MODULES = [
  'client',
  'config',
  'retry',
  'cache',
  'router',
  'metrics',
  'queue',
  'storage',
  'auth',
  'export',
] as const;

const HUMAN_MESSAGES = [
  'Tidy up the README',
  'Fix a typo in the docs',
  'Handle empty responses',
  'Add a test for the retry delay',
  'Rename a confusing variable',
  'Log the request id on errors',
  'Bump the default timeout',
  'Simplify the config loader',
] as const;

function words(name: string): string {
  return name.replace(/-/g, ' ');
}

function camel(name: string): string {
  return name.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());
}

/** The first commit: a small project skeleton (one file name has a space, as real trees do). */
export function initialFiles(repo: string, description: string): FileChange {
  return {
    message: 'Initial commit',
    files: new Map([
      ['README.md', `# ${repo}\n\n${description || `The ${words(repo)} project.`}\n`],
      ['.gitignore', 'node_modules/\ndist/\n*.log\n'],
      ['src/index.ts', `export const name = '${repo}';\n`],
      ['docs/getting started.md', `# Getting started with ${repo}\n\n1. Install.\n2. Run.\n`],
      ['CHANGELOG.md', '# Changelog\n'],
    ]),
  };
}

/**
 * One later change to `tree`: add or grow a module, a note in the docs, a changelog
 * line. NPC commits name the task they did, people's commits are everyday chores.
 */
export function nextChange(tree: Worktree, rng: Prng, npc: boolean, step: number): FileChange {
  const module = rng.pick(MODULES);
  const file = `src/${module}.ts`;
  const topic = rng.pick(ISSUE_TOPICS);
  const files = new Map<string, string>();
  const kind = rng.int(0, 9);
  let message: string;
  if (kind < 6) {
    const previous = tree.get(file) ?? `// ${module}\n`;
    files.set(
      file,
      `${previous}\nexport function ${camel(module)}Step${step}(): number {\n  return ${step};\n}\n`,
    );
    message = npc ? `npc: ${topic.toLowerCase()}` : rng.pick(HUMAN_MESSAGES);
  } else if (kind < 8) {
    const docs = 'docs/getting started.md';
    files.set(docs, `${tree.get(docs) ?? ''}\n- ${topic}\n`);
    message = npc ? `npc: document ${module}` : 'Expand the getting started guide';
  } else {
    files.set('CHANGELOG.md', `${tree.get('CHANGELOG.md') ?? ''}\n- ${topic}\n`);
    message = npc ? 'npc: update the changelog' : 'Update the changelog';
  }
  return { message, files };
}

/** A change on a pull request's branch: a note file named after the branch. */
export function branchChange(branch: string, index: number, title: string): FileChange {
  const file = `notes/${branch.replace(/\//g, '-')}.md`;
  return {
    message: index === 0 ? title : `Address review comments (${index})`,
    files: new Map([[file, `# ${title}\n\nRevision ${index + 1}.\n`]]),
  };
}
