import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../lib/lazy-route';

/** Layaway (issue 16): the list with its figures, a new layaway, and each layaway's page, inside the signed-in shell. */
export const layawayRoutes: RouteObject[] = [
  { path: '/layaway', lazy: lazyPage(() => import('./layaways'), (m) => m.LayawaysRoute) },
  { path: '/layaway/new', lazy: lazyPage(() => import('./new-layaway'), (m) => m.NewLayawayRoute) },
  { path: '/layaway/:layawayId', lazy: lazyPage(() => import('./layaway'), (m) => m.LayawayRoute) },
];
