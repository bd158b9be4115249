import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { onboardingProgressQueryOptions, type OnboardingProgress, type OnboardingStep } from './get-progress';

export interface SaveProgressInput {
  step: OnboardingStep;
  data: Record<string, unknown>;
  completed: boolean;
}

/** Saves one step; the organization profile step creates (or updates) the organization. */
export const saveProgress = (input: SaveProgressInput) => api.post<OnboardingProgress>('/onboarding/progress', { json: input });

export const useSaveProgress = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProgress,
    onSuccess: (progress) => queryClient.setQueryData(onboardingProgressQueryOptions().queryKey, progress),
  });
};
