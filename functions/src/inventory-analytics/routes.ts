/**
 * Inventory analytics (GitHub issue 14): overview, trends, top sellers, slow movers, ABC/XYZ, a
 * per-product forecast with its own backtest error, and the dashboard's figures. All read from the
 * daily per-product figures (analytics.ts), never the movement history.
 */
import * as schemas from '@daftar/shared/schemas/inventoryAnalytics';
import { defineRouteGroup, route } from '../http/api.js';
import { todayIn } from '../ledger/dates.js';
import { organizationSettings } from '../organizations/settings.js';
import { productOf } from '../inventory/stock.js';
import { abcAnalysis, dashboardMetrics, forecast, overview, performance, slowMoving, topSelling, trends } from './analytics.js';

const ORG = '/api/v1/organizations/{organization_id}';

/** The organization, its currency and today in its time zone: every answer's window ends today. */
async function windowOf(organizationId: string) {
  const { currency, timeZone } = await organizationSettings(organizationId);
  return { organizationId, currency, today: todayIn(timeZone) };
}

/**
 * The analytics routes. They are served by the inventory Lambda (inventory/handler.ts): every route
 * under `inventory/` belongs to one resource, so the API can group them under one proxy route.
 */
export const routes = defineRouteGroup('inventory', {
  [`GET ${ORG}/inventory/analytics/overview`]: route({
    access: { org: 'viewer' },
    summary: 'Stock and sales at a glance over the last `days` days: stock value, units sold, revenue, cost of sales, margin, low and out of stock',
    query: schemas.analyticsQuery,
    response: schemas.inventoryOverview,
    handler: async ({ organizationId, query }) => overview({ ...(await windowOf(organizationId!)), days: query.days }),
  }),

  [`GET ${ORG}/inventory/analytics/trends`]: route({
    access: { org: 'viewer' },
    summary: 'Day by day over the last `days` days: sold, revenue, cost of sales, received and adjusted (days without movements are zero)',
    query: schemas.analyticsQuery,
    response: schemas.inventoryTrends,
    handler: async ({ organizationId, query }) => trends({ ...(await windowOf(organizationId!)), days: query.days }),
  }),

  [`GET ${ORG}/inventory/analytics/top-selling`]: route({
    access: { org: 'viewer' },
    summary: 'The best sellers by revenue over the last `days` days (limit)',
    query: schemas.rankingQuery,
    response: schemas.topSelling,
    handler: async ({ organizationId, query }) => topSelling({ ...(await windowOf(organizationId!)), days: query.days, limit: query.limit }),
  }),

  [`GET ${ORG}/inventory/analytics/slow-moving`]: route({
    access: { org: 'viewer' },
    summary: 'Products holding stock that sold least over the last `days` days: unsold first, then by days of cover (limit)',
    query: schemas.rankingQuery,
    response: schemas.slowMoving,
    handler: async ({ organizationId, query }) => slowMoving({ ...(await windowOf(organizationId!)), days: query.days, limit: query.limit }),
  }),

  [`GET ${ORG}/inventory/analytics/abc-analysis`]: route({
    access: { org: 'viewer' },
    summary: 'ABC by consumption value (A: first 80 % of the cost of goods sold, B: next 15 %, C: the rest) and XYZ by the variation of daily demand (days, limit)',
    query: schemas.abcQuery,
    response: schemas.abcAnalysis,
    handler: async ({ organizationId, query }) => abcAnalysis({ ...(await windowOf(organizationId!)), days: query.days, limit: query.limit }),
  }),

  [`GET ${ORG}/inventory/analytics/forecast/{product_id}`]: route({
    access: { org: 'viewer' },
    summary: "A product's daily demand forecast: the method its own backtest chose, that backtest's error (MAE, WAPE, bias), an 80 % interval and a suggested reorder (days of history, forecast_days, lead_time_days)",
    query: schemas.forecastQuery,
    response: schemas.inventoryForecast,
    handler: async ({ organizationId, params, query }) => {
      const [window, product] = await Promise.all([windowOf(organizationId!), productOf(organizationId!, params.product_id!)]);
      return forecast({ ...window, days: query.days, product, forecastDays: query.forecast_days, leadTimeDays: query.lead_time_days });
    },
  }),

  [`GET ${ORG}/inventory/analytics/dashboard-metrics`]: route({
    access: { org: 'viewer' },
    summary: "The inventory dashboard's figures: stock value, low and out of stock, today's, 7 and 30 days' sales",
    response: schemas.inventoryDashboardMetrics,
    handler: async ({ organizationId }) => dashboardMetrics(await windowOf(organizationId!)),
  }),

  [`GET ${ORG}/inventory/analytics/performance-metrics`]: route({
    access: { org: 'viewer' },
    summary: 'Turnover, days of inventory, gross margin, sell-through and shrinkage over the last `days` days',
    query: schemas.analyticsQuery,
    response: schemas.inventoryPerformance,
    handler: async ({ organizationId, query }) => performance({ ...(await windowOf(organizationId!)), days: query.days }),
  }),
});

