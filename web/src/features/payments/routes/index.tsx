import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../lib/lazy-route';

/** The payments pages, mounted inside the signed-in shell by app/router.tsx. */
export const paymentsRoutes: RouteObject[] = [
  { path: '/sales/payments', lazy: lazyPage(() => import('./payments'), (m) => m.PaymentsReceivedRoute) },
  { path: '/purchases/payments', lazy: lazyPage(() => import('./payments'), (m) => m.PaymentsSentRoute) },
  { path: '/payments/:paymentId', lazy: lazyPage(() => import('./payment'), (m) => m.PaymentRoute) },
];
