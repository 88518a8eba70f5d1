import { Injectable } from '@nestjs/common';
import type {
  ApiCommit,
  ApiCommitStatuses,
  ApiLabel,
  ApiPullFile,
  ApiPullRequestComment,
  ApiPullReview,
  ApiPullReviewComment,
  ApiUserInfo,
} from '@shared/platform/published';
import { ForbiddenError, InvalidError, NotFoundError } from '../../common/errors';
import { ROLE_LEVELS } from '../access/roles';
import { Clock } from '../common/clock';
import type { Page, Paging } from '../http/paging';
import type { Caller } from '../access/principal';
import { iso } from '../common/time';
import type { RepoContext } from '../access/request-context';
import { CommitRenderer } from '../commits/commit-renderer';
import { CommitsService } from '../commits/commits.service';
import { NpcRunsService, pullSource } from '../builds/npc-runs.service';
import { ForgeConfig } from '../config/forge-config';
import { EventsService } from '../events/events.service';
import { GitHistoryAdapter } from '../git/git-history.adapter';
import { toPlatformLabel } from '../issues/issue.converter';
import { OrgsService } from '../orgs/orgs.service';
import { toEmbeddedUser } from '../users/user.converter';
import { UsersService } from '../users/users.service';
import {
  PullDetailsRepository,
  type PullNoteRow,
  type PullReviewCommentRow,
  type ReviewCommentPlace,
  type ReviewState,
} from './pull-details.repository';
import type { CreatePullReviewDto, PullReviewCommentDto } from './pulls.dto';
import { PullsService } from './pulls.service';

/** A commit list of a pull shows at most this many commits. */
const MAX_PULL_COMMITS = 250;

/** git's status letters as the published pull file statuses. */
const FILE_STATUS: Readonly<Record<string, ApiPullFile['status']>> = {
  A: 'add',
  D: 'delete',
  M: 'modify',
  T: 'modify',
  R: 'rename',
  C: 'copy',
};

/** Review events as requested, and the state each leaves. */
const REVIEW_STATES: Readonly<Record<CreatePullReviewDto['event'], ReviewState>> = {
  approve: 'approved',
  request_changes: 'changes_requested',
  comment: 'commented',
};

/**
 * Where a review comment of the published form sits. A line comment names its first and
 * last line (`line` is the forge's shorthand for one line) and the diff side of each,
 * the new side unless told; a file comment has no lines.
 */
export function reviewCommentPlace(comment: PullReviewCommentDto): ReviewCommentPlace {
  if (comment.subject_type === 'file') {
    return {
      path: comment.path,
      subjectType: 'file',
      line: 0,
      endLine: 0,
      startSide: 'right',
      endSide: 'right',
    };
  }
  const start = comment.start_line ?? comment.line;
  const end = comment.end_line ?? start;
  if (start === undefined || end === undefined)
    throw new InvalidError('comments: a line comment needs start_line', { field: 'start_line' });
  if (end < start)
    throw new InvalidError('comments: end_line must not be before start_line', {
      field: 'end_line',
    });
  const startSide = comment.start_side ?? 'right';
  return {
    path: comment.path,
    subjectType: 'line',
    line: start,
    endLine: end,
    startSide,
    endSide: comment.end_side ?? startSide,
  };
}

/** A pull's people, labels, commits, files, comments, reviews and statuses. */
@Injectable()
export class PullDetailsService {
  constructor(
    private readonly pulls: PullsService,
    private readonly details: PullDetailsRepository,
    private readonly history: GitHistoryAdapter,
    private readonly renderer: CommitRenderer,
    private readonly commits: CommitsService,
    private readonly orgs: OrgsService,
    private readonly users: UsersService,
    private readonly events: EventsService,
    private readonly clock: Clock,
    private readonly config: ForgeConfig,
    private readonly npcRuns: NpcRunsService,
  ) {}

  /** Users assigned to the pull. */
  async assignees(ctx: RepoContext, number: string): Promise<ApiUserInfo[]> {
    const { row } = await this.pulls.find(ctx, number);
    return (this.details.assigneesOf([row.id]).get(row.id) ?? []).map((user) =>
      toEmbeddedUser(user, this.config.publicUrl),
    );
  }

  /** Whether a user may be assigned to the pull: NotFoundError when not. */
  async checkAssignable(ctx: RepoContext, number: string, username: string): Promise<void> {
    const { context } = await this.pulls.find(ctx, number);
    const user = this.users.findAll([username])[0];
    const namespace = { ...context.namespace };
    if (!user || !this.orgs.assignable(namespace, [user.id]).has(user.id))
      throw new NotFoundError(`${username} cannot be assigned in ${namespace.path}`, {
        field: 'assignee',
      });
  }

