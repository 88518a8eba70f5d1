import { Routes } from '@angular/router';

/** The public pages (no login). Each page is its own lazy chunk. */
export default [
  {
    path: '',
    pathMatch: 'full',
    title: 'Dashboard',
    loadComponent: () => import('./dashboard/dashboard.page'),
  },
  { path: 'tasks', title: 'Tasks', loadComponent: () => import('./tasks/tasks.page') },
  { path: 'credits', title: 'Credits', loadComponent: () => import('./credits/credits.page') },
  { path: 'repos', title: 'Repositories', loadComponent: () => import('./repos/repos.page') },
] satisfies Routes;
