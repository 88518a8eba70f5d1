import { Injectable } from '@nestjs/common';
import type { ApiIssueActivity } from '@shared/platform/published';
import type { EmbeddedUser, PlatformIssue, PlatformLabel } from '@shared/platform/types';
import { InvalidError, NotFoundError } from '../../common/errors';
import { Clock } from '../common/clock';
import type { Principal } from '../common/principal';
import { iso } from '../common/time';
import { ForgeConfig } from '../config/forge-config';
import { EventsService } from '../events/events.service';
import type { Page, Paging } from '../common/paging';
import { roleName } from '../common/roles';
import { ReposService } from '../repos/repos.service';
import { toEmbeddedUser } from '../users/user.converter';
import { AssignableUsers, MAX_ASSIGNEES } from './assignable-users';
import { toPlatformLabel } from './issue.converter';
import { assignmentPayloads } from './issue-activity';
import { IssueReader } from './issue-reader';
import { IssuesRepository } from './issues.repository';
import { LabelsService } from './labels.service';

/** An issue's labels and assignees (Reporter role for changes). */
@Injectable()
export class IssueDetailsService {
  constructor(
    private readonly issues: IssuesRepository,
    private readonly reader: IssueReader,
    private readonly repos: ReposService,
    private readonly labels: LabelsService,
    private readonly assignable: AssignableUsers,
    private readonly clock: Clock,
    private readonly config: ForgeConfig,
    private readonly events: EventsService,
  ) {}

  /** Labels on an issue, by name. */
  listLabels(principal: Principal, owner: string, name: string, number: string): PlatformLabel[] {
    const { repo } = this.repos.resolve(principal, owner, name, 'read');
    const issue = this.reader.require(repo.id, number);
    return (this.issues.labelsOf([issue.id]).get(issue.id) ?? []).map(toPlatformLabel);
  }

  /** Add labels by name (unknown names are created); returns the issue's labels. */
  addLabels(
    principal: Principal,
    owner: string,
    name: string,
    number: string,
    names: readonly string[],
  ): PlatformLabel[] {
    const { repo } = this.repos.resolve(principal, owner, name, 'triage');
    const issue = this.reader.require(repo.id, number);
    this.issues.transaction(() => {
      const labels = this.labels.ensure(repo.id, names);
      this.issues.addLabels(
        issue.id,
        labels.map((label) => label.id),
      );
      this.issues.touch(issue.id, iso(this.clock.now()));
    });
    return (this.issues.labelsOf([issue.id]).get(issue.id) ?? []).map(toPlatformLabel);
  }

  /** Remove one label by name; NotFoundError when the issue does not carry it. */
  removeLabel(
    principal: Principal,
    owner: string,
    name: string,
    number: string,
    label: string,
  ): void {
    const { repo } = this.repos.resolve(principal, owner, name, 'triage');
    const issue = this.reader.require(repo.id, number);
    const found = this.labels.find(repo.id, label);
    if (!found || !this.issues.removeLabel(issue.id, found.id)) {
      throw new NotFoundError(`Issue #${issue.number} has no label "${label}"`, { field: 'name' });
    }
    this.issues.touch(issue.id, iso(this.clock.now()));
  }

  /** What happened to an issue (opened, edited, assigned, closed, reopened, commented), oldest first. */
  activities(
    principal: Principal,
    owner: string,
    name: string,
    number: string,
    paging: Paging,
    afterId = 0,
  ): Page<ApiIssueActivity> {
    const { repo } = this.repos.resolve(principal, owner, name, 'read');
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
  checkAssignable(
    principal: Principal,
    owner: string,
    name: string,
    number: string,
    username: string,
  ): void {
    const context = this.repos.resolve(principal, owner, name, 'read');
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
  assignees(principal: Principal, owner: string, name: string, number: string): EmbeddedUser[] {
    const { repo } = this.repos.resolve(principal, owner, name, 'read');
    const issue = this.reader.require(repo.id, number);
    return (this.issues.assigneesOf([issue.id]).get(issue.id) ?? []).map((user) =>
      toEmbeddedUser(user, this.config.publicUrl),
    );
  }

  /** Add, replace or remove assignees; returns the updated issue. */
  changeAssignees(
    principal: Principal,
    owner: string,
    name: string,
    number: string,
    how: 'add' | 'replace' | 'remove',
    usernames: readonly string[],
  ): PlatformIssue {
    const context = this.repos.resolve(principal, owner, name, 'triage');
    const issue = this.reader.require(context.repo.id, number);
    const caller = principal as NonNullable<Principal>;
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
