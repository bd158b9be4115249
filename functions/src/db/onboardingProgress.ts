import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { ONBOARDING_STEP_STATUSES, ONBOARDING_STEPS } from '@daftar/shared/schemas/codes';
import { entityConfig } from './client.js';

/**
 * One step of a user's onboarding wizard: its state and the data last saved for it. One item per
 * step, so saving one step never overwrites another saved at the same time.
 *
 * Access patterns:
 * - all steps of a user: pk `USER#<user>`, sk begins_with `ONBOARDING#` (one Query);
 * - one step: pk `USER#<user>`, sk `ONBOARDING#<step>`.
 *
 * The `organization_profile` step records the organization it created (`organization_id`), so
 * saving the step again updates that organization instead of creating another.
 */
export const OnboardingProgress = new Entity(
  {
    model: { entity: 'onboarding_progress', version: '1', service: 'daftar' },
    attributes: {
      user_id: { type: 'string', required: true, readOnly: true },
      step: { type: ONBOARDING_STEPS, required: true, readOnly: true },
      status: { type: ONBOARDING_STEP_STATUSES, required: true },
      data: { type: 'any', required: true, default: () => ({}) },
      organization_id: { type: 'string' },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byUser: {
        pk: { field: 'pk', composite: ['user_id'], template: 'USER#${user_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['step'], template: 'ONBOARDING#${step}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type OnboardingProgressItem = EntityItem<typeof OnboardingProgress>;
