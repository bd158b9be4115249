import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { cashFlowManualUpdate } from '@daftar/shared/schemas/cashflow';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { cashFlowKey, transactionPath, type CashFlowLine } from './keys';

export type CashFlowEntryChanges = z.output<typeof cashFlowManualUpdate>;

/** A manual entry changed; a posted line is its posting's record and is never sent here. */
export const updateCashFlowEntry = ({ organizationId, transactionId, data }: { organizationId: string; transactionId: string; data: CashFlowEntryChanges }) =>
  api.put<CashFlowLine>(transactionPath(organizationId, transactionId), { organizationId, json: data });

export const useUpdateCashFlowEntry = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCashFlowEntry,
    meta: { handlesErrors: true },
    onSuccess: (_line, { organizationId }) => queryClient.invalidateQueries({ queryKey: cashFlowKey(organizationId) }),
  });
};
