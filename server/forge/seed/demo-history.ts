import { createHash } from 'node:crypto';
import { NPC_USERS } from './demo-data';
import {
  branchChange,
  initialFiles,
  nextChange,
  type FileChange,
  type Worktree,
} from './demo-files';
import type { DemoPlan, PlannedRepo } from './demo-plan.types';
import { Prng } from './prng';

/** Seed of the history generator, apart from the plan's so the plan stays as it was. */
const HISTORY_SEED = 0x61770001;
const HOUR_MS = 3_600_000;

/** A release the seed records for one of its tags. */
export interface PlannedRelease {
  tag: string;
  name: string;
  body: string;
  author: string;
  createdAt: string;
}

/** The git history of one demo repository, as one fast-import stream. */
export interface PlannedHistory {
  org: string;
  name: string;
  stream: Buffer;
  commits: number;
  npcCommits: number;
  /** Time of the newest commit (whole seconds): the repository's `last_updated_at`. */
  newest: string;
  tags: string[];
  releases: PlannedRelease[];
}

interface Author {
  username: string;
  nickname: string;
}

/** Builds a fast-import stream: marks, inline data, commits and annotated tags. */
class StreamWriter {
  private readonly chunks: Buffer[] = [];
  private mark = 0;

  /** Write a commit on `ref`; returns its mark. */
  commit(ref: string, author: Author, seconds: number, change: FileChange, from?: number): number {
    this.mark += 1;
    const ident = `${author.nickname} <${author.username}@users.forge.local> ${seconds} +0000`;
    this.text(`commit ${ref}\nmark :${this.mark}\nauthor ${ident}\ncommitter ${ident}\n`);
    this.data(change.message);
    if (from !== undefined) this.text(`from :${from}\n`);
    for (const [path, content] of change.files) {
      this.text(`M 100644 inline ${path}\n`);
      this.data(content);
    }
    this.text('\n');
    return this.mark;
  }

  /** An annotated tag on a marked commit. */
  tag(name: string, target: number, tagger: Author, seconds: number, message: string): void {
    this.text(`tag ${name}\nfrom :${target}\n`);
    this.text(
      `tagger ${tagger.nickname} <${tagger.username}@users.forge.local> ${seconds} +0000\n`,
    );
    this.data(message);
  }

  /** The whole stream, closed with `done`. */
  finish(): Buffer {
    this.text('done\n');
    return Buffer.concat(this.chunks);
  }

  private data(content: string): void {
    const bytes = Buffer.from(content, 'utf8');
    this.text(`data ${bytes.length}\n`);
    this.chunks.push(bytes);
    this.text('\n');
  }

  private text(value: string): void {
    this.chunks.push(Buffer.from(value, 'utf8'));
  }
}

/** A number from a repository's path, so each history is the same whatever the order. */
function repoSeed(repo: PlannedRepo): number {
  return (
    createHash('sha256').update(`${repo.org}/${repo.name}`).digest().readUInt32BE(0) ^ HISTORY_SEED
  );
}

/**
 * Real history for every demo repository: 12–36 commits on `main` spread from its
 * creation to its planned last commit (so the board's health colours hold), people and
 * NPCs as authors (only NPCs after a repository's `humanCommitsUntil`), a branch per planned
 * pull request (its planned commits, or a few drawn here), and on the longer histories two
 * annotated tags with releases.
 */
