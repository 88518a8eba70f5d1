import { Injectable } from '@nestjs/common';
import type { Issue } from '@shared/board/entities';
import { isNpcIssue } from '@shared/board/npc';
import { attention, issueSignals, SignalFacts, SignalSettings } from '@shared/board/signals';
import { Clock } from '../../common/clock';
import { notePending } from '../cache/freshness';
import { SettingsService } from '../settings/settings.service';
import { BackgroundReads } from './background-reads';
import { IssueFacts, IssueFactsService } from './issue-facts.service';
import { RepoActivityService } from './repo-activity.service';

const DAY_MS = 86_400_000;
/** Closed issues older than this get no conversation read: no figure shows them. */
export const SIGNAL_WINDOW_DAYS = 31;
/**
 * Issues annotated at once per call: enough to keep the platform client's concurrency limit
 * busy, few enough that a search of thousands of issues does not queue thousands of
 * platform requests at once (each waiting request holds its promise chain and request
 * objects, which made such a search the board's peak of memory).
 */
export const ANNOTATED_AT_ONCE = 64;

/**
 * Puts the NPC work signals on issues (docs/rules.md#npc-signals). The conversation
 * is read for open NPC issues and for those that changed within the widest window shown,
 * and only again when the issue moved (see `IssueFactsService`). Pages get them as far
 * as they are known (`annotateKnown`); alerts and dispatch checks wait for them (`annotate`).
 */
@Injectable()
export class NpcWorkService {
  constructor(
    private readonly facts: IssueFactsService,
    private readonly commits: RepoActivityService,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    private readonly reads: BackgroundReads,
  ) {}

  /** The issues with `signals` and `attention` filled in, in the same order. */
  async annotate(issues: readonly Issue[]): Promise<Issue[]> {
    const settings = await this.settings.get();
    const now = this.clock.now();
    return mapBounded(issues, ANNOTATED_AT_ONCE, async (issue) =>
      this.needsFacts(issue, now)
        ? this.withFacts(issue, await this.facts.of(issue), settings, now)
        : issue,
    );
  }

  /**
   * The issues with the signals the board holds for them, without waiting for a platform
   * call (docs/architecture.md#core-first). An issue whose conversation has not been read
   * since it last moved keeps null signals and attention; its read is queued as background
   * work, and the answer notes the `attention` enrichment as pending. Returns whether any was.
   */
  async annotateKnown(issues: readonly Issue[]): Promise<{ issues: Issue[]; pending: boolean }> {
    const settings = await this.settings.get();
    const now = this.clock.now();
    let pending = false;
    const annotated = issues.map((issue) => {
      if (!this.needsFacts(issue, now)) return issue;
      const facts = this.facts.known(issue);
      if (facts !== undefined) return this.withFacts(issue, facts, settings, now);
      pending = true;
      const repo = issue.repository.full_name;
      this.reads.request(`facts:${repo}#${issue.number}`, () => this.facts.of(issue), {
        enrichment: 'attention',
        repo,
      });
      return issue;
    });
    if (pending) notePending('attention');
    return { issues: annotated, pending };
  }

  private withFacts(
    issue: Issue,
    facts: IssueFacts | null,
    settings: SignalSettings,
    now: Date,
  ): Issue {
    if (facts === null) return issue;
    const current = issue.assignees.filter((a) => a.is_npc).map((a) => a.username.toLowerCase());
    const signalFacts: SignalFacts = {
      comments: facts.comments,
      assigned: current.map((name) => facts.assigned.get(name)),
      closed_at: facts.closed_at,
      npc_commits: this.commits.knownNpcCommits(issue.repository.full_name),
    };
    const signals = issueSignals(issue, signalFacts);
    return {
      ...issue,
      signals,
      attention: attention(issue, signals, signalFacts, settings, now),
    };
  }

  private needsFacts(issue: Issue, now: Date): boolean {
    if (!isNpcIssue(issue)) return false;
    if (issue.state === 'open') return true;
    return Date.parse(issue.updated_at) >= now.getTime() - SIGNAL_WINDOW_DAYS * DAY_MS;
  }
}

/** `items` mapped by `map`, in order, with at most `limit` calls pending at a time. */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  map: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await map(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