  /** Labels of the pull. */
  async labels(ctx: RepoContext, number: string, paging: Paging): Promise<Page<ApiLabel>> {
    const { row } = await this.pulls.find(ctx, number);
    const all = (this.details.labelsOf([row.id]).get(row.id) ?? []).map(toPlatformLabel);
    return { items: all.slice(paging.offset, paging.offset + paging.pageSize), total: all.length };
  }

  /** Commits the pull brings (in head, not in base), oldest first. */
  async commitList(ctx: RepoContext, number: string, paging: Paging): Promise<Page<ApiCommit>> {
    const { row, repo } = await this.pulls.find(ctx, number);
    if (!row.base_sha || !row.head_sha) return { items: [], total: 0 };
    const ids = (await this.history.range(repo, row.base_sha, row.head_sha)).slice(
      0,
      MAX_PULL_COMMITS,
    );
    const page = ids.slice(paging.offset, paging.offset + paging.pageSize);
    return { items: await this.renderer.render(repo, page), total: ids.length };
  }

  /** Files the pull changes (from where head left base), with patches. */
  async files(ctx: RepoContext, number: string): Promise<ApiPullFile[]> {
    const { row, repo } = await this.pulls.find(ctx, number);
    if (!row.base_sha || !row.head_sha) return [];
    const base = (await this.history.mergeBase(repo, row.base_sha, row.head_sha)) ?? row.base_sha;
    const web = `${this.config.publicUrl}/${repo.owner}/${repo.name}`;
    return (await this.history.diff(repo, base, row.head_sha)).map((file) => ({
      filename: file.path,
      status: FILE_STATUS[file.status] ?? 'modify',
      additions: file.additions,
      deletions: file.deletions,
      patch: file.patch,
      sha: file.sha,
      blob_url: `${web}/-/blob/${row.head_sha}/${file.path}`,
      raw_url: `${web}/-/git/raw/${row.head_sha}/${file.path}`,
      contents_url: `${web}/-/git/contents/${file.path}?ref=${row.head_sha}`,
    }));
  }

  /** Comments on the pull, oldest first. */
  async comments(
    ctx: RepoContext,
    number: string,
    paging: Paging,
  ): Promise<Page<ApiPullRequestComment>> {
    const { row } = await this.pulls.find(ctx, number);
    const { rows, total } = this.details.comments(row.id, paging.pageSize, paging.offset);
    return { items: rows.map((note) => this.toComment(note)), total };
  }

  /** One comment on the pull. */
  async comment(
    ctx: RepoContext,
    number: string,
    commentId: string,
  ): Promise<ApiPullRequestComment> {
    const { row } = await this.pulls.find(ctx, number);
    const id = /^[1-9]\d{0,15}$/.test(commentId) ? Number(commentId) : NaN;
    const note = Number.isSafeInteger(id) ? this.details.comment(row.id, id) : undefined;
    if (!note)
      throw new NotFoundError(`No comment ${commentId} on this pull request`, {
        field: 'comment_id',
      });
    return this.toComment(note);
  }

  /** Comment on the pull (anyone who can see a public repository, as for issues). */
  async createComment(
    ctx: RepoContext<Caller>,
    number: string,
    body: string,
  ): Promise<ApiPullRequestComment> {
    const { row, context } = await this.pulls.find(ctx, number);
    const { caller } = context;
    const at = iso(this.clock.now());
    const id = this.details.insertComment(row.id, caller.userId, body, at);
    this.events.record({
      repoId: context.repo.id,
      type: 'PullRequestEvent',
      actorId: caller.userId,
      payload: { action: 'commented', number: String(row.number), comment: { id: String(id) } },
      createdAt: at,
    });
    await this.npcRuns.fromText(context, caller.userId, body, pullSource(row));
    return this.toComment(this.details.comment(row.id, id) as PullNoteRow);
  }

  /** Change a comment's text (`api.PatchPullCommentForm`): its author, or a Reporter. */
  async updateComment(
    ctx: RepoContext,
    number: string,
    commentId: string,
    body: string,
  ): Promise<ApiPullRequestComment> {
    const { row, context } = await this.pulls.find(ctx, number);
    const id = /^[1-9]\d{0,15}$/.test(commentId) ? Number(commentId) : NaN;
    const note = Number.isSafeInteger(id) ? this.details.comment(row.id, id) : undefined;
    if (!note)
      throw new NotFoundError(`No comment ${commentId} on this pull request`, {
        field: 'comment_id',
      });
    if (note.author.id !== ctx.caller?.userId && context.role < ROLE_LEVELS.Reporter)
      throw new ForbiddenError('Only its author or a Reporter can edit this comment', {
        role: 'Reporter',
      });
    this.details.updateCommentBody(row.id, id, body, iso(this.clock.now()));
    return this.toComment(this.details.comment(row.id, id) as PullNoteRow);
  }

