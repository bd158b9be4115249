/**
 * Cash flow's forecasts (issue 17): the 30, 60 and 90-day forecasts with their scenarios, their
 * measured accuracy and the organization's forecast settings; the route group of the cash-flow
 * Lambda (cashflow/handler.ts) that carries the forecasting code, loaded by the first of these
 * routes called.
 */
import * as cf from '@daftar/shared/schemas/cashflow';
import { defineRouteGroup, route } from '../http/api.js';
import { BadRequest } from '../platform/errors.js';
import { forecastAccuracyReport, forecastFor, forecastSettings, forecastSummaryOf, saveForecastSettings } from './forecast.js';

const ORG = '/api/v1/organizations/{organization_id}';
const C = `${ORG}/cashflow`;

const daysOf = (value: string | undefined) => {
  const parsed = cf.forecastDaysParam.safeParse(value);
  if (!parsed.success) throw new BadRequest('A forecast is for 30, 60 or 90 days');
  return parsed.data as 30 | 60 | 90;
};

export const routes = defineRouteGroup('cashflow', {
  [`GET ${C}/forecast/30`]: route({
    access: { org: 'viewer' },
    summary: "The next 30 days, day by day, with each component and the error band of past forecasts; include_scenarios adds the optimistic, pessimistic and owner's",
    query: cf.forecastQuery,
    response: cf.cashFlowForecast,
    handler: async ({ organizationId, query }) => forecastFor(organizationId!, 30, query),
  }),
  [`GET ${C}/forecast/60`]: route({
    access: { org: 'viewer' },
    summary: 'The next 60 days (see forecast/30)',
    query: cf.forecastQuery,
    response: cf.cashFlowForecast,
    handler: async ({ organizationId, query }) => forecastFor(organizationId!, 60, query),
  }),
  [`GET ${C}/forecast/90`]: route({
    access: { org: 'viewer' },
    summary: 'The next 90 days (see forecast/30)',
    query: cf.forecastQuery,
    response: cf.cashFlowForecast,
    handler: async ({ organizationId, query }) => forecastFor(organizationId!, 90, query),
  }),
  [`GET ${C}/forecast/summary`]: route({
    access: { org: 'viewer' },
    summary: 'How the base forecast ends at 30, 60 and 90 days, its lowest point, and how accurate each horizon has been',
    response: cf.cashFlowForecastSummary,
    handler: async ({ organizationId }) => forecastSummaryOf(organizationId!),
  }),
  [`GET ${C}/forecast/scenarios/{days}`]: route({
    access: { org: 'viewer' },
    summary: "Base, optimistic, pessimistic and the owner's adjusted scenario for 30, 60 or 90 days",
    response: cf.cashFlowForecast,
    handler: async ({ organizationId, params }) => forecastFor(organizationId!, daysOf(params.days), { include_scenarios: 'true', refresh: 'false' }),
  }),
  [`GET ${C}/forecast/accuracy/{days}`]: route({
    access: { org: 'viewer' },
    summary: "How far the kept nightly forecasts were from what happened over their first 30, 60 or 90 days: MAE, WAPE and bias, beside a naive forecast's WAPE",
    response: cf.cashFlowForecastAccuracy,
    handler: async ({ organizationId, params }) => forecastAccuracyReport(organizationId!, daysOf(params.days)),
  }),
  [`GET ${C}/forecast/settings`]: route({
    access: { org: 'viewer' },
    summary: "The alert threshold and the owner's adjustments to the base forecast",
    response: cf.cashFlowForecastSettingsPublic,
    handler: async ({ organizationId }) => forecastSettings(organizationId!),
  }),
  [`PUT ${C}/forecast/settings`]: route({
    access: { org: 'admin' },
    summary: 'Set the alert threshold and the adjustments (kept as changes to the base, so they hold when the base is made again)',
    body: cf.cashFlowForecastSettings,
    response: cf.cashFlowForecastSettingsPublic,
    handler: async ({ organizationId, body }) => saveForecastSettings(organizationId!, body),
  }),
});
