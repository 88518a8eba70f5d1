import { Injectable } from '@nestjs/common';
import type { ApiBranch, ApiBranchDetail, ApiCommit, ApiTag } from '@shared/platform/published';
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '../../common/errors';
import { Clock } from '../common/clock';
import type { Page, Paging } from '../http/paging';
import type { Caller, Principal } from '../access/principal';
import type { RepoContext } from '../access/request-context';
import { iso } from '../common/time';
import { CommitRenderer } from '../commits/commit-renderer';
import { UNSIGNED } from '../commits/commit.converter';
import { EventsService } from '../events/events.service';
import { ForgeConfig } from '../config/forge-config';
import { GitAdapter, type RepoName } from '../git/git.adapter';
import { GitWriteAdapter } from '../git/git-write.adapter';
import { checkRefName, checkRevision, ZERO_OID } from '../git/ref-name';
import {
  BRANCH_PREFIX,
  branchNames,
  clashingRef,
  TAG_PREFIX,
  tagNames,
  type RefEntry,
  type RefSnapshot,
} from '../git/ref-snapshot';
import { BranchLocksRepository } from '../repos/branch-locks.repository';
import type { RepoGrant } from '../repos/repo.types';
import { UsersService } from '../users/users.service';
import type { CreateBranchDto, CreateTagDto } from './refs.dto';
import { refEvent } from './ref-events';

/** The repository a request works on, and who asks: null on an anonymous read. */
interface Granted<C extends Principal> {
  context: RepoGrant;
  repo: RepoName;
  actor: C;
}

/** A tag as the forge sends it: the published record, plus an annotated tag's message. */
export type ForgeTag = ApiTag & { message: string };

/** A tag on something other than a commit names no commit: the published record's empty form. */
const EMPTY_COMMIT: ApiCommit = {
  sha: '',
  parents: [],
  author: { username: '', nickname: '', email: '', avatar: '', freeze: false, is_npc: false },
  committer: { username: '', nickname: '', email: '', avatar: '', freeze: false, is_npc: false },
  commit: {
    message: '',
    author: { name: '', email: '', date: '' },
    committer: { name: '', email: '', date: '' },
    tree: { sha: '' },
    comment_count: 0,
    verification: UNSIGNED,
  },
};

/** Branches and tags: list, read, create (from a start point), delete; each write is an event. */
@Injectable()
export class RefsService {
  constructor(
    private readonly git: GitAdapter,
    private readonly writes: GitWriteAdapter,
    private readonly renderer: CommitRenderer,
    private readonly events: EventsService,
    private readonly users: UsersService,
    private readonly clock: Clock,
    private readonly config: ForgeConfig,
    private readonly locks: BranchLocksRepository,
  ) {}

  /** Whether pushes below Master may not rewrite or delete this branch (only the default one is protected). */
  private isProtected(refs: RefSnapshot, branch: string): boolean {
    return this.config.protectDefaultBranch && branch === refs.head;
  }

  /** Branches by name. */
  async listBranches(ctx: RepoContext, paging: Paging): Promise<Page<ApiBranch>> {
    const { context, repo } = this.granted(ctx);
    const refs = await this.git.refs(repo);
    const names = branchNames(refs);
    const locked = this.locks.locked(context.repo.id);
    return {
      items: names.slice(paging.offset, paging.offset + paging.pageSize).map((branch) => ({
        name: branch,
        protected: this.isProtected(refs, branch),
        locked: locked.has(branch),
        commit: { sha: (refs.refs.get(BRANCH_PREFIX + branch) as RefEntry).commit },
      })),
      total: names.length,
    };
  }

  /** One branch with its full head commit. */
  async getBranch(ctx: RepoContext, branch: string): Promise<ApiBranchDetail> {
    checkRevision('branch', branch);
    const { context, repo } = this.granted(ctx);
    const ref = await this.requireRef(repo, BRANCH_PREFIX, branch);
    return {
      name: branch,
      protected: this.isProtected(await this.git.refs(repo), branch),
      locked: this.locks.locked(context.repo.id).has(branch),
      commit: await this.renderer.one(repo, ref.commit),
    };
  }

  /** Create a branch at `start_point` (the default branch when absent). */
  async createBranch(ctx: RepoContext<Caller>, input: CreateBranchDto): Promise<ApiBranchDetail> {
    const branch = checkRefName('name', input.name);
    const start =
      input.start_point === undefined ? undefined : checkRevision('start_point', input.start_point);
    const { context, repo, actor } = this.granted(ctx);
    const commit = await this.git.exclusive(repo, async () => {
      const refs = await this.git.refs(repo);
      const full = BRANCH_PREFIX + branch;
      const clash = clashingRef(refs, full);
      if (clash)
        throw new ConflictError(`Branch ${branch} clashes with ${clash}`, { field: 'name' });
      const resolved = await this.git.resolveCommit(repo, start);
      await this.writes.updateRef(repo, full, resolved.sha, ZERO_OID);
      this.events.record(
        refEvent('CreateEvent', context.repo.id, actor.userId, 'branch', branch, this.now()),
      );
      return resolved;
    });
    return {
      name: branch,
      protected: this.isProtected(await this.git.refs(repo), branch),
      locked: false,
      commit: await this.renderer.one(repo, commit.sha),
    };
  }

