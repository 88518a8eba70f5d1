import { Routes } from '@angular/router';

import { adminGuard } from './admin.guard';

/**
 * The admin area under `/admin`, loaded only when someone goes there. The entry page is
 * open (it holds the sign-in form); the pages behind it need a signed-in admin. The
 * overview's charts register the Chart.js parts themselves when drawn, so Chart.js loads
 * only when a chart scrolls into view, as on the user pages.
 */
export default [
  {
    path: '',
    pathMatch: 'full',
    title: $localize`:@@admin.route.entry:Admin`,
    loadComponent: () => import('./entry/admin-entry.page'),
  },
  {
    path: 'dashboard',
    title: $localize`:@@admin.route.overview:Admin overview`,
    canActivate: [adminGuard],
    loadComponent: () => import('./overview/overview.page'),
  },
  {
    path: 'dispatch',
    title: $localize`:@@admin.route.dispatch:Dispatch`,
    canActivate: [adminGuard],
    loadComponent: () => import('./dispatch/dispatch.page'),
  },
  {
    path: 'dispatches',
    title: $localize`:@@admin.route.dispatches:Dispatch history`,
    canActivate: [adminGuard],
    loadComponent: () => import('./dispatches/dispatches.page'),
  },
  {
    path: 'credits',
    title: $localize`:@@admin.route.credits:Credit management`,
    canActivate: [adminGuard],
    loadComponent: () => import('./admin-credits/admin-credits.page'),
  },
  {
    path: 'alerts',
    title: $localize`:@@admin.route.alerts:Alerts`,
    canActivate: [adminGuard],
    loadComponent: () => import('./alerts/alerts.page'),
  },
] satisfies Routes;
