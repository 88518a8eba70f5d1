import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { DispatchRequest } from '@shared/board/admin';
import type {
  DispatchFilter,
  DispatchFinding,
  DispatchHistoryItem,
  DispatchRecord,
} from '@shared/board/dispatch';
import type { Issue } from '@shared/board/entities';
import { toIssue } from '@shared/board/mappers';
import { Clock } from '../../common/clock';
import { ConflictError } from '../../common/errors';
import { withCode } from '../common/error-code';
import { assertConfiguredNpc } from './configured-npc';
import { BoardChanges } from '../events/board-changes';
import { BoardConfig } from '../config/board-config';
import { NpcWorkService } from '../sync/npc-work.service';
import { Coverage } from '../scope/coverage.service';
import { PlatformClient } from '../platform/platform-client';
import { BoardStore } from '../store/board-store';
import { DispatchService } from './dispatch.service';
import { IdempotencyService, type IdempotentAnswer } from './idempotency.service';
import { PreflightService } from './preflight.service';
import { IssueMirror } from '../sync/issue-mirror';

/** Who dispatched: the trusted-header user, or "token". */
export type Actor = string;

/**
 * Dispatch behind the preflight checks, re-dispatch, and the dispatch log
 * (docs/rules.md#guarded-dispatch). A blocking finding refuses the dispatch with
 * 409 unless the admin overrides it with a reason; every dispatch and re-dispatch is
 * recorded in the board's store with the findings that were in force.
 */
@Injectable()
export class GuardedDispatchService {
  constructor(
    private readonly preflight: PreflightService,
    private readonly dispatcher: DispatchService,
    private readonly platform: PlatformClient,
    private readonly coverage: Coverage,
    private readonly work: NpcWorkService,
    private readonly changes: BoardChanges,
    private readonly store: BoardStore,
    private readonly config: BoardConfig,
    private readonly clock: Clock,
    private readonly mirror: IssueMirror,
    private readonly idempotency: IdempotencyService,
  ) {}

  /**
   * Check, then create and record; 409 with the findings when a check blocks. Made at
   * most once per idempotency key, and never again after a lost answer (`IdempotencyService`).
   */
  dispatch(input: DispatchRequest, actor: Actor, key?: string): Promise<IdempotentAnswer<Issue>> {
    return this.idempotency.perform({
      scope: 'dispatch',
      key,
      request: input,
      run: async (writing, marker) => {
        const findings = await this.preflight.check(input);
        const blocking = findings.filter((f) => f.severity === 'block');
        const override = input.override === true;
        if (blocking.length > 0 && !override) throw blockedError(blocking, findings);
        const issue = await this.dispatcher.dispatch(input, { marker, writing });
        await this.recordDispatch(input, actor, issue, findings);
        return issue;
      },
      recover: async (marker, since) => {
        const issue = await this.dispatcher.findDispatched(input, marker, since);
        // The lost attempt never reached its record; its findings went with it.
        if (issue) await this.recordDispatch(input, actor, issue, []);
        return issue;
      },
    });
  }

  /**
   * Hand an open issue to another NPC: its NPC assignees are replaced by `npc` (people
   * assigned stay), a comment mentions the new NPC (the platform wakes NPCs by mention),
   * and the cached lists are dropped so the board shows it at once. Made at most once per
   * idempotency key, like a dispatch.
   */
  redispatch(
    repo: string,
    number: number,
    input: { npc: string; reason?: string },
    actor: Actor,
    key?: string,
  ): Promise<IdempotentAnswer<Issue>> {
    return this.idempotency.perform({
      scope: 'redispatch',
      key,
      request: { repo, number, ...input },
      run: (writing) => this.handOver(repo, number, input, actor, writing),
      recover: async () => {
        // Handed over already: the issue is with the NPC alone.
        const issue = await this.platform.getIssue(repo, number);
        const npcs = toIssue(issue, repo, this.coverage.mapContext)
          .assignees.filter((a) => a.is_npc)
          .map((a) => a.username);
        if (npcs.length !== 1 || npcs[0] !== input.npc) return null;
        await this.changes.issuesChanged(repo);
        const [current] = await this.work.annotate([
          toIssue(issue, repo, this.coverage.mapContext),
        ]);
        return current;
      },
    });
  }

