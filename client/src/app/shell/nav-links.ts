import { IsActiveMatchOptions } from '@angular/router';

import { IconName } from '../ui/icons';

/** One entry of the top bar. Router paths: the router resolves them under `<base href>`. */
export interface NavLink {
  readonly path: string;
  readonly label: string;
  readonly icon: IconName;
  readonly match: IsActiveMatchOptions;
}

// The dashboard lives at the root, so it must match exactly or it would look active
// everywhere; the others stay active on their query parameters (filters, view mode).
const exact: IsActiveMatchOptions = {
  paths: 'exact',
  queryParams: 'ignored',
  fragment: 'ignored',
  matrixParams: 'ignored',
};
const prefix: IsActiveMatchOptions = { ...exact, paths: 'subset' };

/** The user pages, in the order of docs/app.md#the-app, then the NPCs' outcomes. */
export const USER_LINKS: readonly NavLink[] = [
  {
    path: '/',
    label: $localize`:@@shell.nav.dashboard:Dashboard`,
    icon: 'dashboard',
    match: exact,
  },
  {
    path: '/tasks',
    label: $localize`:@@shell.nav.tasks:Tasks`,
    icon: 'view_kanban',
    match: prefix,
  },
  { path: '/credits', label: $localize`:@@shell.nav.credits:Credits`, icon: 'toll', match: prefix },
  {
    path: '/repos',
    label: $localize`:@@shell.nav.repositories:Repositories`,
    icon: 'folder_code',
    match: prefix,
  },
  { path: '/npcs', label: $localize`:@@shell.nav.npcs:NPCs`, icon: 'smart_toy', match: prefix },
];

export const ADMIN_LINK: NavLink = {
  path: '/admin',
  label: $localize`:@@shell.nav.admin:Admin`,
  icon: 'admin_panel_settings',
  match: prefix,
};
