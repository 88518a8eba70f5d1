import { Routes } from '@angular/router';

/**
 * The public pages (no login). Each page is its own lazy chunk. The two pages with charts
 * sit in a further lazy group that provides Chart.js, so the task board and the
 * repository table never download it; that group comes last because an empty path with
 * lazy children is loaded to be matched against any URL that reaches it.
 */
export default [
  { path: 'tasks', title: 'Tasks', loadComponent: () => import('./tasks/tasks.page') },
  { path: 'repos', title: 'Repositories', loadComponent: () => import('./repos/repos.page') },
  { path: '', loadChildren: () => import('./charted.routes') },
] satisfies Routes;
