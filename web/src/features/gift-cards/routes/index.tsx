import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../lib/lazy-route';

/** Gift cards (issue 16): the list with its figures and checks, and each card's page, inside the signed-in shell. */
export const giftCardsRoutes: RouteObject[] = [
  { path: '/gift-cards', lazy: lazyPage(() => import('./gift-cards'), (m) => m.GiftCardsRoute) },
  { path: '/gift-cards/:giftCardId', lazy: lazyPage(() => import('./gift-card'), (m) => m.GiftCardRoute) },
];
