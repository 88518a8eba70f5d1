import { Injectable } from '@nestjs/common';
import type { ApiIssueActivity, ApiIssueProperty } from '@shared/platform/published';
import type { EmbeddedUser, PlatformIssue, PlatformLabel } from '@shared/platform/types';
import { InvalidError, NotFoundError } from '../../common/errors';
import { Clock } from '../common/clock';
import type { Caller } from '../access/principal';
import { iso } from '../common/time';
import { ForgeConfig } from '../config/forge-config';
import { EventsService } from '../events/events.service';
import type { Page, Paging } from '../http/paging';
import { roleName } from '../access/roles';
import type { RepoContext } from '../access/request-context';
import { toEmbeddedUser } from '../users/user.converter';
import { AssignableUsers, MAX_ASSIGNEES } from './assignable-users';
import { toPlatformLabel } from './issue.converter';
import { assignmentPayloads } from './issue-activity';
import { IssueReader } from './issue-reader';
import { IssuePropertiesRepository, type IssuePropertyType } from './issue-properties.repository';
import { IssuesRepository } from './issues.repository';
import { distinctNames, LabelsService } from './labels.service';

/** `api.IssuePropertyUpdateResult`: `failed_keys` only when some failed. */
export interface ApiIssuePropertyUpdateResult {
  success_count: number;
  failed_count: number;
  failed_keys?: string[];
}

/** Whether a value fits a property's type; the empty value (clearing it) fits all. */
export function fitsPropertyType(type: IssuePropertyType, value: string): boolean {
  if (value === '') return true;
  if (type === 'number') return /^-?\d{1,15}(\.\d{1,10})?$/.test(value);
  if (type === 'date') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
  }
  return true;
}

/** An issue's labels, assignees and custom properties (Reporter role for changes). */
@Injectable()
export class IssueDetailsService {
  constructor(
    private readonly issues: IssuesRepository,
    private readonly reader: IssueReader,
    private readonly labels: LabelsService,
    private readonly assignable: AssignableUsers,
    private readonly clock: Clock,
    private readonly config: ForgeConfig,
    private readonly events: EventsService,
    private readonly properties: IssuePropertiesRepository,
  ) {}

  /** Labels on an issue, by name. */
  listLabels(ctx: RepoContext, number: string): PlatformLabel[] {
    const { repo } = ctx.granted();
    const issue = this.reader.require(repo.id, number);
    return (this.issues.labelsOf([issue.id]).get(issue.id) ?? []).map(toPlatformLabel);
  }

  /**
   * Add labels by name (unknown names are created), or with `replace` make them the
   * issue's only labels. Answers one `api.Label`, as published: the last label the
   * request names (the published answer is a single record however many labels are
   * sent; the platform's handler applies them in turn and answers the last one), or the
   * empty record when a replacement names none.
   */
  applyLabels(
    ctx: RepoContext,
    number: string,
    names: readonly string[],
    replace = false,
  ): PlatformLabel {
    const { repo } = ctx.granted();
    const issue = this.reader.require(repo.id, number);
    const wanted = distinctNames(names);
    const labels = this.issues.transaction(() => {
      const ensured = this.labels.ensure(repo.id, wanted);
      if (replace) this.issues.clearLabels(issue.id);
      this.issues.addLabels(
        issue.id,
        ensured.map((label) => label.id),
      );
      this.issues.touch(issue.id, iso(this.clock.now()));
      return ensured;
    });
    const last = wanted[wanted.length - 1]?.toLowerCase();
    const answer = labels.find((label) => label.name.toLowerCase() === last);
    return answer ? toPlatformLabel(answer) : { id: '', name: '', color: '', description: '' };
  }

  /** Remove every label of an issue. */
  clearLabels(ctx: RepoContext, number: string): void {
    const { repo } = ctx.granted();
    const issue = this.reader.require(repo.id, number);
    this.issues.transaction(() => {
      this.issues.clearLabels(issue.id);
      this.issues.touch(issue.id, iso(this.clock.now()));
    });
  }

  /** Remove one label by name and answer it; NotFoundError when the issue does not carry it. */
  removeLabel(ctx: RepoContext, number: string, label: string): PlatformLabel {
    const { repo } = ctx.granted();
    const issue = this.reader.require(repo.id, number);
    const found = this.labels.find(repo.id, label);
    if (!found || !this.issues.removeLabel(issue.id, found.id)) {
      throw new NotFoundError(`Issue #${issue.number} has no label "${label}"`, { field: 'name' });
    }
    this.issues.touch(issue.id, iso(this.clock.now()));
    return toPlatformLabel(found);
  }

