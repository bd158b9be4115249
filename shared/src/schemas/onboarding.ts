import { z } from 'zod';

/** The wizard's steps, in order. `organization_profile` creates the organization. */
export const ONBOARDING_STEPS = ['organization_profile', 'fiscal_year', 'taxpayer_track', 'invite_team'] as const;
export const onboardingStep = z.enum(ONBOARDING_STEPS);
export type OnboardingStep = z.infer<typeof onboardingStep>;

export const onboardingProgressUpdate = z.strictObject({
  step: onboardingStep,
  data: z.record(z.string(), z.unknown()).default({}),
  completed: z.boolean().default(true),
});

export const onboardingStepState = z.object({
  step: onboardingStep,
  status: z.enum(['pending', 'completed', 'skipped']),
  data: z.record(z.string(), z.unknown()),
  updated_at: z.string().nullable(),
});

export const onboardingProgress = z.object({
  current_step: onboardingStep.nullable(),
  steps: z.array(onboardingStepState),
  completed_steps: z.number().int(),
  total_steps: z.number().int(),
  percent_complete: z.number().int(),
  onboarding_completed: z.boolean(),
});
