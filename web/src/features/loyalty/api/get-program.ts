import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loyaltyKey, programPath, type Program, type ProgramFigures } from './keys';

export const programQueryOptions = (organizationId: string, programId: string) =>
  queryOptions({
    queryKey: [...loyaltyKey(organizationId), 'program', programId],
    queryFn: ({ signal }) => api.get<Program>(programPath(organizationId, programId), { organizationId, signal }),
  });

export const useProgram = (organizationId: string, programId: string, enabled = true) => useQuery({ ...programQueryOptions(organizationId, programId), enabled });

/** What the program's points come to: earned, redeemed, lapsed, outstanding, beside the liability account. */
export const programSummaryQueryOptions = (organizationId: string, programId: string) =>
  queryOptions({
    queryKey: [...loyaltyKey(organizationId), 'program', programId, 'summary'],
    queryFn: ({ signal }) => api.get<ProgramFigures>(`${programPath(organizationId, programId)}/summary`, { organizationId, signal }),
  });

export const useProgramSummary = (organizationId: string, programId: string, enabled = true) => useQuery({ ...programSummaryQueryOptions(organizationId, programId), enabled });
