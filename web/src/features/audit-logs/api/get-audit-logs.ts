import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { schemas } from '@daftar/shared';
import type { z } from 'zod';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type AuditLog = z.infer<typeof schemas.auditLogPublic>;

export interface AuditLogFilters {
  action?: string;
  user_id?: string;
  start_date?: string;
  end_date?: string;
}

export const auditLogsQueryOptions = (organizationId: string, filters: AuditLogFilters, skip: number, limit: number) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'audit-logs', { ...filters, skip, limit }],
    queryFn: ({ signal }) =>
      api.get<ListResponse<AuditLog>>(`/organizations/${segment(organizationId)}/audit-logs`, {
        organizationId,
        query: { ...filters, skip, limit },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useAuditLogs = (organizationId: string, filters: AuditLogFilters, skip: number, limit: number) =>
  useQuery(auditLogsQueryOptions(organizationId, filters, skip, limit));
