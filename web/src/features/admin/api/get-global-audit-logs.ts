import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { schemas } from '@daftar/shared';
import type { z } from 'zod';
import { api, type ListResponse } from '../../../lib/api-client';
import { PLATFORM_SCOPE } from './platform-scope';

export type GlobalAuditLog = z.infer<typeof schemas.auditLogPublic>;

export const globalAuditLogsQueryOptions = (skip: number, limit: number, action?: string) =>
  queryOptions({
    queryKey: ['admin', 'audit-logs', { skip, limit, action: action ?? null }],
    queryFn: ({ signal }) =>
      api.get<ListResponse<GlobalAuditLog>>(`/organizations/${PLATFORM_SCOPE}/audit-logs/global`, { query: { skip, limit, action }, signal }),
    placeholderData: keepPreviousData,
  });

export const useGlobalAuditLogs = (skip: number, limit: number, action?: string) => useQuery(globalAuditLogsQueryOptions(skip, limit, action));
