import { Injectable } from '@nestjs/common';
import type { ApiIssueComment } from '@shared/platform/published';
import type { PlatformComment } from '@shared/platform/types';
import { ForbiddenError, NotFoundError } from '../../common/errors';
import { Clock } from '../common/clock';
import { ROLE_LEVELS } from '../access/roles';
import type { Page, Paging } from '../http/paging';
import type { Caller } from '../access/principal';
import { iso } from '../common/time';
import type { RepoContext } from '../access/request-context';
import { NpcRunsService } from '../builds/npc-runs.service';
import { ForgeConfig } from '../config/forge-config';
import { EventsService } from '../events/events.service';
import { CommentsRepository } from './comments.repository';
import { toPlatformComment } from './issue.converter';
import { IssueReader } from './issue-reader';
import type { CommentRow } from './issue.types';
import { IssuesRepository } from './issues.repository';

/** Comments on issues. */
@Injectable()
export class CommentsService {
  constructor(
    private readonly comments: CommentsRepository,
    private readonly issues: IssuesRepository,
    private readonly reader: IssueReader,
    private readonly clock: Clock,
    private readonly config: ForgeConfig,
    private readonly events: EventsService,
    private readonly npcRuns: NpcRunsService,
  ) {}

  /** An issue's comments, oldest first unless `sort` is `-created_at`. */
  list(
    ctx: RepoContext,
    number: string,
    sort: string | undefined,
    paging: Paging,
  ): Page<PlatformComment> {
    const { repo } = ctx.granted();
    const issue = this.reader.require(repo.id, number);
    const { rows, total } = this.comments.list(
      issue.id,
      sort === '-created_at',
      paging.pageSize,
      paging.offset,
    );
    return { items: rows.map((row) => toPlatformComment(row, this.config.publicUrl)), total };
  }

  /** One comment of an issue. */
  get(ctx: RepoContext, number: string, commentId: string): ApiIssueComment {
    const { repo } = ctx.granted();
    const issue = this.reader.require(repo.id, number);
    return toPlatformComment(this.require(issue.id, commentId), this.config.publicUrl);
  }

  /** Change a comment's text: its author, or a Reporter and up. */
  update(ctx: RepoContext, number: string, commentId: string, body: string): ApiIssueComment {
    const context = ctx.granted();
    const issue = this.reader.require(context.repo.id, number);
    const comment = this.require(issue.id, commentId);
    if (comment.author.id !== ctx.caller?.userId && context.role < ROLE_LEVELS.Reporter)
      throw new ForbiddenError('Only its author or a Reporter can edit this comment', {
        role: 'Reporter',
      });
    this.comments.updateBody(comment.id, body, iso(this.clock.now()));
    return toPlatformComment(this.require(issue.id, commentId), this.config.publicUrl);
  }

  private require(issueId: number, commentId: string): CommentRow {
    const id = /^[1-9]\d{0,15}$/.test(commentId) ? Number(commentId) : NaN;
    const row = Number.isSafeInteger(id) ? this.comments.byId(issueId, id) : undefined;
    if (!row)
      throw new NotFoundError(`No comment ${commentId} on this issue`, { field: 'comment_id' });
    return row;
  }

  /**
   * Comment on an issue; moves its `updated_at` and `last_acted_at`. NPCs the comment
   * mentions start a run each.
   */
  async create(ctx: RepoContext<Caller>, number: string, body: string): Promise<PlatformComment> {
    const context = ctx.granted();
    const { repo } = context;
    const issue = this.reader.require(repo.id, number);
    const at = iso(this.clock.now());
    const comment = this.issues.transaction(() => {
      const row = this.comments.insert(issue.id, context.caller.userId, body, at);
      this.issues.touch(issue.id, at);
      this.events.record({
        repoId: repo.id,
        type: 'IssueCommentEvent',
        actorId: context.caller.userId,
        payload: {
          action: 'created',
          issue: { number: String(issue.number), title: issue.title },
          comment: { id: String(row.id) },
        },
        createdAt: at,
      });
      return row;
    });
    await this.npcRuns.fromText(context, comment.author.id, body, {
      kind: 'issue',
      id: issue.id,
      number: issue.number,
      title: issue.title,
    });
    return toPlatformComment(comment, this.config.publicUrl);
  }
}
