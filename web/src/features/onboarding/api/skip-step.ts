import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { onboardingProgressQueryOptions, type OnboardingProgress, type OnboardingStep } from './get-progress';

export const skipStep = (step: OnboardingStep) => api.post<OnboardingProgress>(`/onboarding/skip-step/${segment(step)}`);

export const useSkipStep = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: skipStep,
    onSuccess: (progress) => queryClient.setQueryData(onboardingProgressQueryOptions().queryKey, progress),
  });
};
