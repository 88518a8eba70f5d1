import { Routes } from '@angular/router';

import NotFoundPage from './shell/not-found.page';

/**
 * Both areas are lazy: a visitor of the public pages never downloads the admin code.
 * `admin` comes first so that `/admin` never loads the user area's chunk just to rule it out.
 */
export const routes: Routes = [
  { path: 'admin', loadChildren: () => import('./admin/admin.routes') },
  { path: '', loadChildren: () => import('./user/user.routes') },
  { path: '**', title: 'Page not found', component: NotFoundPage },
];
