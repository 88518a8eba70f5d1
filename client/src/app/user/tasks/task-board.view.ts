import type { AttentionReason, BoardColumn, BoardUser, Issue } from '@shared/board/entities';

import type { IconName } from '../../ui/icons';
import { SortDirection, SortValue, sortRows } from '../../ui/sort';
import { IssueSortKey } from './tasks-url-state';

/** The three columns, in board order, with the names docs/architecture.md gives them. */
export const COLUMNS: readonly { id: BoardColumn; label: string }[] = [
  { id: 'pending', label: $localize`:@@tasks.column.pending:Pending pickup` },
  { id: 'in_progress', label: $localize`:@@tasks.column.inProgress:In progress` },
  { id: 'done', label: $localize`:@@tasks.column.done:Done` },
];

/**
 * How issues are sorted into columns, as the filters explain it: BOARD_COLUMN_RULE
 * (@shared/board/columns) in the app's language, word for word in English.
 */
export const COLUMN_RULE = $localize`:@@tasks.filter.columnRule:Done: the issue is closed. In progress: open, assigned to an NPC, and either labelled "in progress", "in-progress", "doing" or "wip", or commented on. Pending pickup: every other open issue.`;

export function columnLabel(column: BoardColumn): string {
  return COLUMNS.find((c) => c.id === column)?.label ?? column;
}

/** An issue's state as the board names it: "open", "closed". */
export function stateLabel(state: Issue['state']): string {
  return state === 'closed'
    ? $localize`:@@tasks.state.closed:closed`
    : $localize`:@@tasks.state.open:open`;
}

/**
 * Issues grouped by the column the board API computed for them (the shared rule of
 * docs/rules.md#board-columns), keeping the API's order inside each column.
 */
export function groupByColumn(issues: readonly Issue[]): Record<BoardColumn, Issue[]> {
  const groups: Record<BoardColumn, Issue[]> = { pending: [], in_progress: [], done: [] };
  for (const issue of issues) groups[issue.column]?.push(issue);
  return groups;
}

/**
 * The cards of the *Needs attention* lane: stuck and overdue issues, the longest waiting
 * first (oldest `since`); ties keep the API's order. Each card stays in its column too.
 */
export function needingAttention(issues: readonly Issue[]): Issue[] {
  return issues
    .map((issue, index) => ({ issue, index }))
    .filter(({ issue }) => issue.attention !== null)
    .sort(
      (a, b) =>
        Date.parse(a.issue.attention!.since) - Date.parse(b.issue.attention!.since) ||
        a.index - b.index,
    )
    .map(({ issue }) => issue);
}

/** How an attention reason is named and drawn. */
export const ATTENTION_REASONS: Record<AttentionReason, { label: string; icon: IconName }> = {
  stuck: { label: $localize`:@@tasks.attention.stuck:Stuck`, icon: 'pause_circle' },
  overdue: { label: $localize`:@@tasks.attention.overdue:Overdue pickup`, icon: 'hourglass_top' },
};

/** The NPC an issue is about: its first NPC assignee, else its author when an NPC. */
export function npcOf(issue: Pick<Issue, 'author' | 'assignees'>): BoardUser | null {
  return issue.assignees.find((a) => a.is_npc) ?? (issue.author.is_npc ? issue.author : null);
}

/**
 * The NPC filter's choices: the configured handles first, in their order, then any other
 * NPC seen in the issues, alphabetically.
 */
export function npcOptions(handles: readonly string[], seen: Iterable<string>): string[] {
  const configured = new Set(handles.map((h) => h.toLowerCase()));
  const others = [...new Set(seen)]
    .filter((name) => !configured.has(name.toLowerCase()))
    .sort((a, b) => a.localeCompare(b));
  return [...handles, ...others];
}

/** Every NPC username appearing in the issues, as author or assignee. */
export function npcUsernames(issues: readonly Issue[]): Set<string> {
  const names = new Set<string>();
  for (const issue of issues) {
    for (const user of [issue.author, ...issue.assignees]) {
      if (user.is_npc) names.add(user.username);
    }
  }
  return names;
}

