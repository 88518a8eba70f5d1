import { Routes } from '@angular/router';

import { provideChartParts } from './charts/chart-parts';

/** The pages that draw charts, under one route that provides the Chart.js parts once. */
export default [
  {
    path: '',
    providers: [provideChartParts()],
    children: [
      {
        path: '',
        pathMatch: 'full',
        title: 'Dashboard',
        loadComponent: () => import('./dashboard/dashboard.page'),
      },
      {
        path: 'credits',
        title: 'Credits',
        loadComponent: () => import('./credits/credits.page'),
      },
    ],
  },
] satisfies Routes;
