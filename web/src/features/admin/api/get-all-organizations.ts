import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListResponse } from '../../../lib/api-client';
import type { Organization } from '../../../lib/organizations';

export const allOrganizationsQueryOptions = (skip: number, limit: number) =>
  queryOptions({
    queryKey: ['admin', 'organizations', { skip, limit }],
    queryFn: ({ signal }) => api.get<ListResponse<Organization>>('/organizations', { query: { all: true, skip, limit }, signal }),
    placeholderData: keepPreviousData,
  });

export const useAllOrganizations = (skip: number, limit: number) => useQuery(allOrganizationsQueryOptions(skip, limit));
