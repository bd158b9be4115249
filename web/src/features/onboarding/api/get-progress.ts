import { queryOptions, useQuery } from '@tanstack/react-query';
import type { schemas } from '@daftar/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type OnboardingProgress = z.infer<typeof schemas.onboardingProgress>;
export type OnboardingStep = z.infer<typeof schemas.onboardingStep>;

export const onboardingProgressQueryOptions = () =>
  queryOptions({
    queryKey: ['onboarding', 'progress'],
    queryFn: ({ signal }) => api.get<OnboardingProgress>('/onboarding/progress', { signal }),
    staleTime: 0,
  });

export const useOnboardingProgress = () => useQuery(onboardingProgressQueryOptions());
