import { queryOptions, useQuery } from '@tanstack/react-query';
import type { accountingPeriodList } from '@daftar/shared/schemas/accounting';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { organizationPath, periodsKey } from './keys';

export type AccountingPeriods = z.infer<typeof accountingPeriodList>;
export type AccountingPeriod = AccountingPeriods['data'][number];

export const periodsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...periodsKey(organizationId), 'list'],
    queryFn: ({ signal }) => api.get<AccountingPeriods>(`${organizationPath(organizationId)}/accounting/periods`, { organizationId, signal }),
  });

export const usePeriods = (organizationId: string) => useQuery(periodsQueryOptions(organizationId));
