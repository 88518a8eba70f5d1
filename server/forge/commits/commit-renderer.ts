import { Injectable } from '@nestjs/common';
import type { ApiCommit } from '@shared/platform/published';
import { ForgeConfig } from '../config/forge-config';
import { GitAdapter, type RepoName } from '../git/git.adapter';
import type { GitCommit } from '../git/git-objects';
import { UsersService } from '../users/users.service';
import { toPlatformCommit } from './commit.converter';

/** Reads commits through the warm cat-file pipe and renders them with their forge users. */
@Injectable()
export class CommitRenderer {
  constructor(
    private readonly git: GitAdapter,
    private readonly users: UsersService,
    private readonly config: ForgeConfig,
  ) {}

  /** The commits of these ids, rendered, in the same order. */
  async render(repo: RepoName, shas: readonly string[]): Promise<ApiCommit[]> {
    return this.toWire(await this.git.commits(repo, shas));
  }

  /** One commit, rendered. */
  async one(repo: RepoName, sha: string): Promise<ApiCommit> {
    return (await this.render(repo, [sha]))[0];
  }

  /** Render parsed commits (one user query for the whole list). */
  toWire(commits: readonly GitCommit[]): ApiCommit[] {
    const users = this.users.byEmails(
      commits.flatMap((commit) => [commit.author.email, commit.committer.email]),
    );
    return commits.map((commit) => toPlatformCommit(commit, users, this.config.publicUrl));
  }
}
