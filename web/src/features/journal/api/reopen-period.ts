import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import type { AccountingPeriod } from './get-periods';
import { organizationPath, periodsKey } from './keys';

/** Reopening lifts the lock of the latest closed period (owner). */
export const reopenPeriod = ({ organizationId, periodId }: { organizationId: string; periodId: string }) =>
  api.post<AccountingPeriod>(`${organizationPath(organizationId)}/accounting/periods/${segment(periodId)}/reopen`, { organizationId });

export const useReopenPeriod = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenPeriod,
    onSuccess: (_period, { organizationId }) => queryClient.invalidateQueries({ queryKey: periodsKey(organizationId) }),
  });
};
