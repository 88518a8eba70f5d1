import { Params } from '@angular/router';

import { CreditDays } from '../../core/api.service';
import { SortDirection, parseDirection } from '../../ui/sort';
import { CREDIT_SORT_KEYS, CreditSortKey } from './credits.view';

/** The credits monitor's window, order and highlighted organization, from the URL. */
export interface CreditsUrlState {
  days: CreditDays;
  sort: CreditSortKey;
  dir: SortDirection;
  /** The organization a dashboard card linked to; its row is highlighted. */
  org: string | null;
}

export const DEFAULT_CREDITS_STATE: CreditsUrlState = {
  days: 7,
  sort: 'name',
  dir: 'asc',
  org: null,
};

const text = (params: Params, key: string): string | null => {
  const value: unknown = params[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

export function parseCreditsState(params: Params): CreditsUrlState {
  const sort = text(params, 'sort');
  const org = text(params, 'org');
  return {
    days: text(params, 'days') === '30' ? 30 : 7,
    sort: (CREDIT_SORT_KEYS as readonly string[]).includes(sort ?? '')
      ? (sort as CreditSortKey)
      : DEFAULT_CREDITS_STATE.sort,
    dir: parseDirection(text(params, 'dir'), DEFAULT_CREDITS_STATE.dir),
    org: org && /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(org) ? org : null,
  };
}

/** Query parameters for a state, defaults left out; every key present for merging. */
export function creditsQueryParams(state: CreditsUrlState): Params {
  const d = DEFAULT_CREDITS_STATE;
  const defaultOrder = state.sort === d.sort && state.dir === d.dir;
  return {
    days: state.days === d.days ? null : String(state.days),
    sort: defaultOrder ? null : state.sort,
    dir: defaultOrder ? null : state.dir,
    org: state.org,
  };
}
