import { Routes } from '@angular/router';

import userRoutes from './user/user.routes';

/**
 * The admin area is lazy: a visitor of the public pages never downloads its code. The
 * public pages' routes are part of the app (each page is still its own lazy chunk), so
 * opening one costs a single lazy load. The not-found page is lazy too: few visits see it.
 */
export const routes: Routes = [
  { path: 'admin', loadChildren: () => import('./admin/admin.routes') },
  ...userRoutes,
  {
    path: '**',
    title: $localize`:@@app.notFound.title:Page not found`,
    loadComponent: () => import('./shell/not-found.page'),
  },
];
