import { unsafePathReason } from '@shared/platform/paths';
import { InvalidError } from '../../common/errors';

/** Who made a commit or a tag, and when (RFC 3339 UTC). */
export interface GitPerson {
  name: string;
  email: string;
  date: string;
}

/** A commit object, parsed. */
export interface GitCommit {
  sha: string;
  tree: string;
  parents: string[];
  author: GitPerson;
  committer: GitPerson;
  message: string;
}

/** An annotated tag object, parsed. */
export interface GitTagObject {
  sha: string;
  object: string;
  type: string;
  tag: string;
  tagger: GitPerson | null;
  message: string;
}

/** One entry of a tree object. */
export interface GitTreeEntry {
  mode: string;
  name: string;
  sha: string;
  type: 'blob' | 'tree' | 'commit';
}

/** `Name <email> 1700000000 +0100` → name, email and the UTC time. */
export function parsePerson(line: string): GitPerson {
  const match = /^(.*?) ?<([^>]*)> (-?\d+) [+-]\d{4}$/.exec(line);
  if (!match) return { name: line, email: '', date: new Date(0).toISOString() };
  return {
    name: match[1],
    email: match[2],
    date: new Date(Number(match[3]) * 1000).toISOString(),
  };
}

/** Header lines (up to the first blank line) and the message of a commit or tag object. */
function splitObject(data: Buffer): { headers: [string, string][]; message: string } {
  const text = data.toString('utf8');
  const end = text.indexOf('\n\n');
  const head = end === -1 ? text : text.slice(0, end);
  const message = end === -1 ? '' : text.slice(end + 2);
  const headers: [string, string][] = [];
  for (const line of head.split('\n')) {
    // Continuation lines (a signature) belong to the previous header; nothing here needs them.
    if (line.startsWith(' ') || line === '') continue;
    const space = line.indexOf(' ');
    headers.push(space === -1 ? [line, ''] : [line.slice(0, space), line.slice(space + 1)]);
  }
  return { headers, message };
}

/** Parse a raw commit object. */
export function parseCommit(sha: string, data: Buffer): GitCommit {
  const { headers, message } = splitObject(data);
  const commit: GitCommit = {
    sha,
    tree: '',
    parents: [],
    author: parsePerson(''),
    committer: parsePerson(''),
    message,
  };
  for (const [key, value] of headers) {
    if (key === 'tree') commit.tree = value;
    else if (key === 'parent') commit.parents.push(value);
    else if (key === 'author') commit.author = parsePerson(value);
    else if (key === 'committer') commit.committer = parsePerson(value);
  }
  return commit;
}

/** Parse a raw annotated tag object. */
export function parseTag(sha: string, data: Buffer): GitTagObject {
  const { headers, message } = splitObject(data);
  const tag: GitTagObject = { sha, object: '', type: '', tag: '', tagger: null, message };
  for (const [key, value] of headers) {
    if (key === 'object') tag.object = value;
    else if (key === 'type') tag.type = value;
    else if (key === 'tag') tag.tag = value;
    else if (key === 'tagger') tag.tagger = parsePerson(value);
  }
  // A signature follows the message; it is not part of what people wrote.
  const signature = tag.message.indexOf('-----BEGIN PGP SIGNATURE-----');
  if (signature !== -1) tag.message = tag.message.slice(0, signature);
  return tag;
}

/** Parse a raw tree object: `<mode> <name>\0<20-byte id>` repeated. */
export function parseTree(data: Buffer): GitTreeEntry[] {
  const entries: GitTreeEntry[] = [];
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    const nul = data.indexOf(0, space);
    if (space === -1 || nul === -1 || nul + 21 > data.length) break;
    const mode = data.toString('latin1', at, space);
    const name = data.toString('utf8', space + 1, nul);
    const sha = data.toString('hex', nul + 1, nul + 21);
    const type = mode === '40000' ? 'tree' : mode === '160000' ? 'commit' : 'blob';
    entries.push({ mode, name, sha, type });
    at = nul + 21;
  }
  return entries;
}

/** A path inside a repository given by a caller: relative, no `.`/`..`, no control character. */
export function checkRepoPath(field: string, value: string): string {
  const problem = unsafePathReason(value);
  if (problem) throw new InvalidError(`${field} ${problem}`, { field });
  return value;
}
