import { Injectable } from '@nestjs/common';
import { ConflictError, ForbiddenError } from '../../common/errors';
import { Clock } from '../common/clock';
import type { Caller } from '../access/principal';
import { ROLE_LEVELS } from '../access/roles';
import { iso } from '../common/time';
import type { RepoContext } from '../access/request-context';
import { GitAdapter } from '../git/git.adapter';
import { GitWriteAdapter } from '../git/git-write.adapter';
import { BRANCH_PREFIX } from '../git/ref-snapshot';
import { BranchLocksRepository } from '../repos/branch-locks.repository';
import { PushRecorder } from '../transport/push-recorder.service';
import { UsersService } from '../users/users.service';
import type { ForgePull } from './pull.converter';
import type { MergePullDto, UpdatePullDto } from './pulls.dto';
import { PullsRepository } from './pulls.repository';
import { PullsService } from './pulls.service';

/** `PUT /{repo}/-/pulls/{number}/merge`'s answer. */
export interface MergePullResult {
  merged: boolean;
  message: string;
  sha: string;
}

/** Changes to a pull request: its title, text and state, and its merge. */
@Injectable()
export class PullChangesService {
  constructor(
    private readonly pulls: PullsService,
    private readonly rows: PullsRepository,
    private readonly git: GitAdapter,
    private readonly writes: GitWriteAdapter,
    private readonly recorder: PushRecorder,
    private readonly users: UsersService,
    private readonly clock: Clock,
    private readonly locks: BranchLocksRepository,
  ) {}

  /**
   * Change the title or text, close or reopen (its author, or a Developer). A merged pull
   * stays merged; a pull reopens only while no other open pull joins the same branches.
   */
  async update(ctx: RepoContext<Caller>, number: string, input: UpdatePullDto): Promise<ForgePull> {
    const { row, context } = await this.pulls.find(ctx, number);
    const { caller } = context;
    if (row.author.id !== caller.userId && context.role < ROLE_LEVELS.Developer && !caller.isAdmin)
      throw new ForbiddenError('Changing a pull request needs its author or the Developer role', {
        role: 'Developer',
      });
    const state = input.state ?? row.state;
    if (state !== row.state && row.state === 'merged')
      throw new ConflictError(`Pull #${row.number} is merged`, { field: 'state' });
    if (
      state === 'open' &&
      row.state === 'closed' &&
      this.rows.openExists(context.repo.id, row.base_ref, row.head_ref)
    )
      throw new ConflictError(
        `An open pull request from ${row.head_ref} into ${row.base_ref} already exists`,
        { field: 'state' },
      );
    const at = iso(this.clock.now());
    this.rows.update(row.id, {
      title: input.title?.trim(),
      body: input.body,
      state,
      closedAt: state === row.state ? undefined : state === 'closed' ? at : null,
      updatedAt: at,
    });
    return this.pulls.get(ctx, number);
  }

  /**
   * Merge an open pull into its base branch (Developer role, as for a push): the base
   * moves to the merge, the move is recorded like a push (events, `last_updated_at`),
   * and the pull is merged with the commits it joined.
   */
  async merge(
    ctx: RepoContext<Caller>,
    number: string,
    input: MergePullDto,
  ): Promise<MergePullResult> {
    const { row, context, repo } = await this.pulls.find(ctx, number);
    if (row.state !== 'open')
      throw new ConflictError(`Pull #${row.number} is ${row.state}`, { field: 'number' });
    if (this.locks.locked(context.repo.id).has(row.base_ref))
      throw new ForbiddenError(`Branch ${row.base_ref} is locked`, { field: 'number' });
    const before = await this.git.freshRefs(repo);
    const base = before.refs.get(BRANCH_PREFIX + row.base_ref)?.commit;
    const head = before.refs.get(BRANCH_PREFIX + row.head_ref)?.commit;
    if (!base || !head)
      throw new ConflictError(`Branch ${base ? row.head_ref : row.base_ref} does not exist`, {
        field: 'number',
      });
    const { caller } = context;
    const user = this.users.require(caller.username);
    // The published form asks for a title; a client that sends none gets git's usual one.
    const title =
      input.commit_title?.trim() ||
      `Merge pull request #${row.number} from ${row.head_ref} into ${row.base_ref}`;
    const message = input.commit_message ? `${title}\n\n${input.commit_message}\n` : `${title}\n`;
    const sha = await this.writes.mergeCommit(
      repo,
      base,
      head,
      input.merge_style ?? 'merge',
      { name: user.nickname, email: user.email, date: this.clock.now() },
      message,
    );
    await this.writes.updateRef(repo, BRANCH_PREFIX + row.base_ref, sha, base);
    const after = await this.git.freshRefs(repo);
    await this.recorder.record(context.repo.id, repo, caller.userId, before, after);
    const at = iso(this.clock.now());
    this.rows.update(row.id, {
      state: 'merged',
      closedAt: at,
      updatedAt: at,
      baseSha: base,
      headSha: head,
    });
    return { merged: true, message: 'merged', sha };
  }
}
