import type { schemas } from '@daftar/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type OnboardingValidation = z.infer<typeof schemas.onboardingValidation>;

/** Asked right before completing, so it is fetched on demand rather than cached. */
export const validateOnboarding = () => api.get<OnboardingValidation>('/onboarding/validate');
