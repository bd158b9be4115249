import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankTransactionCreate } from '@daftar/shared/schemas/banking';
import { api, segment } from '../../../lib/api-client';
import type { StatementLine } from './get-statement-lines';
import { bankingKey } from './keys';

/** A statement line typed in by hand (member); signed: + money in, − money out. */
export const addStatementLine = ({ organizationId, bankAccountId, data }: { organizationId: string; bankAccountId: string; data: BankTransactionCreate }) =>
  api.post<StatementLine>(`/organizations/${segment(organizationId)}/bank-accounts/${segment(bankAccountId)}/transactions`, { organizationId, json: data });

export const useAddStatementLine = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStatementLine,
    meta: { handlesErrors: true },
    onSuccess: (_line, { organizationId }) => queryClient.invalidateQueries({ queryKey: bankingKey(organizationId) }),
  });
};
