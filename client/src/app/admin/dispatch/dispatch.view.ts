import type { DispatchFinding } from '@shared/board/dispatch';
import type { OrgCredits, Repository } from '@shared/board/entities';

import { formatCount } from '../../ui/format';
import { forecastText, runwayText } from '../../ui/credit-text';

export { defaultTitle, MAX_REQUIREMENT_LENGTH, MAX_TITLE_LENGTH } from '@shared/board/dispatch';

/** The repositories of one organization, as the repository field lists them. */
export interface RepoGroup {
  slug: string;
  name: string;
  repos: readonly Pick<Repository, 'full_name' | 'name' | 'description'>[];
}

/**
 * The repositories matching what was typed (any part of `org/name`, any case), grouped by
 * organization in the board's order of organizations, each group sorted by name.
 */
export function matchingRepos(groups: readonly RepoGroup[], typed: string): RepoGroup[] {
  const query = typed.trim().toLowerCase();
  return groups
    .map((group) => ({
      ...group,
      repos: group.repos.filter((repo) => !query || repo.full_name.toLowerCase().includes(query)),
    }))
    .filter((group) => group.repos.length > 0);
}

/** Groups per organization from the repository lists, names sorted naturally. */
export function repoGroups(
  lists: readonly { slug: string; repos: readonly Repository[] }[],
  names: ReadonlyMap<string, string>,
): RepoGroup[] {
  return lists.map(({ slug, repos }) => ({
    slug,
    name: names.get(slug) ?? slug,
    repos: [...repos].sort((a, b) => collator.compare(a.name, b.name)),
  }));
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * One or two letters standing in for an NPC's avatar: the handle's words without the
 * shared `npc` prefix, so `npc-builder` reads "B" rather than three identical "N"s.
 */
export function initialsOf(handle: string): string {
  const words = handle.split(/[-_.\s]+/).filter((w) => w && w.toLowerCase() !== 'npc');
  const letters = words.length > 0 ? words.slice(0, 2).map((w) => w[0]) : [handle[0] ?? '?'];
  return letters.join('').toUpperCase();
}

/** The task board link of an issue: its dialog, deep-linked (docs/app.md#the-app). */
export function taskBoardLink(issue: { repository: { full_name: string }; number: number }): {
  path: string;
  query: { repo: string; issue: number };
} {
  return { path: '/tasks', query: { repo: issue.repository.full_name, issue: issue.number } };
}

/** A board path from a finding (`/tasks?npc=x`) as a router link. */
export function findingLink(url: string): { path: string; query: Record<string, string> } {
  const [path, search = ''] = url.split('?', 2);
  return { path, query: Object.fromEntries(new URLSearchParams(search)) };
}

/** What the form needs before it sends: nothing, a confirmation, or an override. */
export type DispatchGate = 'clear' | 'confirm' | 'override';

/** Blocking findings need an override with a reason; warnings need a confirmation. */
export function dispatchGate(findings: readonly { severity: 'warn' | 'block' }[]): DispatchGate {
  if (findings.some((f) => f.severity === 'block')) return 'override';
  return findings.length > 0 ? 'confirm' : 'clear';
}

/** The findings a refused dispatch (409) carried, or null for any other failure. */
export function refusedFindings(
  error: { status: number; body?: Readonly<Record<string, unknown>> } | null,
): DispatchFinding[] | null {
  if (error?.status !== 409 || !Array.isArray(error.body?.['findings'])) return null;
  return error.body['findings'] as DispatchFinding[];
}

/** The runway line under the repository field, and whether the organization runs low. */
export interface RunwaySummary {
  text: string;
  low: boolean;
}

/**
 * An organization's credits in words, so that work is not sent to one about to run dry:
 * "Aurora Labs: 1,840 credits · runs out 2027-01-18 · ≈ 157 more tasks at 7-day cost".
 * Null when its balance is unknown.
 */
export function runwaySummary(
  name: string,
  credits: Pick<
    OrgCredits,
    | 'balance'
    | 'forecast'
    | 'predicted_exhaustion_date'
    | 'credits_per_task'
    | 'tasks_completed'
    | 'task_window_days'
    | 'runway_tasks'
    | 'below_threshold'
  >,
): RunwaySummary | null {
  if (credits.balance === null) return null;
  const balance = formatCount(credits.balance);
  const when = forecastText({
    forecast: credits.forecast,
    exhaustionDate: credits.predicted_exhaustion_date,
  });
  const parts = [
    $localize`:@@admin.dispatch.runway.balance:${name}:org:: ${balance}:credits: credits`,
    $localize`:@@admin.dispatch.runway.runsOut:runs out ${when}:when:`,
    runwayText({
      balance: credits.balance,
      creditsPerTask: credits.credits_per_task,
      tasksCompleted: credits.tasks_completed,
      taskWindowDays: credits.task_window_days,
      runwayTasks: credits.runway_tasks,
    }),
  ];
  return { text: parts.filter((p) => p !== '').join(' · '), low: credits.below_threshold };
}
