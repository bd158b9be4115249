/**
 * Financial reports: statements, analyses, the GST return and POS reports, the catalogue and
 * exports, in route groups loaded by the first request that needs each (http/api.ts
 * `routeGroups`): each group's module builds only its own schemas, and what a route runs is
 * imported on its first call (implementation.ts), so a cold start compiles the request pipeline
 * and the route keys only, and an instance that serves the dashboard never builds the export's
 * or the tax return's schemas.
 */
import { createHandler, routeGroups } from '../http/api.js';

const STATEMENTS = /\/reports\/(profit-loss|balance-sheet|trial-balance|working-capital|cash-flow-statement|cash-flow\/categories)$/;
const ANALYSES = /\/reports\/(receivables-analysis|payables-analysis|revenue-analytics|dashboard-metrics|pos\/[a-z-]+)$/;

export const routes = routeGroups('reports', [
  { takes: (key) => STATEMENTS.test(key), load: () => import('./statements/routes.js') },
  { takes: (key) => ANALYSES.test(key), load: () => import('./analyses/routes.js') },
  { takes: (key) => key.endsWith('/reports/jordan-tax'), load: () => import('./tax/routes.js') },
  // The catalogue, every export and the bulk export.
  { load: () => import('./export/routes.js') },
]);

export const handler = createHandler(routes);
