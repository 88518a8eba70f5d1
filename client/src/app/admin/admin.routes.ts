import { Routes } from '@angular/router';

/** The admin area under `/admin`, loaded only when someone goes there. */
export default [
  {
    path: '',
    pathMatch: 'full',
    title: 'Admin',
    loadComponent: () => import('./entry/admin-entry.page'),
  },
  {
    path: 'dashboard',
    title: 'Admin overview',
    loadComponent: () => import('./overview/overview.page'),
  },
  { path: 'dispatch', title: 'Dispatch', loadComponent: () => import('./dispatch/dispatch.page') },
  {
    path: 'credits',
    title: 'Credit management',
    loadComponent: () => import('./admin-credits/admin-credits.page'),
  },
] satisfies Routes;
