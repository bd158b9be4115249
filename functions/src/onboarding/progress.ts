import { hasRank } from '@daftar/shared';
import * as schemas from '@daftar/shared/schemas/index';
import type { z } from 'zod';
import { OnboardingProgress, type OnboardingProgressItem } from '../db/onboardingProgress.js';
import type { OrganizationItem } from '../db/organization.js';
import { User, type UserItem } from '../db/user.js';
import { zodIssues } from '../http/api.js';
import { BadRequest, Conflict, ValidationError } from '../platform/errors.js';
import { nowIso } from '../platform/ids.js';
import { createInvitation, sendInvitationEmail } from '../invitations/invitations.js';
import { getMembership } from '../organizations/members.js';
import { createOrganization, getOrganizations, membershipsOfUser, onboardingDone, updateOrganization } from '../organizations/organizations.js';

type Step = schemas.OnboardingStep;
type StepItems = Map<Step, OnboardingProgressItem>;

const STEPS = schemas.ONBOARDING_STEPS;
const PROFILE: Step = 'organization_profile';

/** All saved steps of a user (one Query). */
export async function savedSteps(userId: string): Promise<StepItems> {
  const { data } = await OnboardingProgress.query.byUser({ user_id: userId }).go({ consistent: true });
  return new Map(data.map((item) => [item.step, item]));
}

const isDone = (item: OnboardingProgressItem | undefined) => item?.status === 'completed' || item?.status === 'skipped';

function stepState(step: Step, item: OnboardingProgressItem | undefined) {
  return { step, status: item?.status ?? 'pending', data: (item?.data as Record<string, unknown>) ?? {}, updated_at: item?.updated_at ?? null };
}

export function progressOf(user: Pick<UserItem, 'onboarding_completed'>, items: StepItems): z.infer<typeof schemas.onboardingProgress> {
  const done = STEPS.filter((s) => isDone(items.get(s))).length;
  return {
    current_step: STEPS.find((s) => !isDone(items.get(s))) ?? null,
    steps: STEPS.map((s) => stepState(s, items.get(s))),
    completed_steps: done,
    total_steps: STEPS.length,
    percent_complete: user.onboarding_completed ? 100 : Math.round((done / STEPS.length) * 100),
    onboarding_completed: user.onboarding_completed,
    organization_id: items.get(PROFILE)?.organization_id ?? null,
  };
}

export function statusOf(user: Pick<UserItem, 'onboarding_completed'>, items: StepItems): z.infer<typeof schemas.onboardingStatus> {
  const { onboarding_completed, current_step, percent_complete, organization_id } = progressOf(user, items);
  return { onboarding_completed, current_step, percent_complete, organization_id };
}

/** The user with the onboarding flag the app acts on: also completed for someone who joined an organization. */
export async function effectiveUser(user: Pick<UserItem, 'id' | 'onboarding_completed'>): Promise<Pick<UserItem, 'onboarding_completed'>> {
  return { onboarding_completed: await onboardingDone(user) };
}

export function stepOf(items: StepItems, step: Step) {
  return stepState(step, items.get(step));
}

/**
 * The organization the wizard works on: the one its profile step created (while the user may
 * still administer it), else the oldest organization the user owns, else none yet.
 */
async function wizardOrganization(userId: string, items: StepItems): Promise<OrganizationItem | null> {
  const recorded = items.get(PROFILE)?.organization_id;
  if (recorded) {
    const [org] = await getOrganizations([recorded]);
    const membership = org ? await getMembership(org.id, userId) : null;
    if (org && membership && hasRank(membership.role, 'admin')) return org;
  }
  const owned = (await membershipsOfUser(userId)).filter((m) => m.role === 'owner');
  const [org] = await getOrganizations(owned.slice(0, 1).map((m) => m.organization_id));
  return org ?? null;
}

/** Validates a step's data (all fields optional for a draft); issues point into `body.data`. */
function parseStepData<S extends Step>(step: S, data: Record<string, unknown>, completed: boolean) {
  const schema = schemas.onboardingStepData[step] as z.ZodObject;
  const result = (completed ? schema : schema.partial()).safeParse(data);
  if (!result.success) {
    throw new ValidationError(zodIssues(result.error, 'body').map((issue) => ({ ...issue, loc: ['body', 'data', ...issue.loc.slice(1)] })));
  }
  return result.data as Record<string, unknown>;
}

/** Only the fields the user sent (defaults filled in by the schema must not overwrite what is stored). */
const sentFields = (parsed: Record<string, unknown>, raw: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(parsed).filter(([k]) => k in raw));

export interface StepResult { organizationCreated?: OrganizationItem; invited?: string[] }

/**
 * Saves a step. Completing a step applies it: the profile creates the user's organization (with
 * the same function as `POST /organizations`) or updates it; fiscal year and taxpayer track
 * update it; invite_team invites colleagues, leaving addresses already invited or already members
 * as they are. A draft (`completed: false`) only stores the data.
 */