  /** The custom properties an issue has a value for, in the repository's order. */
  listProperties(ctx: RepoContext, number: string): ApiIssueProperty[] {
    const { repo } = ctx.granted();
    const issue = this.reader.require(repo.id, number);
    return this.properties.valuesOf([issue.id]).get(issue.id) ?? [];
  }

  /**
   * Set custom property values of an issue (an empty value clears one). Each key must be
   * one the repository defines and each value fit its type (a number, or a date as
   * YYYY-MM-DD); the others fail on their own and are named in `failed_keys`.
   */
  updateProperties(
    ctx: RepoContext,
    number: string,
    entries: readonly { key: string; value: string }[],
  ): ApiIssuePropertyUpdateResult {
    const { repo } = ctx.granted();
    const issue = this.reader.require(repo.id, number);
    const defined = this.properties.definitions(repo.id);
    const failed: string[] = [];
    let succeeded = 0;
    this.issues.transaction(() => {
      for (const entry of entries) {
        const definition = defined.get(entry.key);
        if (!definition || !fitsPropertyType(definition.type, entry.value)) {
          failed.push(entry.key);
          continue;
        }
        this.properties.set(issue.id, entry.key, entry.value);
        succeeded += 1;
      }
      if (succeeded > 0) this.issues.touch(issue.id, iso(this.clock.now()));
    });
    const result: ApiIssuePropertyUpdateResult = {
      success_count: succeeded,
      failed_count: failed.length,
    };
    if (failed.length > 0) result.failed_keys = failed;
    return result;
  }

  /** What happened to an issue (opened, edited, assigned, closed, reopened, commented), oldest first. */
  activities(
    ctx: RepoContext,
    number: string,
    paging: Paging,
    afterId = 0,
  ): Page<ApiIssueActivity> {
    const { repo } = ctx.granted();
    const issue = this.reader.require(repo.id, number);
    const page = this.events.issueActivities(repo.id, issue.number, afterId, paging);
    return {
      items: page.items.map((row) => ({
        id: String(row.id),
        type: row.type,
        actor: toEmbeddedUser(row.actor, this.config.publicUrl),
        actor_access_role: roleName(row.actor_role) ?? '',
        payload: JSON.parse(row.payload) as unknown,
        created_at: row.created_at,
        submitted_at: row.created_at,
      })),
      total: page.total,
    };
  }

  /** Whether a user may be assigned to an issue: NotFoundError when not. */
  checkAssignable(ctx: RepoContext, number: string, username: string): void {
    const context = ctx.granted();
    this.reader.require(context.repo.id, number);
    try {
      this.assignable.resolve(context, [username]);
    } catch {
      throw new NotFoundError(`${username} cannot be assigned in ${context.namespace.path}`, {
        field: 'assignee',
      });
    }
  }

  /** Users assigned to an issue. */
  assignees(ctx: RepoContext, number: string): EmbeddedUser[] {
    const { repo } = ctx.granted();
    const issue = this.reader.require(repo.id, number);
    return (this.issues.assigneesOf([issue.id]).get(issue.id) ?? []).map((user) =>
      toEmbeddedUser(user, this.config.publicUrl),
    );
  }

  /** Add, replace or remove assignees; returns the updated issue. */
  changeAssignees(
    ctx: RepoContext<Caller>,
    number: string,
    how: 'add' | 'replace' | 'remove',
    usernames: readonly string[],
  ): PlatformIssue {
    const context = ctx.granted();
    const issue = this.reader.require(context.repo.id, number);
    const { caller } = context;
    this.issues.transaction(() => {
      const before = this.assigneeNames(issue.id);
      if (how === 'remove') {
        const ids = this.assignable.known(usernames);
        this.issues.removeAssignees(issue.id, ids);
      } else {
        const ids = this.assignable.resolve(context, usernames);
        if (how === 'replace') this.issues.replaceAssignees(issue.id, ids);
        else this.issues.addAssignees(issue.id, ids);
        if (this.issues.assigneeCount(issue.id) > MAX_ASSIGNEES) {
          throw new InvalidError(`assignees: an issue may have at most ${MAX_ASSIGNEES}`, {
            field: 'assignees',
          });
        }
      }
      const at = iso(this.clock.now());
      const ref = { number: String(issue.number), title: issue.title };
      this.events.record(
        ...assignmentPayloads(ref, before, this.assigneeNames(issue.id)).map((payload) => ({
          repoId: context.repo.id,
          type: 'IssueEvent' as const,
          actorId: caller.userId,
          payload,
          createdAt: at,
        })),
      );
      this.issues.touch(issue.id, at);
    });
    return this.reader.render(context.repo.id, issue.number);
  }

  private assigneeNames(issueId: number): string[] {
    return (this.issues.assigneesOf([issueId]).get(issueId) ?? []).map((user) => user.username);
  }
}
