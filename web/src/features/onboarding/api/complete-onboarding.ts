import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { validateOnboarding, type OnboardingValidation } from './validate-onboarding';

export type CompleteOnboardingResult = { completed: true } | { completed: false; validation: OnboardingValidation };

/** Validates first so a refusal can name the missing steps, then completes. */
export async function completeOnboarding(): Promise<CompleteOnboardingResult> {
  const validation = await validateOnboarding();
  if (!validation.valid) return { completed: false, validation };
  await api.post<unknown>('/onboarding/complete');
  return { completed: true };
}

export const useCompleteOnboarding = () => useMutation({ mutationFn: completeOnboarding });
