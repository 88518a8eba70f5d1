import { Params } from '@angular/router';
import type { OutcomeWindow } from '@shared/board/outcomes';

import { SortDirection, parseDirection } from '../../ui/sort';
import { MEASURE_KEYS, MeasureKey } from './outcome-measures';

/** The columns `/npcs` sorts by: the NPC's name or one of its measures. */
export type NpcSortKey = 'npc' | MeasureKey;
export const NPC_SORT_KEYS: readonly NpcSortKey[] = ['npc', ...MEASURE_KEYS];

/**
 * The NPC pages' window and the list's order, from the URL (STYLE habit 11). Without a
 * `sort` the list keeps the board's order: the configured NPCs first, then the others.
 */
export interface NpcsUrlState {
  days: OutcomeWindow;
  sort: NpcSortKey | null;
  dir: SortDirection;
}

export const DEFAULT_NPCS_STATE: NpcsUrlState = { days: 7, sort: null, dir: 'asc' };

function one(params: Params, key: string): string | null {
  const value: unknown = params[key];
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first !== '' ? first : null;
}

/** The window of a URL: 30 when it says so, else 7. */
export function parseWindow(params: Params): OutcomeWindow {
  return one(params, 'days') === '30' ? 30 : 7;
}

/** The state a URL describes; anything malformed falls back to the default. */
export function parseNpcsState(params: Params): NpcsUrlState {
  const sort = one(params, 'sort');
  const known = (NPC_SORT_KEYS as readonly string[]).includes(sort ?? '');
  return {
    days: parseWindow(params),
    sort: known ? (sort as NpcSortKey) : null,
    dir: known ? parseDirection(one(params, 'dir'), 'asc') : 'asc',
  };
}

/** Query parameters for a state, defaults left out; every key present for merging. */
export function npcsQueryParams(state: NpcsUrlState): Params {
  return {
    days: state.days === DEFAULT_NPCS_STATE.days ? null : String(state.days),
    sort: state.sort,
    dir: state.sort === null || state.dir === 'asc' ? null : state.dir,
  };
}

/** The window alone, for links between the NPC pages that keep it. */
export function windowQuery(days: OutcomeWindow): Params {
  return { days: days === DEFAULT_NPCS_STATE.days ? null : String(days) };
}
