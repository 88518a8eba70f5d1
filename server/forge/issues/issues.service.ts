import { Injectable } from '@nestjs/common';
import type { IssueStateReason, PlatformIssue } from '@shared/platform/types';
import { ForbiddenError, InvalidError } from '../../common/errors';
import { Clock } from '../common/clock';
import type { Page, Paging } from '../http/paging';
import type { Caller, Principal } from '../access/principal';
import type { OrgContext, RepoContext } from '../access/request-context';
import { ROLE_LEVELS } from '../access/roles';
import { dayEnd, dayStart, iso } from '../common/time';
import { NpcRunsService } from '../builds/npc-runs.service';
import { ForgeConfig } from '../config/forge-config';
import { EventsService } from '../events/events.service';
import type { RepoGrant } from '../repos/repo.types';
import { ReposService } from '../repos/repos.service';
import { AssignableUsers } from './assignable-users';
import { assignmentPayloads, statePayload } from './issue-activity';
import type { IssueChanges, IssueFilter, IssueRow, IssueScope } from './issue.types';
import { IssueReader } from './issue-reader';
import type {
  CreateIssueDto,
  ListIssuesQueryDto,
  ListUserIssuesQueryDto,
  UpdateIssueDto,
} from './issues.dto';
import type { ForgeIssue } from './issue.converter';
import { IssuesRepository } from './issues.repository';
import { LabelsService } from './labels.service';

const CLOSED_REASONS: readonly IssueStateReason[] = ['completed', 'not_planned'];
const OPEN_REASONS: readonly IssueStateReason[] = ['open', 'reopened'];

