import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountingDashboardPublic } from '@daftar/shared/schemas/accountingDashboard';
import { api, segment } from '../../../lib/api-client';

export type AccountingDashboard = AccountingDashboardPublic;

/**
 * SPEC §9: the dashboard summary is fresh for 120 s, kept 600 s, and read again every 300 s even
 * while the tab is in the background, so a screen left open on the office wall stays current.
 */
export const accountingDashboardQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'accounting', 'dashboard'],
    queryFn: ({ signal }) => api.get<AccountingDashboard>(`/organizations/${segment(organizationId)}/accounting/dashboard`, { organizationId, signal }),
    staleTime: 120_000,
    gcTime: 600_000,
    refetchInterval: 300_000,
    refetchIntervalInBackground: true,
  });

/** Runs only when an organization is selected (SPEC §5). */
export const useAccountingDashboard = (organizationId: string | null) =>
  useQuery({ ...accountingDashboardQueryOptions(organizationId ?? ''), enabled: !!organizationId });
