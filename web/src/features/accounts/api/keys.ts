import { segment } from '../../../lib/api-client';

/** Every cached read of the chart lives under this key, so one invalidation refreshes them all. */
export const accountsKey = (organizationId: string) => ['organizations', organizationId, 'accounts'] as const;

export const accountsPath = (organizationId: string) => `/organizations/${segment(organizationId)}/accounts`;