  /** Delete a branch (never the default one). */
  async deleteBranch(ctx: RepoContext<Caller>, branch: string): Promise<void> {
    checkRevision('branch', branch);
    const { context, repo, actor } = this.granted(ctx);
    await this.git.exclusive(repo, async () => {
      const ref = await this.requireRef(repo, BRANCH_PREFIX, branch);
      if ((await this.git.refs(repo)).head === branch)
        throw new InvalidError('The default branch cannot be deleted', { field: 'branch' });
      if (this.locks.locked(context.repo.id).has(branch))
        throw new ForbiddenError(`Branch ${branch} is locked`, { field: 'branch' });
      await this.writes.deleteRef(repo, ref.name, ref.sha);
      this.events.record(
        refEvent('DeleteEvent', context.repo.id, actor.userId, 'branch', branch, this.now()),
      );
    });
  }

  /** Lock a branch against pushes, merges and deletion (Master role); locking it again changes nothing. */
  async lockBranch(ctx: RepoContext<Caller>, branch: string): Promise<void> {
    checkRevision('branch', branch);
    const { context, repo, actor } = this.granted(ctx);
    await this.requireRef(repo, BRANCH_PREFIX, branch);
    this.locks.lock(context.repo.id, branch, actor.userId, this.now());
  }

  /** Unlock a branch (Master role); NotFoundError when it is not locked. */
  unlockBranch(ctx: RepoContext, branch: string): void {
    checkRevision('branch', branch);
    const { context } = this.granted(ctx);
    if (!this.locks.unlock(context.repo.id, branch))
      throw new NotFoundError(`Branch ${branch} is not locked`, { field: 'branch' });
  }

  /** Tags by name. */
  async listTags(ctx: RepoContext, paging: Paging): Promise<Page<ForgeTag>> {
    const { repo } = this.granted(ctx);
    const refs = await this.git.refs(repo);
    const names = tagNames(refs);
    const page = names.slice(paging.offset, paging.offset + paging.pageSize);
    const items = await Promise.all(
      page.map((tag) => this.toTag(repo, tag, refs.refs.get(TAG_PREFIX + tag) as RefEntry)),
    );
    return { items, total: names.length };
  }

  /** One tag. */
  async getTag(ctx: RepoContext, tag: string): Promise<ForgeTag> {
    checkRevision('tag', tag);
    const { repo } = this.granted(ctx);
    return this.toTag(repo, tag, await this.requireRef(repo, TAG_PREFIX, tag));
  }

  /** Create a tag on `target` (default branch): annotated with `message`, lightweight without. */
  async createTag(ctx: RepoContext<Caller>, input: CreateTagDto): Promise<ForgeTag> {
    const tag = checkRefName('name', input.name);
    const target = input.target === undefined ? undefined : checkRevision('target', input.target);
    const { context, repo, actor } = this.granted(ctx);
    await this.createTagRef(context, repo, actor, tag, target, input.message);
    return this.toTag(repo, tag, await this.requireRef(repo, TAG_PREFIX, tag));
  }

  /** Delete a tag. */
  async deleteTag(ctx: RepoContext<Caller>, tag: string): Promise<void> {
    checkRevision('tag', tag);
    const { context, repo, actor } = this.granted(ctx);
    await this.git.exclusive(repo, async () => {
      const ref = await this.requireRef(repo, TAG_PREFIX, tag);
      await this.writes.deleteRef(repo, ref.name, ref.sha);
      this.events.record(
        refEvent('DeleteEvent', context.repo.id, actor.userId, 'tag', tag, this.now()),
      );
    });
  }

  /**
   * Create the tag ref (releases use this for a tag that does not exist yet); records
   * the CreateEvent. Returns the commit the tag points to.
   */
  async createTagRef(
    context: RepoGrant,
    repo: RepoName,
    actor: Caller,
    tag: string,
    target: string | undefined,
    message: string | undefined,
  ): Promise<string> {
    return this.git.exclusive(repo, async () => {
      const refs = await this.git.refs(repo);
      const full = TAG_PREFIX + tag;
      if (clashingRef(refs, full))
        throw new ConflictError(`Tag ${tag} already exists`, { field: 'name' });
      const commit = await this.git.resolveCommit(repo, target);
      if (message !== undefined) {
        const user = this.users.require(actor.username);
        await this.writes.createAnnotatedTag(repo, tag, commit.sha, message, {
          name: user.nickname,
          email: user.email,
          date: this.clock.now(),
        });
      } else {
        await this.writes.updateRef(repo, full, commit.sha, ZERO_OID);
      }
      this.events.record(
        refEvent('CreateEvent', context.repo.id, actor.userId, 'tag', tag, this.now()),
      );
      return commit.sha;
    });
  }

  private async toTag(repo: RepoName, tag: string, ref: RefEntry): Promise<ForgeTag> {
    const object = ref.type === 'tag' ? await this.git.tagObject(repo, ref.sha) : null;
    return {
      name: tag,
      target: ref.sha,
      target_type: ref.type,
      commit: ref.commit ? await this.renderer.one(repo, ref.commit) : EMPTY_COMMIT,
      // The forge checks no signatures: every tag carries the unsigned form.
      verification: UNSIGNED,
      message: object?.message.trim() ?? '',
    };
  }

  private async requireRef(repo: RepoName, prefix: string, short: string): Promise<RefEntry> {
    const ref = (await this.git.refs(repo)).refs.get(prefix + short);
    if (!ref) {
      const kind = prefix === TAG_PREFIX ? 'tag' : 'branch';
      throw new NotFoundError(`No ${kind} named ${short}`, { field: kind });
    }
    return ref;
  }

  private granted<C extends Principal>(ctx: RepoContext<C>): Granted<C> {
    const context = ctx.granted();
    return {
      context,
      repo: { owner: context.namespace.path, name: context.repo.name },
      actor: context.caller,
    };
  }

  private now(): string {
    return iso(this.clock.now());
  }
}
