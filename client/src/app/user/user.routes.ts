import { ActivatedRouteSnapshot, Routes } from '@angular/router';

/**
 * The public pages (no login), each its own lazy chunk, loaded straight from the app's
 * routes with no lazy route group in between: every hop before the page's chunk would
 * be one more round trip before the first screen. Chart.js comes with the chart
 * components, which the pages defer until the chart is in view.
 */
export default [
  {
    path: '',
    pathMatch: 'full',
    title: $localize`:@@dashboard.pageTitle:Dashboard`,
    loadComponent: () => import('./dashboard/dashboard.page'),
  },
  {
    path: 'tasks',
    title: $localize`:@@dashboard.tasksPageTitle:Tasks`,
    loadComponent: () => import('./tasks/tasks.page'),
  },
  {
    path: 'credits',
    title: $localize`:@@credits.pageTitle:Credits`,
    loadComponent: () => import('./credits/credits.page'),
  },
  {
    path: 'repos',
    title: $localize`:@@repos.pageTitle:Repositories`,
    loadComponent: () => import('./repos/repos.page'),
  },
  {
    path: 'npcs',
    title: $localize`:@@npcs.pageTitle:NPCs`,
    loadComponent: () => import('./npcs/npcs.page'),
  },
  {
    // The NPC's name is the page's title: "npc-builder · NPC Board".
    path: 'npcs/:handle',
    title: (route: ActivatedRouteSnapshot) => route.paramMap.get('handle') ?? '',
    loadComponent: () => import('./npcs/npc.page'),
  },
] satisfies Routes;
