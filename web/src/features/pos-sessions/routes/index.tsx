import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../lib/lazy-route';

/** The till's back office (terminals, sessions and their reports), inside the signed-in shell. */
export const posSessionsRoutes: RouteObject[] = [
  { path: '/pos/terminals', lazy: lazyPage(() => import('./terminals'), (m) => m.TerminalsRoute) },
  { path: '/pos/sessions', lazy: lazyPage(() => import('./sessions'), (m) => m.SessionsRoute) },
  { path: '/pos/sessions/:sessionId', lazy: lazyPage(() => import('./session'), (m) => m.SessionRoute) },
];
