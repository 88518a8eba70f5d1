import { Injectable } from '@nestjs/common';
import { NPC_EVENTS_PER_ACTION, NPC_ISSUE_EVENT, NPC_PULL_EVENT } from '@shared/platform/builds';
import { NotFoundError } from '../../common/errors';
import { GitAdapter } from '../git/git.adapter';
import type { RepoGrant } from '../repos/repo.types';
import { UsersRepository } from '../users/users.repository';
import type { BuildRow } from './build.types';
import { BuildsService } from './builds.service';
import { mentionedNames } from './npc-mentions';

/** What was written that may mention NPCs: an issue's or a pull request's text. */
export interface MentionSource {
  kind: 'issue' | 'pull';
  /** The issue's or pull request's id and number, and its title. */
  id: number;
  number: number;
  title: string;
  /** A pull request's branches; an issue runs on the default branch. */
  sourceRef?: string;
  targetRef?: string;
}

/** A pull request as a mention's source: it runs on its head branch, into its base. */
export function pullSource(pull: {
  id: number;
  number: number;
  title: string;
  head_ref: string;
  base_ref: string;
}): MentionSource {
  return {
    kind: 'pull',
    id: pull.id,
    number: pull.number,
    title: pull.title,
    sourceRef: pull.head_ref,
    targetRef: pull.base_ref,
  };
}

/**
 * Runs started by mentions (docs/architecture.md#builds): an issue's body at creation,
 * an issue comment, a pull request's description, comment or review that mentions NPCs
 * in running text starts one build per NPC, at most ten per action. Edits and reopening
 * start none: their services never call this.
 */
@Injectable()
export class NpcRunsService {
  constructor(
    private readonly builds: BuildsService,
    private readonly users: UsersRepository,
    private readonly git: GitAdapter,
  ) {}

  /** Start a run for each NPC `text` mentions; returns the builds started. */
  async fromText(
    context: RepoGrant,
    authorId: number,
    text: string,
    source: MentionSource,
  ): Promise<BuildRow[]> {
    const names = mentionedNames(text);
    if (names.length === 0) return [];
    const found = new Map(
      this.users.byUsernames(names).map((user) => [user.username.toLowerCase(), user]),
    );
    const npcs = names
      .flatMap((name) => {
        const user = found.get(name.toLowerCase());
        return user && user.is_npc === 1 && user.id !== authorId ? [user] : [];
      })
      .slice(0, NPC_EVENTS_PER_ACTION);
    if (npcs.length === 0) return [];
    const repo = { owner: context.namespace.path, name: context.repo.name };
    const commit =
      (source.sourceRef === undefined ? null : await this.commitOf(repo, source.sourceRef)) ??
      (await this.commitOf(repo, undefined));
    // A repository without commits has nothing to run on.
    if (!commit) return [];
    const commitTitle = (await this.git.commit(repo, commit.sha)).message.split('\n')[0];
    const branch = commit.ref?.replace(/^refs\/heads\//, '') ?? '';
    const event = source.kind === 'issue' ? NPC_ISSUE_EVENT : NPC_PULL_EVENT;
    const section = source.kind === 'issue' ? 'issues' : 'pulls';
    return npcs.map((npc) =>
      this.builds.startBuild({
        repoId: context.repo.id,
        kind: 'npc',
        event,
        eventUrl: `/${repo.owner}/${repo.name}/-/${section}/${source.number}`,
        userId: authorId,
        npcId: npc.id,
        issueId: source.kind === 'issue' ? source.id : null,
        pullId: source.kind === 'pull' ? source.id : null,
        sha: commit.sha,
        commitTitle,
        sourceRef: source.sourceRef ?? branch,
        targetRef: source.targetRef ?? branch,
        title: `${npc.username}: ${source.title}`,
      }),
    );
  }

  /** The commit a branch (or the default branch) points at, or null when there is none. */
  private async commitOf(
    repo: { owner: string; name: string },
    branch: string | undefined,
  ): Promise<{ sha: string; ref: string | null } | null> {
    try {
      return await this.git.resolveCommit(repo, branch);
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }
}
