import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { loyaltyBulkOperation, loyaltyCustomerCreate, loyaltyCustomerUpdate, loyaltySearch } from '@daftar/shared/schemas/loyalty';
import type { z } from 'zod';
import { api, type ListResponse } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { loyaltyKey, loyaltyPath, memberPath, type BulkResult, type Member } from './keys';

export type MemberSearch = z.input<typeof loyaltySearch>;
export type EnrollBody = z.output<typeof loyaltyCustomerCreate>;
export type MemberUpdateBody = z.output<typeof loyaltyCustomerUpdate>;
export type BulkBody = z.output<typeof loyaltyBulkOperation>;

/**
 * Members found by part of the name, phone or e-mail, in a program, a tier or a range of points: a
 * POST, since the search body is the shared schema's. Blank filters are not sent.
 */
export const memberSearchQueryOptions = (organizationId: string, search: MemberSearch) =>
  queryOptions({
    queryKey: [...loyaltyKey(organizationId), 'members', 'search', search],
    queryFn: ({ signal }): Promise<ListResponse<Member>> => {
      const body = Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined && value !== ''));
      // The server may answer a bare list or a page: both read as a page.
      return api
        .post<ListResponse<Member> | Member[]>(`${loyaltyPath(organizationId)}/search`, { organizationId, json: body, signal })
        .then((answer) => (Array.isArray(answer) ? { data: answer, count: answer.length } : answer));
    },
    placeholderData: keepPreviousData,
  });

export const useMemberSearch = (organizationId: string, search: MemberSearch, enabled = true) => useQuery({ ...memberSearchQueryOptions(organizationId, search), enabled });

export const memberQueryOptions = (organizationId: string, customerId: string) =>
  queryOptions({
    queryKey: [...loyaltyKey(organizationId), 'member', customerId],
    queryFn: ({ signal }) => api.get<Member>(memberPath(organizationId, customerId), { organizationId, signal }),
  });

export const useMember = (organizationId: string, customerId: string, enabled = true) => useQuery({ ...memberQueryOptions(organizationId, customerId), enabled });

const useLoyaltyMutation = <V extends { organizationId: string }, A>(mutationFn: (variables: V) => Promise<A>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { handlesErrors: true },
    onSuccess: (_answer: A, { organizationId }: V) => queryClient.invalidateQueries({ queryKey: loyaltyKey(organizationId) }),
  });
};

/** A customer enrolled in a program, with no points yet. */
export const enrollCustomer = ({ organizationId, data }: { organizationId: string; data: EnrollBody }) =>
  api.post<Member>(`${loyaltyPath(organizationId)}/customers`, { organizationId, json: data });
export const useEnrollCustomer = () => useLoyaltyMutation(enrollCustomer);

/** Suspend or reactivate a member, change their notes, or move them to another program (with no points left). */
export const updateMember = ({ organizationId, customerId, data }: { organizationId: string; customerId: string; data: MemberUpdateBody }) =>
  api.put<Member>(memberPath(organizationId, customerId), { organizationId, json: data });
export const useUpdateMember = () => useLoyaltyMutation(updateMember);

/** Enroll, adjust or unenroll up to 100 customers at once; each one succeeds or fails on its own. */
export const bulkOperation = ({ organizationId, data, idempotencyKey }: { organizationId: string; data: BulkBody; idempotencyKey?: string }) =>
  api.post<BulkResult>(`${loyaltyPath(organizationId)}/bulk-operations`, { organizationId, json: data, headers: idempotencyHeaders(idempotencyKey) });
export const useBulkOperation = () => useLoyaltyMutation(bulkOperation);
