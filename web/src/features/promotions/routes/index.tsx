import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../lib/lazy-route';

/** Promotions (issue 16): the list, a new one, each one's page (rules, usage, the "why not" tester) and its settings, inside the signed-in shell. */
export const promotionsRoutes: RouteObject[] = [
  { path: '/promotions', lazy: lazyPage(() => import('./promotions'), (m) => m.PromotionsRoute) },
  { path: '/promotions/new', lazy: lazyPage(() => import('./new-promotion'), (m) => m.NewPromotionRoute) },
  { path: '/promotions/:promotionId', lazy: lazyPage(() => import('./promotion'), (m) => m.PromotionRoute) },
  { path: '/promotions/:promotionId/edit', lazy: lazyPage(() => import('./edit-promotion'), (m) => m.EditPromotionRoute) },
];
