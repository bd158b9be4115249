import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../lib/lazy-route';

/** The catalogue pages, mounted inside the signed-in shell by app/signed-in-routes.tsx. */
export const productsRoutes: RouteObject[] = [
  { path: '/products', lazy: lazyPage(() => import('./products'), (m) => m.ProductsRoute) },
  { path: '/products/import', lazy: lazyPage(() => import('../import/import-wizard'), (m) => m.ImportProductsRoute) },
  { path: '/products/new', lazy: lazyPage(() => import('./new-product'), (m) => m.NewProductRoute) },
  { path: '/products/:productId', lazy: lazyPage(() => import('./product'), (m) => m.ProductRoute) },
  { path: '/products/:productId/edit', lazy: lazyPage(() => import('./edit-product'), (m) => m.EditProductRoute) },
];
