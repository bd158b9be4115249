import { queryOptions, useQuery } from '@tanstack/react-query';
import type { schemas } from '@daftar/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type OnboardingStatus = z.infer<typeof schemas.onboardingStatus>;

export const onboardingStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['onboarding', 'status'],
    queryFn: ({ signal }) => api.get<OnboardingStatus>('/onboarding/status', { signal }),
  });

export const useOnboardingStatus = () => useQuery(onboardingStatusQueryOptions());
