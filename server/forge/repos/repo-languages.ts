import { Injectable } from '@nestjs/common';
import type { DtoRepoLanguage } from '@shared/platform/published';
import { GitAdapter, type RepoName } from '../git/git.adapter';
import { GitHistoryAdapter } from '../git/git-history.adapter';

/** Languages by file extension, with the colours code hosts commonly show them in. */
const BY_EXTENSION: Readonly<Record<string, readonly [string, string]>> = {
  ts: ['TypeScript', '#3178c6'],
  tsx: ['TypeScript', '#3178c6'],
  js: ['JavaScript', '#f1e05a'],
  mjs: ['JavaScript', '#f1e05a'],
  jsx: ['JavaScript', '#f1e05a'],
  py: ['Python', '#3572A5'],
  go: ['Go', '#00ADD8'],
  rs: ['Rust', '#dea584'],
  java: ['Java', '#b07219'],
  kt: ['Kotlin', '#A97BFF'],
  rb: ['Ruby', '#701516'],
  php: ['PHP', '#4F5D95'],
  c: ['C', '#555555'],
  h: ['C', '#555555'],
  cc: ['C++', '#f34b7d'],
  cpp: ['C++', '#f34b7d'],
  cs: ['C#', '#178600'],
  swift: ['Swift', '#F05138'],
  scala: ['Scala', '#c22d40'],
  sh: ['Shell', '#89e051'],
  html: ['HTML', '#e34c26'],
  css: ['CSS', '#663399'],
  scss: ['SCSS', '#c6538c'],
  vue: ['Vue', '#41b883'],
  sql: ['SQL', '#e38c00'],
  dart: ['Dart', '#00B4AB'],
  lua: ['Lua', '#000080'],
};

/** A repository's languages: the main one, the whole breakdown's leader and the runner-up. */
export interface RepoLanguageInfo {
  language: string;
  languages: DtoRepoLanguage;
  second: DtoRepoLanguage;
}

/** No language: the published record's empty form. */
export const NO_LANGUAGE: DtoRepoLanguage = { language: '', color: '' };

/** Most entries kept (repository and head commit); a push makes a new head and a new entry. */
const CACHE_ENTRIES = 2_000;

/**
 * The languages of a repository, counted by file from the tree of its default branch
 * and remembered per head commit, so a list of repositories costs git calls only for
 * repositories that changed.
 */
@Injectable()
export class RepoLanguages {
  private readonly cache = new Map<string, Promise<RepoLanguageInfo>>();

  constructor(
    private readonly git: GitAdapter,
    private readonly history: GitHistoryAdapter,
  ) {}

  /** Languages of the default branch; none for an empty repository. */
  async of(repo: RepoName): Promise<RepoLanguageInfo> {
    let head: string | null;
    try {
      const refs = await this.git.refs(repo);
      head = refs.refs.get(`refs/heads/${refs.head}`)?.commit ?? null;
    } catch {
      head = null;
    }
    if (!head) return { language: '', languages: NO_LANGUAGE, second: NO_LANGUAGE };
    const key = `${repo.owner}/${repo.name}@${head}`;
    let pending = this.cache.get(key);
    if (!pending) {
      pending = this.count(repo, head);
      this.cache.set(key, pending);
      pending.catch(() => this.cache.delete(key));
      if (this.cache.size > CACHE_ENTRIES)
        this.cache.delete(this.cache.keys().next().value as string);
    }
    return pending;
  }

  private async count(repo: RepoName, head: string): Promise<RepoLanguageInfo> {
    const counts = new Map<string, number>();
    for (const file of await this.history.fileNames(repo, head)) {
      const dot = file.lastIndexOf('.');
      const known =
        dot > file.lastIndexOf('/') ? BY_EXTENSION[file.slice(dot + 1).toLowerCase()] : undefined;
      if (known) counts.set(known[0], (counts.get(known[0]) ?? 0) + 1);
    }
    const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const entry = (index: number): DtoRepoLanguage => {
      const name = ranked[index]?.[0];
      if (!name) return NO_LANGUAGE;
      const color = Object.values(BY_EXTENSION).find(([language]) => language === name)?.[1] ?? '';
      return { language: name, color };
    };
    return { language: entry(0).language, languages: entry(0), second: entry(1) };
  }
}
