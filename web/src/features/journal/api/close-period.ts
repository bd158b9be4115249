import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import type { AccountingPeriod } from './get-periods';
import { organizationPath, periodsKey } from './keys';

/** Closing locks the books: postings dated on or before the period's end are refused (admin). */
export const closePeriod = ({ organizationId, periodId }: { organizationId: string; periodId: string }) =>
  api.post<AccountingPeriod>(`${organizationPath(organizationId)}/accounting/periods/${segment(periodId)}/close`, { organizationId });

export const useClosePeriod = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closePeriod,
    onSuccess: (_period, { organizationId }) => queryClient.invalidateQueries({ queryKey: periodsKey(organizationId) }),
  });
};
