/**
 * Cash flow's Lambda (issue 17): the cash-flow transactions the postings write and the owner's
 * manual entries, summaries from the day figures, and the forecasts (30, 60, 90 days) with their
 * scenarios and their measured accuracy. The nightly forecast of every organization is made by the
 * forecast consumer (forecast-consumer.ts) from the maintenance job's fan-out; a forecast asked for
 * when none was made today is made on the spot.
 *
 * Two route groups (http/api.ts `routeGroups`), loaded by the first request that needs each: the
 * forecasts (forecast-routes.ts, with the forecasting code) and the rest (flow-routes.ts).
 */
import { createHandler, routeGroups } from '../http/api.js';

export const routes = routeGroups('cashflow', [
  { takes: (key) => key.includes('/cashflow/forecast/'), load: () => import('./forecast-routes.js') },
  { load: () => import('./flow-routes.js') },
]);

export const handler = createHandler(routes);