export function planHistories(plan: DemoPlan): PlannedHistory[] {
  const nicknames = new Map(plan.users.map((user) => [user.username, user.nickname]));
  const author = (username: string): Author => ({
    username,
    nickname: nicknames.get(username) ?? username,
  });
  return plan.repos.map((repo) => {
    const rng = new Prng(repoSeed(repo));
    const org = plan.orgs.find((candidate) => candidate.path === repo.org);
    const people = (org?.members ?? [])
      .filter((member) => nicknames.has(member.username) && !member.username.startsWith('npc-'))
      .filter((member) => member.role !== 'Guest');
    const humans = people.length > 0 ? people.map((member) => member.username) : ['admin'];
    const master = people.find((member) => member.role === 'Master')?.username ?? 'admin';
    const npcs = NPC_USERS.map((npc) => npc.username);

    const end = Math.floor(Date.parse(repo.lastCommitAt) / 1000);
    const start = Math.floor(Date.parse(repo.createdAt) / 1000) + 3600;
    const count = rng.int(12, 36);
    const times = Array.from({ length: count - 1 }, () => rng.range(0, 1))
      .sort((a, b) => a - b)
      .map((f) => Math.floor(start + f * (end - start)));
    times.push(end);

    const writer = new StreamWriter();
    const tree: Worktree = new Map();
    const marks: number[] = [];
    let npcCommits = 0;
    const humanUntil =
      repo.humanCommitsUntil === null
        ? Infinity
        : Math.floor(Date.parse(repo.humanCommitsUntil) / 1000);
    for (let i = 0; i < count; i++) {
      // The draw comes first, so a repository without a cut-off keeps the history it had.
      const npc = i > 0 && (rng.chance(0.4) || times[i] > humanUntil);
      const who = i === 0 ? master : npc ? rng.pick(npcs) : rng.pick(humans);
      const change =
        i === 0 ? initialFiles(repo.name, repo.description) : nextChange(tree, rng, npc, i);
      for (const [path, content] of change.files) tree.set(path, content);
      marks.push(writer.commit('refs/heads/main', author(who), times[i], change));
      if (npc) npcCommits += 1;
    }

    const tags: string[] = [];
    const releases: PlannedRelease[] = [];
    if (count >= 18) {
      for (const [tag, at] of [
        ['v0.1.0', 0.4],
        ['v0.2.0', 0.8],
      ] as const) {
        const index = Math.floor(count * at);
        const seconds = times[index] + 600;
        writer.tag(tag, marks[index], author(master), seconds, `Release ${tag}\n`);
        tags.push(tag);
        releases.push({
          tag,
          name: `${repo.name} ${tag}`,
          body: `Changes up to ${tag}.`,
          author: master,
          createdAt: new Date(
            Math.min(seconds * 1000 + HOUR_MS, plan.epoch.getTime()),
          ).toISOString(),
        });
      }
    }

    let branchCommits = 0;
    const branches = plan.pulls.filter((pull) => pull.org === repo.org && pull.repo === repo.name);
    for (const pull of branches) {
      if (pull.commits) {
        // Planned commits branch off where main was when the first one was made.
        const first = Math.floor(Date.parse(pull.commits[0].at) / 1000);
        const base = times.reduce((found, time, i) => (time <= first ? i : found), 0);
        pull.commits.forEach((planned, k) => {
          const change = branchChange(pull.head, k, pull.title);
          writer.commit(
            `refs/heads/${pull.head}`,
            author(planned.author),
            Math.floor(Date.parse(planned.at) / 1000),
            { ...change, message: planned.message },
            k === 0 ? marks[base] : undefined,
          );
          branchCommits += 1;
          if (planned.author.startsWith('npc-')) npcCommits += 1;
        });
        continue;
      }
      // Branch off late in the history, with commits no newer than the last one on main.
      const base = Math.max(0, count - 1 - rng.int(1, Math.min(6, count - 1)));
      const span = Math.max(1, end - times[base]);
      const extra = rng.int(1, 3);
      let from: number | undefined = marks[base];
      for (let k = 0; k < extra; k++) {
        const seconds = times[base] + Math.floor((span * (k + 1)) / (extra + 1));
        const change = branchChange(pull.head, k, pull.title);
        from = writer.commit(
          `refs/heads/${pull.head}`,
          author(pull.author),
          seconds,
          change,
          k === 0 ? from : undefined,
        );
        branchCommits += 1;
        if (pull.author.startsWith('npc-')) npcCommits += 1;
      }
    }

    return {
      org: repo.org,
      name: repo.name,
      stream: writer.finish(),
      commits: count + branchCommits,
      npcCommits,
      newest: new Date(end * 1000).toISOString(),
      tags,
      releases,
    };
  });
}
