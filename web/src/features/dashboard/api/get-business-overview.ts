import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountingDashboardPublic } from '@daftar/shared/schemas/accountingDashboard';
import { api, segment } from '../../../lib/api-client';

export type BusinessOverview = AccountingDashboardPublic;

/**
 * The accounting overview's figures (`GET …/accounting/dashboard`), under the accounting overview's
 * own key, so the home page and /accounting share one read. Fresh for 120 s (SPEC §9).
 */
export const businessOverviewQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'accounting', 'dashboard'],
    queryFn: ({ signal }) => api.get<BusinessOverview>(`/organizations/${segment(organizationId)}/accounting/dashboard`, { organizationId, signal }),
    staleTime: 120_000,
    gcTime: 600_000,
  });

export const useBusinessOverview = (organizationId: string | null) => useQuery({ ...businessOverviewQueryOptions(organizationId ?? ''), enabled: !!organizationId });
