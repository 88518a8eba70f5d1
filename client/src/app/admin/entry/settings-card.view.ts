import {
  type AdminSettings,
  PICKUP_SLO_MAX_MINUTES,
  STUCK_AFTER_MAX_HOURS,
  WIP_LIMIT_MAX,
} from '@shared/board/admin';

/** The settings the entry page's card edits. */
export type WorkSettings = Pick<
  AdminSettings,
  'pickup_slo_minutes' | 'stuck_after_hours' | 'wip_soft_limit' | 'wip_hard_limit'
>;

export const WORK_SETTING_KEYS = [
  'pickup_slo_minutes',
  'stuck_after_hours',
  'wip_soft_limit',
  'wip_hard_limit',
] as const;

/** The largest value accepted for each: a week of minutes, a month of hours, WIP limits. */
export const WORK_SETTING_MAX: Record<keyof WorkSettings, number> = {
  pickup_slo_minutes: PICKUP_SLO_MAX_MINUTES,
  stuck_after_hours: STUCK_AFTER_MAX_HOURS,
  wip_soft_limit: WIP_LIMIT_MAX,
  wip_hard_limit: WIP_LIMIT_MAX,
};

/** WIP limits count tasks: whole numbers only. */
const WHOLE: ReadonlySet<keyof WorkSettings> = new Set(['wip_soft_limit', 'wip_hard_limit']);

const textOf = (raw: unknown): string =>
  typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';

/**
 * Why a typed value is not a valid setting, or null when it is: a number above zero
 * (fractions allowed for times, e.g. 0.01 hours; whole numbers for WIP limits) and at most
 * the setting's maximum. The hard WIP limit may be left empty: no limit.
 */
export function settingProblem(raw: unknown, key: keyof WorkSettings): string | null {
  const text = textOf(raw);
  if (text === '') return key === 'wip_hard_limit' ? null : 'Enter a number.';
  const value = Number(text);
  if (!Number.isFinite(value)) {
    return WHOLE.has(key) ? 'Enter a whole number, e.g. 10.' : 'Enter a number, e.g. 60 or 0.5.';
  }
  if (value <= 0) return 'Enter a number above zero.';
  if (WHOLE.has(key) && !Number.isInteger(value)) return 'Enter a whole number of tasks.';
  const max = WORK_SETTING_MAX[key];
  if (value > max) return `Enter at most ${max}.`;
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

/** "Saved: pickup SLO 60 min, stuck after 24 h, WIP warning at 10, no hard limit." */
export function savedText(settings: WorkSettings): string {
  const hard =
    settings.wip_hard_limit === null ? 'no hard limit' : `refused at ${settings.wip_hard_limit}`;
  return `Saved: pickup SLO ${settings.pickup_slo_minutes} min, stuck after ${settings.stuck_after_hours} h, WIP warning at ${settings.wip_soft_limit}, ${hard}.`;
}
