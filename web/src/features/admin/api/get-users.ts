import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListResponse } from '../../../lib/api-client';
import type { User } from '../../../lib/auth';

export const usersQueryOptions = (skip: number, limit: number) =>
  queryOptions({
    queryKey: ['admin', 'users', { skip, limit }],
    queryFn: ({ signal }) => api.get<ListResponse<User>>('/users', { query: { skip, limit }, signal }),
    placeholderData: keepPreviousData,
  });

export const useUsers = (skip: number, limit: number) => useQuery(usersQueryOptions(skip, limit));
