import { queryOptions, useQuery } from '@tanstack/react-query';
import type { bankMatchSuggestion } from '@daftar/shared/schemas/banking';
import type { z } from 'zod';
import { api, segment, type ListResponse } from '../../../lib/api-client';
import { bankAccountKey } from './keys';

export type MatchSuggestion = z.infer<typeof bankMatchSuggestion>;

/** Postings on the bank's ledger account of the same signed amount within a week of the line, closest first. */
export const matchesQueryOptions = (organizationId: string, bankAccountId: string, lineId: string) =>
  queryOptions({
    queryKey: [...bankAccountKey(organizationId, bankAccountId), 'matches', lineId],
    queryFn: ({ signal }) =>
      api.get<ListResponse<MatchSuggestion>>(
        `/organizations/${segment(organizationId)}/bank-accounts/${segment(bankAccountId)}/transactions/${segment(lineId)}/matches`,
        { organizationId, signal },
      ),
  });

export const useMatches = (organizationId: string, bankAccountId: string, lineId: string) => useQuery(matchesQueryOptions(organizationId, bankAccountId, lineId));
