import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CashFlowCategory } from '@daftar/shared/cashflow/classify';
import { api } from '../../../lib/api-client';
import { cashFlowKey, transactionPath, type CashFlowLine } from './keys';

/** The posting's own category stays on the line as original_category; its day's figures move with it. */
export const updateCashFlowCategory = ({ organizationId, transactionId, category }: { organizationId: string; transactionId: string; category: CashFlowCategory }) =>
  api.put<CashFlowLine>(`${transactionPath(organizationId, transactionId)}/category`, { organizationId, json: { cash_flow_category: category } });

export const useUpdateCashFlowCategory = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCashFlowCategory,
    meta: { handlesErrors: true },
    onSuccess: (_line, { organizationId }) => queryClient.invalidateQueries({ queryKey: cashFlowKey(organizationId) }),
  });
};
