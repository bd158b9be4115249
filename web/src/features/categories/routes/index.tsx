import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../lib/lazy-route';

/** The categories pages, mounted inside the signed-in shell by app/router.tsx. */
export const categoriesRoutes: RouteObject[] = [
  { path: '/accounting/categories', lazy: lazyPage(() => import('./categories'), (m) => m.CategoriesRoute) },
];
