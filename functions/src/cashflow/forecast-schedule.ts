/** The nightly forecasts' schedule (routes.ts `forecasts`): one message per organization (forecast-jobs.ts). */
import type { ScheduledEvent } from 'aws-lambda';
import { fanOutForecasts } from './forecast-jobs.js';

export const handler = async (event: ScheduledEvent) => fanOutForecasts(event);