  /** Reviews of the pull, oldest first. */
  async reviews(ctx: RepoContext, number: string, paging: Paging): Promise<Page<ApiPullReview>> {
    const { row } = await this.pulls.find(ctx, number);
    const { rows, total } = this.details.reviews(row.id, paging.pageSize, paging.offset);
    return {
      items: rows.map((review) => ({
        id: String(review.id),
        state: review.state,
        body: review.body,
        author: toEmbeddedUser(review.author, this.config.publicUrl),
        created_at: review.created_at,
        updated_at: review.updated_at,
      })),
      total,
    };
  }

  /**
   * Review the pull: approve, request changes or comment, optionally with comments on
   * lines of changed files. Needs the Reporter role, as triage does.
   */
  async createReview(
    ctx: RepoContext<Caller>,
    number: string,
    input: CreatePullReviewDto,
  ): Promise<ApiPullReview> {
    const { row, context } = await this.pulls.find(ctx, number);
    if (context.role < ROLE_LEVELS.Reporter)
      throw new ForbiddenError(`Reviewing needs the Reporter role in ${context.namespace.path}`, {
        role: 'Reporter',
      });
    const { caller } = context;
    const at = iso(this.clock.now());
    const state = REVIEW_STATES[input.event];
    if (state !== 'approved' && !input.body?.trim() && (input.comments ?? []).length === 0)
      throw new InvalidError('body: a review that does not approve needs a body or comments', {
        field: 'body',
      });
    const reviewId = this.details.insertReview(row.id, caller.userId, state, input.body ?? '', at);
    for (const comment of input.comments ?? [])
      this.details.insertReviewComment(
        reviewId,
        caller.userId,
        { ...reviewCommentPlace(comment), body: comment.body, commitSha: row.head_sha },
        at,
      );
    this.events.record({
      repoId: context.repo.id,
      type: 'PullRequestEvent',
      actorId: caller.userId,
      payload: {
        action: 'reviewed',
        number: String(row.number),
        review: { id: String(reviewId), state },
      },
      createdAt: at,
    });
    const reviewText = [input.body ?? '', ...(input.comments ?? []).map((c) => c.body)].join(
      '\n\n',
    );
    await this.npcRuns.fromText(context, caller.userId, reviewText, pullSource(row));
    const page = await this.reviews(ctx, number, {
      page: 1,
      pageSize: 100,
      offset: 0,
    });
    return page.items.find((review) => review.id === String(reviewId)) as ApiPullReview;
  }

  /** Comments of one review of the pull. */
  async reviewComments(
    ctx: RepoContext,
    number: string,
    reviewId: string,
    paging: Paging,
  ): Promise<Page<ApiPullReviewComment>> {
    const { row } = await this.pulls.find(ctx, number);
    const id = /^[1-9]\d{0,15}$/.test(reviewId) ? Number(reviewId) : NaN;
    if (!Number.isSafeInteger(id) || !this.details.reviewExists(row.id, id))
      throw new NotFoundError(`No review ${reviewId} on this pull request`, { field: 'review_id' });
    const { rows, total } = this.details.reviewComments(id, paging.pageSize, paging.offset);
    return { items: rows.map((comment) => this.toReviewComment(comment)), total };
  }

  /** The statuses of the pull's head commit and their combined state. */
  async statuses(ctx: RepoContext, number: string): Promise<ApiCommitStatuses> {
    const { row, context } = await this.pulls.find(ctx, number);
    return this.commits.combinedStatus(context.repo.id, row.head_sha);
  }

  private toComment(note: PullNoteRow): ApiPullRequestComment {
    return {
      id: String(note.id),
      body: note.body,
      author: toEmbeddedUser(note.author, this.config.publicUrl),
      created_at: note.created_at,
      updated_at: note.updated_at,
      reactions: [],
    };
  }

  /**
   * A comment of a review, on lines of a file or on the whole file; the forge keeps no
   * replies, reactions or diff excerpt, so those fields are empty.
   */
  private toReviewComment(comment: PullReviewCommentRow): ApiPullReviewComment {
    return {
      id: String(comment.id),
      review_id: String(comment.review_id),
      review_state: comment.review_state,
      body: comment.body,
      path: comment.path,
      commit_hash: comment.commit_sha,
      start_line: comment.line,
      end_line: comment.end_line,
      start_side: comment.start_side,
      end_side: comment.end_side,
      subject_type: comment.subject_type,
      reply_to_comment_id: '',
      diff_hunk: [],
      reactions: [],
      author: toEmbeddedUser(comment.author, this.config.publicUrl),
      created_at: comment.created_at,
      updated_at: comment.updated_at,
    };
  }
}
