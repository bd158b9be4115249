import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../lib/lazy-route';

/**
 * Loyalty (issue 16): the programs, a new one, each one's page (figures and rewards) and terms, the
 * members with their search and bulk work, and each customer's points with their ledger.
 */
export const loyaltyRoutes: RouteObject[] = [
  { path: '/loyalty', lazy: lazyPage(() => import('./programs'), (m) => m.ProgramsRoute) },
  { path: '/loyalty/new', lazy: lazyPage(() => import('./new-program'), (m) => m.NewProgramRoute) },
  { path: '/loyalty/programs/:programId', lazy: lazyPage(() => import('./program'), (m) => m.ProgramRoute) },
  { path: '/loyalty/programs/:programId/edit', lazy: lazyPage(() => import('./edit-program'), (m) => m.EditProgramRoute) },
  { path: '/loyalty/members', lazy: lazyPage(() => import('./members'), (m) => m.MembersRoute) },
  { path: '/loyalty/members/:customerId', lazy: lazyPage(() => import('./member'), (m) => m.MemberRoute) },
];