export async function saveStep(user: UserItem, step: Step, raw: Record<string, unknown>, completed: boolean, now = nowIso()): Promise<StepResult> {
  const items = await savedSteps(user.id);
  const parsed = parseStepData(step, raw, completed);
  const result: StepResult = {};
  let organizationId = items.get(step)?.organization_id;
  let stored: Record<string, unknown> = parsed;

  if (completed) {
    const org = await wizardOrganization(user.id, items);
    if (step === PROFILE) {
      if (org) await updateOrganization(org, sentFields(parsed, raw) as schemas.OrganizationUpdate, now);
      else result.organizationCreated = await createOrganization(parsed as schemas.OrganizationCreate, user.id, now);
      organizationId = org?.id ?? result.organizationCreated!.id;
    } else {
      if (!org) throw new BadRequest('Complete the organization profile step first');
      organizationId = org.id;
      if (step === 'fiscal_year' || step === 'taxpayer_track') {
        await updateOrganization(org, sentFields(parsed, raw) as schemas.OrganizationUpdate, now);
      } else {
        stored = { invitations: await inviteTeam(user, org, parsed.invitations as schemas.InvitationCreate[], now) };
        result.invited = (stored.invitations as { email: string; outcome: string }[]).filter((i) => i.outcome === 'invited').map((i) => i.email);
      }
    }
  }

  const previous = items.get(step);
  await OnboardingProgress.put({
    user_id: user.id,
    step,
    status: completed ? 'completed' : 'pending',
    data: stored,
    ...(organizationId ? { organization_id: organizationId } : {}),
    created_at: previous?.created_at ?? now,
    updated_at: now,
  }).go();
  return result;
}

async function inviteTeam(user: UserItem, org: OrganizationItem, invitations: schemas.InvitationCreate[], now: string) {
  const membership = await getMembership(org.id, user.id);
  const inviter = { id: user.id, name: user.full_name || user.email, role: membership?.role ?? 'viewer' };
  const outcomes = [];
  for (const wanted of invitations) {
    try {
      const { invitation, token } = await createInvitation(org, inviter, wanted, now);
      const emailSent = await sendInvitationEmail(invitation, token, org.name);
      outcomes.push({ email: invitation.email, role: invitation.role, outcome: 'invited', invitation_id: invitation.id, email_sent: emailSent });
    } catch (err) {
      if (!(err instanceof Conflict)) throw err;
      outcomes.push({ email: wanted.email, role: wanted.role, outcome: 'skipped', reason: err.detail });
    }
  }
  return outcomes;
}

/** Skips an optional step; the organization profile cannot be skipped. */
export async function skipStep(userId: string, step: Step, now = nowIso()) {
  if (schemas.REQUIRED_ONBOARDING_STEPS.includes(step)) throw new BadRequest('The organization profile step cannot be skipped');
  const items = await savedSteps(userId);
  const previous = items.get(step);
  if (previous?.status === 'completed') throw new Conflict('This step is already completed');
  await OnboardingProgress.put({
    user_id: userId,
    step,
    status: 'skipped',
    data: {},
    ...(previous?.organization_id ? { organization_id: previous.organization_id } : {}),
    created_at: previous?.created_at ?? now,
    updated_at: now,
  }).go();
}

/** Whether onboarding can be completed: every required step completed, its organization still there. */
export async function validateOnboarding(userId: string, items: StepItems): Promise<z.infer<typeof schemas.onboardingValidation>> {
  const missing: Step[] = [];
  const errors: string[] = [];
  for (const step of schemas.REQUIRED_ONBOARDING_STEPS) {
    if (items.get(step)?.status !== 'completed') {
      missing.push(step);
      errors.push(step === PROFILE ? 'The organization profile is required' : `Step ${step} is required`);
    }
  }
  const profile = items.get(PROFILE);
  if (profile?.status === 'completed') {
    const org = await wizardOrganization(userId, items);
    if (!org) {
      missing.push(PROFILE);
      errors.push('The organization created during onboarding no longer exists; complete the organization profile again');
    }
  }
  const pending = STEPS.filter((s) => !schemas.REQUIRED_ONBOARDING_STEPS.includes(s) && !isDone(items.get(s)));
  return { valid: errors.length === 0, missing_steps: missing, pending_steps: pending, errors };
}

/** Marks the user's onboarding completed (refused with 400 while it is not valid). */
export async function completeOnboarding(user: UserItem, now = nowIso()) {
  const items = await savedSteps(user.id);
  if (!user.onboarding_completed) {
    const validation = await validateOnboarding(user.id, items);
    if (!validation.valid) throw new BadRequest(`Onboarding cannot be completed yet: ${validation.errors.join('; ')}`);
    await User.patch({ id: user.id }).set({ onboarding_completed: true, updated_at: now }).go();
  }
  return statusOf({ onboarding_completed: true }, items);
}
