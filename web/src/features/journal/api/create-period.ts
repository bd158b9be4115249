import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { accountingPeriodCreate } from '@daftar/shared/schemas/accounting';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { AccountingPeriod } from './get-periods';
import { organizationPath, periodsKey } from './keys';

export type AccountingPeriodCreate = z.output<typeof accountingPeriodCreate>;

export const createPeriod = ({ organizationId, data }: { organizationId: string; data: AccountingPeriodCreate }) =>
  api.post<AccountingPeriod>(`${organizationPath(organizationId)}/accounting/periods`, { organizationId, json: data });

/** The dialog shows refusals (an overlap) itself. */
export const useCreatePeriod = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPeriod,
    meta: { handlesErrors: true },
    onSuccess: (_period, { organizationId }) => queryClient.invalidateQueries({ queryKey: periodsKey(organizationId) }),
  });
};
