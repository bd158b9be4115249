import type { LayawayInstalment, LayawayItemPublic, LayawayPaymentPublic, LayawayPublic, LayawaySchedule, LayawaySummary } from '@daftar/shared/schemas/layaway';
import { segment } from '../../../lib/api-client';

export type Layaway = LayawayPublic;
export type LayawayItem = LayawayItemPublic;
export type LayawayPayment = LayawayPaymentPublic;
export type LayawayFigures = LayawaySummary;
export type { LayawayInstalment, LayawaySchedule };

/**
 * Every layaway read starts with this key: a payment, a pickup or a cancel changes the layaway,
 * its schedule, its payments, the list and the figures at once, so one invalidation refreshes them all.
 */
export const layawaysKey = (organizationId: string) => ['organizations', organizationId, 'layaway'] as const;

export const layawaysPath = (organizationId: string) => `/organizations/${segment(organizationId)}/layaway`;

export const layawayPath = (organizationId: string, layawayId: string) => `${layawaysPath(organizationId)}/${segment(layawayId)}`;