const COLUMN_ORDER: Record<BoardColumn, number> = { pending: 0, in_progress: 1, done: 2 };

const SORT_VALUE: Record<IssueSortKey, (issue: Issue) => SortValue> = {
  title: (i) => i.title,
  repo: (i) => i.repository.full_name,
  number: (i) => i.number,
  npc: (i) => npcOf(i)?.username ?? null,
  state: (i) => i.state,
  column: (i) => COLUMN_ORDER[i.column],
  comments: (i) => i.comment_count,
  // Billed core-hours of the task's runs; unknown (no runs read, or a bill unread) last.
  cost: (i) => i.runs?.core_hours ?? null,
  created: (i) => Date.parse(i.created_at),
};

/** The list view's order. */
export function sortIssues(
  issues: readonly Issue[],
  key: IssueSortKey,
  dir: SortDirection,
): Issue[] {
  return sortRows(issues, SORT_VALUE[key], dir);
}

/**
 * What a viewer sees change on a card or row, for the mark a live update leaves: its state
 * and column, title, people, labels, comments and last update. Attention is left out: the
 * board may still be counting it in an answer that follows a change.
 */
export function issueFigures(issue: Issue): unknown[] {
  return [
    issue.state,
    issue.column,
    issue.title,
    issue.updated_at,
    issue.comment_count,
    issue.assignees.map((a) => a.username),
    issue.labels.map((l) => l.name),
  ];
}

/** `org/repo#12`, unique across the board. */
export function issueKey(issue: Pick<Issue, 'repository' | 'number'>): string {
  return `${issue.repository.full_name}#${issue.number}`;
}

/** WCAG relative luminance of a `rrggbb` colour. */
function luminance(hex: string): number {
  const channel = (offset: number): number => {
    const c = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** WCAG contrast ratio of two relative luminances (1 to 21). */
export function contrastRatio(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * Text and background of a label chip from the platform's colour (hex without `#`): white
 * or black text, whichever contrasts more with the background. One of the two always
 * reaches at least 4.58:1, above the 4.5:1 that small text needs (WCAG 1.4.3).
 */
export function labelColors(hex: string): { background: string; color: string } {
  const clean = hex.replace(/^#/, '');
  if (!/^[0-9a-fA-F]{6}$/.test(clean)) {
    return { background: 'var(--mat-sys-surface-container-highest)', color: 'inherit' };
  }
  const background = luminance(clean);
  const onWhite = contrastRatio(background, 1);
  const onBlack = contrastRatio(background, 0);
  return {
    background: `#${clean.toLowerCase()}`,
    color: onWhite >= onBlack ? '#ffffff' : '#000000',
  };
}

/** One swimlane of the board grouped by NPC: its NPC (null: no NPC assigned) and its issues. */
export interface NpcLane {
  npc: string | null;
  issues: Issue[];
  stuck: number;
  overdue: number;
}

/**
 * The board in one lane per NPC: each issue in the lane of its NPC (`npcOf`), the lanes in
 * the order of the NPC filter's choices (`npcOptions`), the issues with no NPC last; the
 * API's order inside each lane. Stuck and overdue count what is known so far.
 */
export function npcLanes(issues: readonly Issue[], handles: readonly string[]): NpcLane[] {
  const byNpc = new Map<string | null, Issue[]>();
  for (const issue of issues) {
    const npc = npcOf(issue)?.username ?? null;
    const lane = byNpc.get(npc);
    if (lane) lane.push(issue);
    else byNpc.set(npc, [issue]);
  }
  const named = [...byNpc.keys()].filter((npc): npc is string => npc !== null);
  const order: (string | null)[] = npcOptions(handles, named).filter((npc) => byNpc.has(npc));
  if (byNpc.has(null)) order.push(null);
  return order.map((npc) => {
    const laneIssues = byNpc.get(npc)!;
    const count = (reason: AttentionReason) =>
      laneIssues.filter((issue) => issue.attention?.reason === reason).length;
    return { npc, issues: laneIssues, stuck: count('stuck'), overdue: count('overdue') };
  });
}
