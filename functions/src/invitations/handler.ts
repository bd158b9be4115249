import * as schemas from '@daftar/shared/schemas/index';
import { createHandler, defineRoutes, route } from '../http/api.js';
import { writeAudit } from '../http/audit.js';
import { NotFound } from '../platform/errors.js';
import { nowIso } from '../platform/ids.js';
import { organizationActor } from '../organizations/actor.js';
import { signedInUser } from '../http/api.js';
import { getOrganization, toOrganizationPublic } from '../organizations/organizations.js';
import { cleanupOrganizationInvitations } from './cleanup.js';
import { consume } from '../auth/rateLimit.js';
import {
  acceptInvitation,
  cancelInvitation,
  createInvitation,
  getInvitation,
  listInvitations,
  previewInvitation,
  resendInvitation,
  sendInvitationEmail,
  toInvitationPublic,
  updateInvitation,
} from './invitations.js';

const ORG = '/api/v1/organizations/{organization_id}';

/** Ids are UUIDs; anything much longer is not one of ours and answers 404 without a read. */
const invitationIdOf = (params: Record<string, string>) => {
  const id = params.invitation_id ?? '';
  if (!id || id.length > 64) throw new NotFound('Invitation not found');
  return id;
};

export const routes = defineRoutes('invitations', {
  [`POST ${ORG}/invitations`]: route({
    access: { org: 'admin' },
    summary: 'Invite someone by e-mail (only owners invite owners); the link is valid for 7 days',
    body: schemas.invitationCreate,
    response: schemas.invitationSent,
    status: 201,
    handler: async (ctx) => {
      const org = await getOrganization(ctx.organizationId!);
      const actor = organizationActor(ctx);
      const { invitation, token } = await createInvitation(org, { id: actor.user_id, name: actor.name, role: actor.role }, ctx.body);
      const emailSent = await sendInvitationEmail(invitation, token, org.name);
      ctx.audit({
        action: 'invitation.created',
        entity_type: 'invitation',
        entity_id: invitation.id,
        narrative: { key: 'audit.invitation.created', params: { email: invitation.email, role: invitation.role } },
        changes: { email: invitation.email, role: invitation.role, expires_at: invitation.expires_at },
      });
      return { ...toInvitationPublic(invitation, org.name), email_sent: emailSent };
    },
  }),

  [`GET ${ORG}/invitations`]: route({
    access: { org: 'admin' },
    summary: "The organization's invitations, newest first (status_filter: pending, accepted, cancelled, expired)",
    query: schemas.invitationListQuery,
    response: schemas.listOf(schemas.invitationPublic),
    handler: async (ctx) => {
      const org = await getOrganization(ctx.organizationId!);
      const now = nowIso();
      const all = await listInvitations(org.id, ctx.query.status_filter, now);
      const { skip, limit } = ctx.query;
      return { data: all.slice(skip, skip + limit).map((i) => toInvitationPublic(i, org.name, now)), count: all.length };
    },
  }),

  [`GET ${ORG}/invitations/{invitation_id}`]: route({
    access: { org: 'admin' },
    summary: 'One invitation',
    response: schemas.invitationPublic,
    handler: async (ctx) => {
      const org = await getOrganization(ctx.organizationId!);
      return toInvitationPublic(await getInvitation(org.id, invitationIdOf(ctx.params)), org.name);
    },
  }),

  [`PUT ${ORG}/invitations/{invitation_id}`]: route({
    access: { org: 'admin' },
    summary: 'Change the role or message of a pending invitation',
    body: schemas.invitationUpdate,
    response: schemas.invitationPublic,
    handler: async (ctx) => {
      const org = await getOrganization(ctx.organizationId!);
      const before = await getInvitation(org.id, invitationIdOf(ctx.params));
      const after = await updateInvitation(before, organizationActor(ctx).role, ctx.body);
      ctx.audit({
        action: 'invitation.updated',
        entity_type: 'invitation',
        entity_id: after.id,
        narrative: { key: 'audit.invitation.updated', params: { email: after.email } },
        changes: { role: { from: before.role, to: after.role }, message: { from: before.message ?? null, to: after.message ?? null } },
      });
      return toInvitationPublic(after, org.name);
    },
  }),

  [`POST ${ORG}/invitations/{invitation_id}/resend`]: route({
    access: { org: 'admin' },
    summary: 'Send a pending invitation again, with a new link and a new expiry',
    response: schemas.invitationSent,
    handler: async (ctx) => {
      const org = await getOrganization(ctx.organizationId!);
      const { invitation, token } = await resendInvitation(await getInvitation(org.id, invitationIdOf(ctx.params)));
      const emailSent = await sendInvitationEmail(invitation, token, org.name);
      ctx.audit({
        action: 'invitation.resent',
        entity_type: 'invitation',
        entity_id: invitation.id,
        narrative: { key: 'audit.invitation.resent', params: { email: invitation.email, expires_at: invitation.expires_at } },
      });
      return { ...toInvitationPublic(invitation, org.name), email_sent: emailSent };
    },
  }),

  [`POST ${ORG}/invitations/{invitation_id}/cancel`]: route({
    access: { org: 'admin' },
    summary: 'Cancel a pending invitation',
    response: schemas.invitationPublic,
    handler: async (ctx) => {
      const org = await getOrganization(ctx.organizationId!);
      const cancelled = await cancelInvitation(await getInvitation(org.id, invitationIdOf(ctx.params)));
      ctx.audit({
        action: 'invitation.cancelled',
        entity_type: 'invitation',
        entity_id: cancelled.id,
        narrative: { key: 'audit.invitation.cancelled', params: { email: cancelled.email } },
      });
      return toInvitationPublic(cancelled, org.name);
    },
  }),

  [`POST ${ORG}/invitations/cleanup`]: route({
    access: { org: 'admin' },
    summary: "Mark this organization's pending invitations past their expiry as expired",
    response: schemas.invitationCleanupResult,
    handler: async (ctx) => {
      await getOrganization(ctx.organizationId!);
      const result = await cleanupOrganizationInvitations(ctx.organizationId!);
      ctx.audit({
        action: 'invitation.cleanup',
        entity_type: 'invitation',
        narrative: { key: 'audit.invitation.cleanup', params: { count: result.expired } },
        changes: result,
      });
      return result;
    },
  }),

  'POST /api/v1/invitations/accept': route({
    access: 'user',
    summary: "Accept an invitation with its token; the signed-in user's e-mail must be the invited one",
    body: schemas.invitationAccept,
    response: schemas.invitationAccepted,
    autoAudit: false,
    handler: async (ctx) => {
      const user = signedInUser(ctx);
      const { invitation, organization } = await acceptInvitation(ctx.body.token, user);
      await writeAudit({ ...ctx.actor(), organization_id: organization.id }, {
        action: 'invitation.accepted',
        entity_type: 'invitation',
        entity_id: invitation.id,
        narrative: { key: 'audit.invitation.accepted', params: { email: user.email, role: invitation.role } },
        changes: { role: invitation.role },
      });
      return {
        invitation: toInvitationPublic(invitation, organization.name),
        organization: toOrganizationPublic(organization, invitation.role),
      };
    },
  }),

  'GET /api/v1/invitations/public/{token}': route({
    access: 'public',
    summary: 'What an invitation offers, read by its token (no sign-in needed)',
    response: schemas.invitationPreview,
    handler: async (ctx) => {
      // Tokens are 256-bit random, so guessing is hopeless; the limit keeps the endpoint from
      // being used as a free oracle or load generator.
      if (ctx.ip) await consume('invitation-ip', ctx.ip, 60, 15 * 60, 'invitation look-ups from this address');
      return previewInvitation(ctx.params.token ?? '');
    },
  }),
});

export const handler = createHandler(routes);