  private async handOver(
    repo: string,
    number: number,
    input: { npc: string; reason?: string },
    actor: Actor,
    writing: () => Promise<void>,
  ): Promise<Issue> {
    assertConfiguredNpc(this.config, input.npc);
    const [org, name] = repo.split('/');
    await this.coverage.assertRepository(org, name);
    await this.changes.issuesChanged(repo);
    const ctx = this.coverage.mapContext;
    const current = toIssue(
      await this.coverage.readable(`${repo}#${number}`, () => this.platform.getIssue(repo, number)),
      repo,
      ctx,
    );
    if (current.state === 'closed') {
      throw new ConflictError(
        `${repo}#${number} is closed; reopen it before handing it over`,
        withCode('issue_closed', { repo, number }),
      );
    }
    const npcs = current.assignees.filter((a) => a.is_npc).map((a) => a.username);
    if (npcs.length === 1 && npcs[0] === input.npc) {
      throw new ConflictError(
        `${repo}#${number} is already with ${input.npc}`,
        withCode('already_with_npc', { repo, number, npc: input.npc }),
      );
    }
    const people = current.assignees.filter((a) => !a.is_npc).map((a) => a.username);
    await writing();
    await this.platform.replaceAssignees(repo, number, [...people, input.npc]);
    const from = npcs.length > 0 ? ` from @${npcs.join(', @')}` : '';
    const why = input.reason ? `\n\nReason: ${input.reason}` : '';
    await this.platform.createComment(repo, number, {
      body: `@${input.npc} please take over this task (handed over${from}).${why}`,
    });
    await this.changes.issuesChanged(repo);
    const [updated] = await this.work.annotate([
      toIssue(await this.platform.getIssue(repo, number), repo, ctx),
    ]);
    await this.record({
      kind: 'redispatch',
      actor,
      repo,
      number,
      title: updated.title,
      npc: input.npc,
      previous_npc: npcs[0] ?? null,
      work_mode: null,
      findings: [],
      override: false,
      override_reason: null,
      reason: input.reason ?? null,
    });
    return updated;
  }

  /** The log, newest first, each with where its issue stands now. */
  async history(filter: DispatchFilter): Promise<DispatchHistoryItem[]> {
    if (filter.npc !== undefined) assertConfiguredNpc(this.config, filter.npc);
    if (filter.org !== undefined) await this.coverage.assertCovered(filter.org);
    const records = await this.store.listDispatches(filter);
    const issues = await this.currentIssues(records);
    return records.map((record) => {
      const issue = issues.get(`${record.repo}#${record.number}`);
      return {
        ...record,
        column: issue?.column ?? null,
        web_url: issue?.web_url ?? null,
        pickup_latency_s: issue?.signals.pickup_latency_s ?? null,
        cycle_time_s: issue?.signals.cycle_time_s ?? null,
      };
    });
  }

  /** The dispatched issues as the board shows them now, from the organizations' lists. */
  private async currentIssues(records: readonly DispatchRecord[]): Promise<Map<string, Issue>> {
    const wanted = new Set(records.map((r) => `${r.repo}#${r.number}`));
    const covered = new Set(await this.coverage.coveredOrgs());
    const orgs = [...new Set(records.map((r) => r.repo.split('/')[0]))].filter((o) =>
      covered.has(o),
    );
    const ctx = this.coverage.mapContext;
    const lists = await Promise.all(orgs.map((org) => this.mirror.orgIssues(org)));
    const found = lists
      .flat()
      .filter((raw) => raw.repo && wanted.has(`${raw.repo.path}#${raw.number}`))
      .map((raw) => toIssue(raw, raw.repo!.path, ctx));
    const annotated = await this.work.annotate(found);
    return new Map(
      annotated.map((issue) => [`${issue.repository.full_name}#${issue.number}`, issue]),
    );
  }

  private async recordDispatch(
    input: DispatchRequest,
    actor: Actor,
    issue: Issue,
    findings: readonly DispatchFinding[],
  ): Promise<void> {
    const override = input.override === true;
    await this.record({
      kind: 'dispatch',
      actor,
      repo: input.repo,
      number: issue.number,
      title: issue.title,
      npc: input.npc,
      previous_npc: null,
      work_mode: input.work_mode,
      findings: [...findings],
      override,
      override_reason: override ? (input.override_reason ?? null) : null,
      reason: null,
    });
  }

  private async record(entry: Omit<DispatchRecord, 'id' | 'dispatched_at'>): Promise<void> {
    await this.store.recordDispatch({
      id: randomUUID(),
      dispatched_at: this.clock.now().toISOString(),
      ...entry,
    });
  }
}

/** 409: what blocks, with every finding so the form can show them all. */
function blockedError(
  blocking: readonly DispatchFinding[],
  findings: readonly DispatchFinding[],
): ConflictError {
  const codes = blocking.map((f) => f.code).join(', ');
  const coded =
    blocking.length === 1
      ? withCode(blocking[0].code, blocking[0].params)
      : withCode('dispatch_blocked', { count: blocking.length, codes });
  const message =
    blocking.length === 1
      ? `Not dispatched: ${blocking[0].message}. Override with a reason to dispatch anyway.`
      : `Not dispatched: ${blocking.length} checks block it (${codes}). Override with a reason to dispatch anyway.`;
  return new ConflictError(message, { body: { findings }, ...coded });
}
