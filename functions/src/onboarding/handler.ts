import * as schemas from '@daftar/shared/schemas/index';
import * as z from 'zod';
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
          narrative: { key: 'audit.organization.created_in_onboarding', params: { name: created.name } },
          changes: { name: created.name, base_currency: created.base_currency },
        });
      }
      await writeAudit(ctx.actor(), {
        action: completed ? 'onboarding.step_completed' : 'onboarding.step_saved',
        entity_type: 'onboarding',
        entity_id: step,
        narrative: {
          key: completed
            ? result.invited?.length ? 'audit.onboarding.step_completed_invited' : 'audit.onboarding.step_completed'
            : result.invited?.length ? 'audit.onboarding.step_saved_invited' : 'audit.onboarding.step_saved',
          params: { step, invited: result.invited?.length },
        },
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
      ctx.audit({ action: 'onboarding.completed', entity_type: 'user', entity_id: user.id, narrative: { key: 'audit.onboarding.completed', params: { email: user.email } } });
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
      ctx.audit({ action: 'onboarding.step_skipped', entity_type: 'onboarding', entity_id: step, narrative: { key: 'audit.onboarding.step_skipped', params: { step } } });
      return progressOf(user, await savedSteps(user.id));
    },
  }),
});

export const handler = createHandler(routes);
