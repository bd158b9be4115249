import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BankTransactionPublic } from '@daftar/shared/schemas/banking';
import { api, segment, type ListResponse } from '../../../lib/api-client';
import { bankAccountKey } from './keys';

export type StatementLine = BankTransactionPublic;

export interface StatementLineParams {
  unreconciled_only: boolean;
  date_from?: string;
  date_to?: string;
  skip: number;
  limit: number;
}

/** The bank account's statement lines, newest first. */
export const statementLinesQueryOptions = (organizationId: string, bankAccountId: string, params: StatementLineParams) =>
  queryOptions({
    queryKey: [...bankAccountKey(organizationId, bankAccountId), 'lines', { ...params, date_from: params.date_from ?? null, date_to: params.date_to ?? null }],
    queryFn: ({ signal }) =>
      api.get<ListResponse<StatementLine>>(`/organizations/${segment(organizationId)}/bank-accounts/${segment(bankAccountId)}/transactions`, {
        organizationId,
        query: { ...params },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useStatementLines = (organizationId: string, bankAccountId: string, params: StatementLineParams, enabled = true) =>
  useQuery({ ...statementLinesQueryOptions(organizationId, bankAccountId, params), enabled });
