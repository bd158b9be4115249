import { queryOptions, useQuery } from '@tanstack/react-query';
import type { schemas } from '@daftar/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type VerificationStatus = z.infer<typeof schemas.verificationStatus>;

export const verificationStatusQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['verification-status', email],
    queryFn: () => api.post<VerificationStatus>('/check-verification-status', { json: { email } }),
    staleTime: 0,
  });

export const useVerificationStatus = (email: string) => useQuery({ ...verificationStatusQueryOptions(email), enabled: !!email });
