import {
  type AdminSettings,
  FAILED_RUNS_MAX,
  PICKUP_SLO_MAX_MINUTES,
  RUN_MAX_MINUTES_MAX,
  STUCK_AFTER_MAX_HOURS,
  WIP_LIMIT_MAX,
  type WipLimits,
} from '@shared/board/admin';

import { formatCount, formatHours, formatMinutes } from '../../ui/format';

/** The settings the entry page's card edits. */
export type WorkSettings = Pick<
  AdminSettings,
  | 'pickup_slo_minutes'
  | 'stuck_after_hours'
  | 'wip_soft_limit'
  | 'wip_hard_limit'
  | 'run_max_minutes'
  | 'failed_runs_in_a_row'
>;

export const WORK_SETTING_KEYS = [
  'pickup_slo_minutes',
  'stuck_after_hours',
  'wip_soft_limit',
  'wip_hard_limit',
  'run_max_minutes',
  'failed_runs_in_a_row',
] as const;

/** The largest value accepted for each: a week of minutes, a month of hours, WIP limits. */
export const WORK_SETTING_MAX: Record<keyof WorkSettings, number> = {
  pickup_slo_minutes: PICKUP_SLO_MAX_MINUTES,
  stuck_after_hours: STUCK_AFTER_MAX_HOURS,
  wip_soft_limit: WIP_LIMIT_MAX,
  wip_hard_limit: WIP_LIMIT_MAX,
  run_max_minutes: RUN_MAX_MINUTES_MAX,
  failed_runs_in_a_row: FAILED_RUNS_MAX,
};

/** WIP limits count tasks and the failing-task rule counts runs: whole numbers only. */
const WHOLE: ReadonlySet<keyof WorkSettings> = new Set([
  'wip_soft_limit',
  'wip_hard_limit',
  'failed_runs_in_a_row',
]);

const textOf = (raw: unknown): string =>
  typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';

/**
 * Why a typed value is not a valid setting, or null when it is: a number above zero
 * (fractions allowed for times, e.g. 0.01 hours; whole numbers for WIP limits) and at most
 * the setting's maximum. The hard WIP limit may be left empty: no limit.
 */
export function settingProblem(raw: unknown, key: keyof WorkSettings): string | null {
  const text = textOf(raw);
  if (text === '') {
    return key === 'wip_hard_limit'
      ? null
      : $localize`:@@admin.entry.settings.enterNumber:Enter a number.`;
  }
  const value = Number(text);
  if (!Number.isFinite(value)) {
    return WHOLE.has(key)
      ? $localize`:@@admin.entry.settings.enterWhole:Enter a whole number, e.g. 10.`
      : $localize`:@@admin.entry.settings.enterNumberExample:Enter a number, e.g. 60 or 0.5.`;
  }
  if (value <= 0)
    return $localize`:@@admin.entry.settings.enterAboveZero:Enter a number above zero.`;
  if (WHOLE.has(key) && !Number.isInteger(value)) {
    return key === 'failed_runs_in_a_row'
      ? $localize`:@@admin.entry.settings.enterWholeRuns:Enter a whole number of runs.`
      : $localize`:@@admin.entry.settings.enterWholeTasks:Enter a whole number of tasks.`;
  }
  const max = WORK_SETTING_MAX[key];
  if (value > max) return $localize`:@@admin.entry.settings.enterAtMost:Enter at most ${max}:max:.`;
  return null;
}

/** The typed value as the setting holds it (an empty hard limit is null: none). */
function settingValue(raw: unknown): number | null {
  const text = textOf(raw);
  return text === '' ? null : Number(text);
}

/**
 * The body of the partial PUT: only the fields whose value differs from the one in force,
 * so a save never overwrites a setting changed elsewhere that this card did not touch.
 */
export function changedSettings(
  current: WorkSettings,
  typed: Record<keyof WorkSettings, unknown>,
): Partial<WorkSettings> {
  const body: Record<string, number | null> = {};
  for (const key of WORK_SETTING_KEYS) {
    const value = settingValue(typed[key]);
    if (settingProblem(typed[key], key) === null && value !== current[key]) body[key] = value;
  }
  return body;
}

