import type {
  CashFlowTransaction,
  cashFlowDashboard,
  cashFlowForecast,
  cashFlowForecastAccuracy,
  cashFlowForecastSettingsPublic,
  cashFlowSeries,
} from '@daftar/shared/schemas/cashflow';
import type { z } from 'zod';
import { segment } from '../../../lib/api-client';

export type CashFlowLine = CashFlowTransaction;
export type CashFlowDashboard = z.infer<typeof cashFlowDashboard>;
export type CashFlowSeries = z.infer<typeof cashFlowSeries>;
export type CashFlowForecast = z.infer<typeof cashFlowForecast>;
export type ForecastScenario = NonNullable<CashFlowForecast['scenarios']>[number];
export type ForecastAccuracy = z.infer<typeof cashFlowForecastAccuracy>;
export type ForecastSettings = z.infer<typeof cashFlowForecastSettingsPublic>;
export type Horizon = 30 | 60 | 90;
export type Granularity = 'day' | 'week' | 'month';

/**
 * Every cash-flow read starts with this key: a re-categorised or planned entry changes the list,
 * the day figures and the forecast at once, so one invalidation refreshes them all.
 */
export const cashFlowKey = (organizationId: string) => ['organizations', organizationId, 'cashflow'] as const;

export const cashFlowPath = (organizationId: string) => `/organizations/${segment(organizationId)}/cashflow`;

export const transactionPath = (organizationId: string, transactionId: string) => `${cashFlowPath(organizationId)}/transactions/${segment(transactionId)}`;
