/** One ref as `for-each-ref` reports it, with tags peeled to their commit. */
export interface RefEntry {
  /** Full name: `refs/heads/main`, `refs/tags/v1.0`. */
  name: string;
  /** What the ref points to (a tag object for annotated tags). */
  sha: string;
  type: string;
  /** The commit behind it (the tag's target for annotated tags); '' when it is no commit. */
  commit: string;
  /** Commit time of `commit`, in seconds; 0 when unknown. */
  time: number;
}

/** Every ref of a repository at one moment, and the branch HEAD names. */
export interface RefSnapshot {
  /** Short name of the default branch (what HEAD points to). */
  head: string;
  refs: ReadonlyMap<string, RefEntry>;
}

export const BRANCH_PREFIX = 'refs/heads/';
export const TAG_PREFIX = 'refs/tags/';

/** The format `parseRefs` reads: fields separated by spaces, the ref name last (it has none). */
export const FOR_EACH_REF_FORMAT =
  '%(objectname) %(objecttype) %(*objectname) %(committerdate:unix) %(*committerdate:unix) %(refname)';

/** Parse `for-each-ref --format=FOR_EACH_REF_FORMAT` output. */
export function parseRefs(text: string): Map<string, RefEntry> {
  const refs = new Map<string, RefEntry>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const [sha, type, peeled, time, peeledTime, ...rest] = line.split(' ');
    const name = rest.join(' ');
    const commit = type === 'commit' ? sha : type === 'tag' && peeled ? peeled : '';
    refs.set(name, { name, sha, type, commit, time: Number(time || peeledTime || 0) });
  }
  return refs;
}

/** Branch short names, sorted. */
export function branchNames(snapshot: RefSnapshot): string[] {
  return namesUnder(snapshot, BRANCH_PREFIX);
}

/** Tag short names, sorted. */
export function tagNames(snapshot: RefSnapshot): string[] {
  return namesUnder(snapshot, TAG_PREFIX);
}

function namesUnder(snapshot: RefSnapshot, prefix: string): string[] {
  return [...snapshot.refs.keys()]
    .filter((name) => name.startsWith(prefix))
    .map((name) => name.slice(prefix.length))
    .sort();
}

/**
 * The ref a caller's short or full name means: a full `refs/…` name, else a branch,
 * else a tag (git's own order for the common cases).
 */
export function findRef(snapshot: RefSnapshot, name: string): RefEntry | undefined {
  if (name.startsWith('refs/')) return snapshot.refs.get(name);
  return snapshot.refs.get(BRANCH_PREFIX + name) ?? snapshot.refs.get(TAG_PREFIX + name);
}

/** Whether creating `refs/heads/<name>` would clash with an existing branch folder or file. */
export function clashingRef(snapshot: RefSnapshot, full: string): string | undefined {
  for (const existing of snapshot.refs.keys()) {
    if (existing === full) return existing;
    if (existing.startsWith(`${full}/`) || full.startsWith(`${existing}/`)) return existing;
  }
  return undefined;
}

/** Newest commit time over every branch tip, or null when there is no branch. */
export function newestBranchTime(snapshot: RefSnapshot): Date | null {
  let newest = 0;
  for (const ref of snapshot.refs.values())
    if (ref.name.startsWith(BRANCH_PREFIX) && ref.time > newest) newest = ref.time;
  return newest > 0 ? new Date(newest * 1000) : null;
}
