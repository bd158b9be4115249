import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../lib/lazy-route';

/** The journal and the accounting periods, mounted inside the signed-in shell by app/router.tsx. */
export const journalRoutes: RouteObject[] = [
  { path: '/accounting/journal', lazy: lazyPage(() => import('./journal'), (m) => m.JournalRoute) },
  { path: '/accounting/journal/new', lazy: lazyPage(() => import('./new-entry'), (m) => m.NewJournalEntryRoute) },
  { path: '/accounting/journal/:entryId', lazy: lazyPage(() => import('./entry'), (m) => m.JournalEntryRoute) },
  { path: '/accounting/periods', lazy: lazyPage(() => import('./periods'), (m) => m.PeriodsRoute) },
];