/**
 * "Saved: pickup SLO 60 min, stuck after 24h, WIP warning at 10, no hard limit.", when
 * some NPCs have limits of their own how many, and the run alerts' thresholds.
 */
export function savedText(
  settings: WorkSettings,
  ownLimits: Record<string, WipLimits> = {},
): string {
  const hard =
    settings.wip_hard_limit === null
      ? $localize`:@@admin.entry.settings.saved.noHardLimit:no hard limit`
      : $localize`:@@admin.entry.settings.saved.refusedAt:refused at ${formatCount(settings.wip_hard_limit)}:limit:`;
  const own = Object.keys(ownLimits).length;
  // The sentence about own limits brings its own leading space, where the language uses one.
  const owners =
    own === 0
      ? ''
      : own === 1
        ? $localize`:@@admin.entry.settings.saved.ownersOne: 1 NPC has limits of its own.`
        : $localize`:@@admin.entry.settings.saved.owners: ${formatCount(own)}:count: NPCs have limits of their own.`;
  const slo = formatMinutes(settings.pickup_slo_minutes);
  const stuck = formatHours(settings.stuck_after_hours);
  const soft = formatCount(settings.wip_soft_limit);
  const runs = $localize`:@@admin.entry.settings.saved.runs: Run alerts after ${formatMinutes(settings.run_max_minutes)}:minutes: or ${formatCount(settings.failed_runs_in_a_row)}:count: failed runs in a row.`;
  return $localize`:@@admin.entry.settings.saved:Saved: pickup SLO ${slo}:slo:, stuck after ${stuck}:stuck:, WIP warning at ${soft}:soft:, ${hard}:hard:.${owners}:owners:${runs}:runs:`;
}

/** One NPC's own WIP limits as the card's row shows them: the numbers as typed. */
export interface NpcLimitRow {
  npc: string;
  /** Empty: the global warning holds. */
  soft: string;
  /** Empty: the global limit holds (unless `noHard`). */
  hard: string;
  /** No hard limit for this NPC, whatever the global one. */
  noHard: boolean;
}

/** A row per NPC with limits of its own, by name. */
export function npcLimitRows(limits: Record<string, WipLimits>): NpcLimitRow[] {
  return Object.keys(limits)
    .sort()
    .map((npc) => {
      const own = limits[npc];
      return {
        npc,
        soft: own.soft == null ? '' : String(own.soft),
        hard: own.hard == null ? '' : String(own.hard),
        noHard: own.hard === null,
      };
    });
}

/** Why a typed limit of one NPC is not valid, or null: empty (the global one holds) or a whole number. */
export function npcLimitProblem(raw: unknown): string | null {
  return textOf(raw) === '' ? null : settingProblem(raw, 'wip_soft_limit');
}

/** The limits a row gives its NPC; null when it gives none (the global ones hold). */
export function rowLimits(row: NpcLimitRow): WipLimits | null {
  const limits: WipLimits = {};
  const soft = settingValue(row.soft);
  if (soft !== null) limits.soft = soft;
  const hard = row.noHard ? null : settingValue(row.hard);
  if (row.noHard || hard !== null) limits.hard = hard;
  return Object.keys(limits).length === 0 ? null : limits;
}

/** Two sets of own limits that hold the same (none and `{}` alike). */
const limitsKey = (limits: WipLimits | null | undefined): string =>
  `${limits?.soft ?? '-'}|${limits?.hard === undefined ? '-' : String(limits.hard)}`;

/**
 * The `wip_limits` entries of the partial PUT: each NPC whose own limits the rows change,
 * null for one whose row was removed or emptied (the global limits hold for it again).
 */
export function wipLimitsChange(
  current: Record<string, WipLimits>,
  rows: readonly NpcLimitRow[],
): Record<string, WipLimits | null> {
  const change: Record<string, WipLimits | null> = {};
  const named = new Set(rows.map((row) => row.npc));
  for (const npc of Object.keys(current)) if (!named.has(npc)) change[npc] = null;
  for (const row of rows) {
    const limits = rowLimits(row);
    if (limitsKey(limits) !== limitsKey(current[row.npc])) change[row.npc] = limits;
  }
  return change;
}
