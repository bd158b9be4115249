import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LoyaltyProgramStatus } from '@daftar/shared/schemas/loyalty';
import { api, type ListResponse } from '../../../lib/api-client';
import { loyaltyKey, loyaltyPath, type Program } from './keys';

export interface ProgramListParams {
  skip: number;
  limit: number;
  status?: LoyaltyProgramStatus;
}

/** The programs with their members and what their points owe (an organization has a handful). */
export const programsQueryOptions = (organizationId: string, params: ProgramListParams) =>
  queryOptions({
    queryKey: [...loyaltyKey(organizationId), 'programs', params],
    queryFn: ({ signal }) => api.get<ListResponse<Program>>(`${loyaltyPath(organizationId)}/programs`, { organizationId, query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

export const usePrograms = (organizationId: string, params: ProgramListParams, enabled = true) => useQuery({ ...programsQueryOptions(organizationId, params), enabled });
