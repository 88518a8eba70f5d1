import {
  type AdminSettings,
  PICKUP_SLO_MAX_MINUTES,
  STUCK_AFTER_MAX_HOURS,
} from '@shared/board/admin';

/** The settings the entry page's card edits. */
export type WorkSettings = Pick<AdminSettings, 'pickup_slo_minutes' | 'stuck_after_hours'>;

export const WORK_SETTING_KEYS = ['pickup_slo_minutes', 'stuck_after_hours'] as const;

/** The largest value accepted for each: a week of minutes, a month of hours. */
export const WORK_SETTING_MAX: Record<keyof WorkSettings, number> = {
  pickup_slo_minutes: PICKUP_SLO_MAX_MINUTES,
  stuck_after_hours: STUCK_AFTER_MAX_HOURS,
};

/**
 * Why a typed value is not a valid setting, or null when it is: a number above zero
 * (fractions allowed, e.g. 0.01 hours) and at most the setting's maximum.
 */
export function settingProblem(raw: unknown, key: keyof WorkSettings): string | null {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (text === '') return 'Enter a number.';
  const value = Number(text);
  if (!Number.isFinite(value)) return 'Enter a number, e.g. 60 or 0.5.';
  if (value <= 0) return 'Enter a number above zero.';
  const max = WORK_SETTING_MAX[key];
  if (value > max) return `Enter at most ${max}.`;
  return null;
}

/**
 * The body of the partial PUT: only the fields whose value differs from the one in force,
 * so a save never overwrites a setting changed elsewhere that this card did not touch.
 */
export function changedSettings(
  current: WorkSettings,
  typed: Record<keyof WorkSettings, unknown>,
): Partial<WorkSettings> {
  const body: Partial<WorkSettings> = {};
  for (const key of WORK_SETTING_KEYS) {
    const value = Number(typed[key]);
    if (settingProblem(typed[key], key) === null && value !== current[key]) body[key] = value;
  }
  return body;
}

/** "Saved: pickup SLO 60 min, stuck after 24 h." */
export function savedText(settings: WorkSettings): string {
  return `Saved: pickup SLO ${settings.pickup_slo_minutes} min, stuck after ${settings.stuck_after_hours} h.`;
}
