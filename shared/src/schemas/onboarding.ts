import * as z from 'zod';
import { invitationCreate } from './invitations.js';
import { organizationCreate, organizationFields } from './organizations.js';
import { ONBOARDING_STEP_STATUSES, ONBOARDING_STEPS } from './codes.js';

export { ONBOARDING_STEP_STATUSES, ONBOARDING_STEPS } from './codes.js';

export const onboardingStep = z.enum(ONBOARDING_STEPS);
export type OnboardingStep = z.infer<typeof onboardingStep>;

/** Steps that cannot be skipped: onboarding is complete only when they are completed. */
export const REQUIRED_ONBOARDING_STEPS: readonly OnboardingStep[] = ['organization_profile'];

/**
 * What each step's `data` holds when the step is completed. A draft (`completed: false`) is
 * checked against the same fields, all optional.
 */
export const onboardingStepData = {
  /** The organization's profile: creates the user's organization, or updates it. */
  organization_profile: organizationCreate,
  fiscal_year: z.strictObject({ fiscal_year_start_month: organizationFields.fiscal_year_start_month }),
  taxpayer_track: z.strictObject({
    taxpayer_track: organizationFields.taxpayer_track.unwrap().unwrap(),
    tax_number: organizationFields.tax_number,
    income_source_sequence: organizationFields.income_source_sequence,
  }),
  /** Colleagues to invite; an address already invited or already a member is left as it is. */
  invite_team: z.strictObject({ invitations: z.array(invitationCreate).max(20).default([]) }),
} as const satisfies Record<OnboardingStep, z.ZodObject>;

export const onboardingProgressUpdate = z.strictObject({
  step: onboardingStep,
  data: z.record(z.string(), z.unknown()).default({}),
  completed: z.boolean().default(true),
});

export const onboardingStepState = z.object({
  step: onboardingStep,
  status: z.enum(ONBOARDING_STEP_STATUSES),
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
  /** The organization the profile step created, once it has. */
  organization_id: z.string().nullable(),
});

export const onboardingValidation = z.object({
  valid: z.boolean(),
  /** Required steps not completed yet: `complete` refuses while any is left. */
  missing_steps: z.array(onboardingStep),
  /** Optional steps neither completed nor skipped. */
  pending_steps: z.array(onboardingStep),
  errors: z.array(z.string()),
});

export const onboardingStatus = z.object({
  onboarding_completed: z.boolean(),
  current_step: onboardingStep.nullable(),
  percent_complete: z.number().int(),
  organization_id: z.string().nullable(),
});
