import { schemas } from '@daftar/shared';
import { z } from 'zod';
import { createHandler, defineRoutes, route, validate } from '../http/api.js';
import { writeAudit } from '../http/audit.js';
import { signedInUser } from '../http/api.js';
import { completeOnboarding, effectiveUser, progressOf, savedSteps, saveStep, skipStep, statusOf, stepOf, validateOnboarding } from './progress.js';

const stepParam = (params: Record<string, string>) => validate(z.object({ step: schemas.onboardingStep }), { step: params.step }, 'path').step;

export const routes = defineRoutes('onboarding', {
  'GET /api/v1/onboarding/progress': route({
    access: 'user',
    summary: "The signed-in user's wizard: every step's state and data",
    response: schemas.onboardingProgress,
    handler: async (ctx) => {
      const user = signedInUser(ctx);
      return progressOf(await effectiveUser(user), await savedSteps(user.id));
    },
  }),

  'POST /api/v1/onboarding/progress': route({
    access: 'user',
    summary: 'Save a step; completing organization_profile creates (or updates) the organization',
    body: schemas.onboardingProgressUpdate,
    response: schemas.onboardingProgress,
    autoAudit: false,
    handler: async (ctx) => {
      const user = signedInUser(ctx);
      const { step, data, completed } = ctx.body;
      const result = await saveStep(user, step, data, completed);
      const created = result.organizationCreated;
      if (created) {
        await writeAudit({ ...ctx.actor(), organization_id: created.id }, {
          action: 'organization.created',
          entity_type: 'organization',
          entity_id: created.id,
          summary: `Organization "${created.name}" created during onboarding`,
          changes: { name: created.name, base_currency: created.base_currency },
        });
      }
      await writeAudit(ctx.actor(), {
        action: completed ? 'onboarding.step_completed' : 'onboarding.step_saved',
        entity_type: 'onboarding',
        entity_id: step,
        summary: `Onboarding step ${step} ${completed ? 'completed' : 'saved as draft'}${result.invited?.length ? ` (${result.invited.length} invited)` : ''}`,
      });
      return progressOf(user, await savedSteps(user.id));
    },
  }),

  'GET /api/v1/onboarding/progress/{step}': route({
    access: 'user',
    summary: 'One step of the wizard',
    response: schemas.onboardingStepState,
    handler: async (ctx) => {
      const user = signedInUser(ctx);
      const step = stepParam(ctx.params);
      return stepOf(await savedSteps(user.id), step);
    },
  }),

  'GET /api/v1/onboarding/validate': route({
    access: 'user',
    summary: 'Whether onboarding can be completed, and what is missing',
    response: schemas.onboardingValidation,
    handler: async (ctx) => {
      const user = signedInUser(ctx);
      return validateOnboarding(user.id, await savedSteps(user.id));
    },
  }),

  'POST /api/v1/onboarding/complete': route({
    access: 'user',
    summary: "Finish onboarding (400 while required steps are missing); sets the user's onboarding_completed",
    response: schemas.onboardingStatus,
    handler: async (ctx) => {
      const user = signedInUser(ctx);
      const status = await completeOnboarding(user);
      ctx.audit({ action: 'onboarding.completed', entity_type: 'user', entity_id: user.id, summary: `${user.email} completed onboarding` });
      return status;
    },
  }),

  'GET /api/v1/onboarding/status': route({
    access: 'user',
    summary: 'Whether onboarding is completed, the current step and the percentage done',
    response: schemas.onboardingStatus,
    handler: async (ctx) => {
      const user = signedInUser(ctx);
      return statusOf(await effectiveUser(user), await savedSteps(user.id));
    },
  }),

  'POST /api/v1/onboarding/skip-step/{step}': route({
    access: 'user',
    summary: 'Skip an optional step (organization_profile cannot be skipped)',
    response: schemas.onboardingProgress,
    handler: async (ctx) => {
      const user = signedInUser(ctx);
      const step = stepParam(ctx.params);
      await skipStep(user.id, step);
      ctx.audit({ action: 'onboarding.step_skipped', entity_type: 'onboarding', entity_id: step, summary: `Onboarding step ${step} skipped` });
      return progressOf(user, await savedSteps(user.id));
    },
  }),
});

export const handler = createHandler(routes);