/** Split a comma-joined filter value into trimmed, non-empty items. */
function items(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** A `YYYY-MM-DD` that names a real day, else InvalidError naming the field. */
function realDay(field: string, day: string | undefined): string | undefined {
  if (day === undefined) return undefined;
  if (new Date(dayStart(day)).toISOString().slice(0, 10) !== day) {
    throw new InvalidError(`${field} is not a real date`, { field });
  }
  return day;
}

/** Turn a list query into a checked filter. */
export function toIssueFilter(
  query: ListIssuesQueryDto,
  scope: IssueScope,
  paging: Paging,
): IssueFilter {
  const assignees = items(query.assignees);
  const updatedBegin = realDay('updated_time_begin', query.updated_time_begin);
  const updatedEnd = realDay('updated_time_end', query.updated_time_end);
  const closeBegin = realDay('close_time_begin', query.close_time_begin);
  const closeEnd = realDay('close_time_end', query.close_time_end);
  const labels = [...new Set(items(query.labels).map((label) => label.toLowerCase()))];
  return {
    scope,
    state: query.state === 'all' ? undefined : query.state,
    keyword: query.keyword?.trim() || undefined,
    labels,
    // Any of the labels unless told otherwise, as the platform publishes.
    labelsOperator: query.labels_operator ?? 'OR',
    authors: items(query.authors),
    assignees: assignees.filter((name) => name !== '-'),
    unassigned: assignees.includes('-'),
    priorities: items(query.priority),
    updatedFrom: updatedBegin && dayStart(updatedBegin),
    updatedBefore: updatedEnd && dayEnd(updatedEnd),
    closedFrom: closeBegin && dayStart(closeBegin),
    closedBefore: closeEnd && dayEnd(closeEnd),
    orderBy: query.order_by ?? '-created_at',
    limit: paging.pageSize,
    offset: paging.offset,
  };
}

/** Issues: lists with filters, create, read, update. */
/**
 * The planned dates after a creation or an edit (a field left out keeps its value, `""`
 * clears it); InvalidError when the end would come before the start.
 */
function plannedDates(
  start: string,
  end: string,
  input: { start_date?: string; end_date?: string },
): { startDate?: string; endDate?: string } {
  const startDate = input.start_date ?? start;
  const endDate = input.end_date ?? end;
  if (startDate !== '' && endDate !== '' && endDate < startDate) {
    throw new InvalidError(`end_date (${endDate}) must not be before start_date (${startDate})`, {
      field: 'end_date',
    });
  }
  return { startDate: input.start_date, endDate: input.end_date };
}

@Injectable()
export class IssuesService {
  constructor(
    private readonly issues: IssuesRepository,
    private readonly reader: IssueReader,
    private readonly repos: ReposService,
    private readonly labels: LabelsService,
    private readonly assignable: AssignableUsers,
    private readonly clock: Clock,
    private readonly events: EventsService,
    private readonly config: ForgeConfig,
    private readonly npcRuns: NpcRunsService,
  ) {}

  /** Issues of one repository. */
  list(ctx: RepoContext, query: ListIssuesQueryDto, paging: Paging): Page<PlatformIssue> {
    const { repo } = ctx.granted();
    const { rows, total } = this.issues.list(toIssueFilter(query, { repoId: repo.id }, paging));
    return { items: this.reader.toWire(rows, false), total };
  }

  /** Issues of every repository of an organization the caller may read, each with `repo.path`. */
  listOrg(ctx: OrgContext, query: ListIssuesQueryDto, paging: Paging): Page<PlatformIssue> {
    const scope = this.repos.readableInOrg(ctx.granted());
    const { rows, total } = this.issues.list(toIssueFilter(query, scope, paging));
    return { items: this.reader.toWire(rows, true), total };
  }

  /**
   * `/user/issues`: issues assigned to the caller (default) or opened by them, in the
   * repositories they can read as a member; open ones unless `state` says otherwise.
   */
  listForUser(
    principal: Principal,
    query: ListUserIssuesQueryDto,
    paging: Paging,
  ): Page<ForgeIssue> {
    const scope = this.repos.readableByCaller(principal);
    const caller = principal as NonNullable<Principal>;
    const filter = toIssueFilter({ state: 'open', ...query }, scope, paging);
    if ((query.filter ?? 'assigned') === 'assigned') filter.assignees = [caller.username];
    else filter.authors = [caller.username];
    const { rows, total } = this.issues.list(filter);
    const items = this.reader.toWire(rows, true).map((issue, index) => {
      const row = rows[index];
      const path = `${row.owner_path}/${row.repo_name}`;
      return {
        ...issue,
        repo: {
          id: String(row.repo_id),
          name: row.repo_name,
          path,
          web_url: `${this.config.publicUrl}/${path}`,
        },
      };
    });
    return { items, total };
  }

  /** One issue. */
  get(ctx: RepoContext, number: string): PlatformIssue {
    const { repo } = ctx.granted();
    return this.reader.toWire([this.reader.require(repo.id, number)], false)[0];
  }

  /**
   * Open an issue; unknown labels are created, assignees must have a role in the
   * organization. Labels, assignees, priority and work mode are triage fields: setting
   * them at creation needs the Reporter role, as changing them afterwards does. NPCs the
   * body mentions start a run each.
   */
  async create(ctx: RepoContext<Caller>, input: CreateIssueDto): Promise<PlatformIssue> {
    const context = ctx.granted();
    const { caller } = context;
    this.checkMayTriageOnCreate(context, input);
    const assigneeIds = this.assignable.resolve(context, input.assignees ?? []);
    const at = iso(this.clock.now());
    const created = this.issues.transaction(() => {
      const created = this.issues.insert({
        repoId: context.repo.id,
        namespaceId: context.namespace.id,
        title: input.title.trim(),
        body: input.body ?? '',
        authorId: caller.userId,
        priority: input.priority ?? '0',
        workMode: input.work_mode ?? false,
        ...plannedDates('', '', input),
        createdAt: at,
      });
      const labels = this.labels.ensure(context.repo.id, input.labels ?? []);
      this.issues.addLabels(
        created.id,
        labels.map((label) => label.id),
      );
      this.issues.addAssignees(created.id, assigneeIds);
      const ref = { number: String(created.number), title: input.title.trim() };
      const assigned = (this.issues.assigneesOf([created.id]).get(created.id) ?? []).map(
        (user) => user.username,
      );
      this.events.record(
        ...[statePayload('opened', ref), ...assignmentPayloads(ref, [], assigned)].map(
          (payload) => ({
            repoId: context.repo.id,
            type: 'IssueEvent' as const,
            actorId: caller.userId,
            payload,
            createdAt: at,
          }),
        ),
      );
      return created;
    });
    await this.npcRuns.fromText(context, caller.userId, input.body ?? '', {
      kind: 'issue',
      id: created.id,
      number: created.number,
      title: input.title.trim(),
    });
    return this.reader.render(context.repo.id, created.number);
  }

  /** Change title, body, state, state reason or priority. */
  update(ctx: RepoContext<Caller>, number: string, input: UpdateIssueDto): PlatformIssue {
    const context = ctx.granted();
    const issue = this.reader.require(context.repo.id, number);
    this.checkMayEdit(context.caller, context, issue, input);
    const changes: IssueChanges = {
      at: iso(this.clock.now()),
      title: input.title?.trim(),
      body: input.body,
      priority: input.priority,
      ...plannedDates(issue.start_date, issue.end_date, input),
    };
    Object.assign(changes, this.stateChange(issue, input, changes.at));
    const action =
      changes.state === undefined || changes.state === issue.state
        ? 'edited'
        : changes.state === 'closed'
          ? 'closed'
          : 'reopened';
    this.issues.transaction(() => {
      this.issues.update(issue.id, changes);
      this.events.record({
        repoId: context.repo.id,
        type: 'IssueEvent',
        actorId: context.caller.userId,
        payload: statePayload(
          action,
          { number: String(issue.number), title: changes.title ?? issue.title },
          changes.stateReason,
        ),
        createdAt: changes.at,
      });
    });
    return this.reader.render(context.repo.id, issue.number);
  }

  /** Refuses triage fields in a creation by a caller below Reporter, before anything is written. */
  private checkMayTriageOnCreate(context: RepoGrant, input: CreateIssueDto): void {
    if (context.role >= ROLE_LEVELS.Reporter) return;
    const fields = [
      (input.labels ?? []).length > 0 ? 'labels' : null,
      (input.assignees ?? []).length > 0 ? 'assignees' : null,
      input.priority !== undefined ? 'priority' : null,
      input.work_mode !== undefined ? 'work_mode' : null,
      input.start_date !== undefined ? 'start_date' : null,
      input.end_date !== undefined ? 'end_date' : null,
    ].filter((field): field is string => field !== null);
    if (fields.length === 0) return;
    throw new ForbiddenError(
      `Setting ${fields.join(', ')} needs the Reporter role in ${context.namespace.path}`,
      { role: 'Reporter', field: fields[0] },
    );
  }

  /** Authors may edit their issue's text and state; triage (Reporter and up) may edit anything. */
  private checkMayEdit(
    principal: Principal,
    context: RepoGrant,
    issue: IssueRow,
    input: UpdateIssueDto,
  ): void {
    if (context.role >= ROLE_LEVELS.Reporter) return;
    const isAuthor = principal?.userId === issue.author.id;
    const planning =
      input.priority !== undefined ||
      input.start_date !== undefined ||
      input.end_date !== undefined;
    if (!isAuthor || planning) {
      throw new ForbiddenError(
        `Editing this issue needs the Reporter role in ${context.namespace.path}`,
        { role: 'Reporter' },
      );
    }
  }

  /** State and reason after a PATCH, with the close time; InvalidError for a reason that contradicts the state. */
  private stateChange(issue: IssueRow, input: UpdateIssueDto, at: string): Partial<IssueChanges> {
    const state = input.state ?? issue.state;
    let reason = input.state_reason;
    let closedAt: string | null | undefined;
    if (state !== issue.state) {
      reason ??= state === 'closed' ? 'completed' : 'reopened';
      closedAt = state === 'closed' ? at : null;
    }
    if (reason === undefined) return {};
    const allowed = state === 'closed' ? CLOSED_REASONS : OPEN_REASONS;
    if (!allowed.includes(reason)) {
      throw new InvalidError(
        `state_reason must be one of ${allowed.join(', ')} when the issue is ${state}`,
        {
          field: 'state_reason',
        },
      );
    }
    return { state, stateReason: reason, closedAt };
  }
}
