import * as schemas from '@daftar/shared/schemas/index';
import { createHandler, defineRoutes, route } from '../http/api.js';
import { writeAudit } from '../http/audit.js';
import { Forbidden, NotFound } from '../platform/errors.js';
import { User } from '../db/user.js';
import { organizationActor } from './actor.js';
import { signedInUser } from '../http/api.js';
import { addExistingUser, changeMemberRole, listMembers, removeMember, toMemberPublic } from './members.js';
import {
  createOrganization,
  deleteOrganization,
  getOrganization,
  listAllOrganizations,
  listOrganizationsOfUser,
  organizationStats,
  toOrganizationPublic,
  updateOrganization,
} from './organizations.js';

const ORG = '/api/v1/organizations/{organization_id}';
const message = (text: string) => ({ message: text });

export const routes = defineRoutes('organizations', {
  'GET /api/v1/organizations': route({
    access: 'user',
    summary: "The caller's organizations with their role in each (superusers: all=true lists every organization)",
    query: schemas.organizationListQuery,
    response: schemas.listOf(schemas.organizationPublic),
    handler: async (ctx) => {
      const user = signedInUser(ctx);
      const { skip, limit, all } = ctx.query;
      if (all) {
        if (!user.is_superuser) throw new Forbidden('Only superusers can list all organizations');
        return listAllOrganizations(user.id, skip, limit);
      }
      return listOrganizationsOfUser(user.id, skip, limit);
    },
  }),

  'POST /api/v1/organizations': route({
    access: 'user',
    summary: 'Create an organization; the caller becomes its owner',
    body: schemas.organizationCreate,
    response: schemas.organizationPublic,
    status: 201,
    autoAudit: false,
    handler: async (ctx) => {
      const user = signedInUser(ctx);
      const org = await createOrganization(ctx.body, user.id);
      await writeAudit({ ...ctx.actor(), organization_id: org.id }, {
        action: 'organization.created',
        entity_type: 'organization',
        entity_id: org.id,
        narrative: { key: 'audit.organization.created', params: { name: org.name } },
        changes: { name: org.name, base_currency: org.base_currency },
      });
      return toOrganizationPublic(org, 'owner');
    },
  }),

  [`GET ${ORG}`]: route({
    access: { org: 'viewer' },
    summary: 'One organization',
    response: schemas.organizationPublic,
    handler: async (ctx) => toOrganizationPublic(await getOrganization(ctx.organizationId!), ctx.principal?.membership?.role ?? null),
  }),

  [`PUT ${ORG}`]: route({
    access: { org: 'admin' },
    summary: "Update the organization's profile (send `version` to refuse overwriting someone else's change)",
    body: schemas.organizationUpdate,
    response: schemas.organizationPublic,
    handler: async (ctx) => {
      const before = await getOrganization(ctx.organizationId!);
      const after = await updateOrganization(before, ctx.body);
      const changed = Object.keys(ctx.body).filter((k) => k !== 'version');
      ctx.audit({
        action: 'organization.updated',
        entity_type: 'organization',
        entity_id: after.id,
        narrative: before.name !== after.name
          ? { key: 'audit.organization.renamed', params: { from: before.name, to: after.name } }
          : { key: 'audit.organization.updated', params: { name: after.name, fields: changed.join(', ') } },
        changes: Object.fromEntries(changed.map((k) => [k, { from: (before as Record<string, unknown>)[k] ?? null, to: (after as Record<string, unknown>)[k] ?? null }])),
      });
      return toOrganizationPublic(after, ctx.principal?.membership?.role ?? null);
    },
  }),

  [`DELETE ${ORG}`]: route({
    access: { org: 'owner' },
    summary: 'Delete the organization with its memberships, invitations and API keys (owners only)',
    response: schemas.message,
    handler: async (ctx) => {
      // A half-finished earlier deletion may have removed the organization item already.
      const org = await getOrganization(ctx.organizationId!).catch((err) => {
        if (err instanceof NotFound) return null;
        throw err;
      });
      await deleteOrganization(ctx.organizationId!);
      ctx.audit({
        action: 'organization.deleted',
        entity_type: 'organization',
        entity_id: ctx.organizationId,
        narrative: { key: 'audit.organization.deleted', params: { name: org?.name ?? ctx.organizationId } },
      });
      return message('Organization deleted successfully');
    },
  }),

  [`GET ${ORG}/stats`]: route({
    access: { org: 'viewer' },
    summary: 'Members by role, invitations by status and age of the organization',
    response: schemas.organizationStats,
    handler: async (ctx) => organizationStats(await getOrganization(ctx.organizationId!)),
  }),

  [`GET ${ORG}/members`]: route({
    access: { org: 'viewer' },
    summary: 'Members with their e-mail, name and role',
    query: schemas.pagination,
    response: schemas.listOf(schemas.memberPublic),
    handler: async (ctx) => {
      await getOrganization(ctx.organizationId!);
      return listMembers(ctx.organizationId!, ctx.query.skip, ctx.query.limit);
    },
  }),

  [`POST ${ORG}/members`]: route({
    access: { org: 'admin' },
    summary: 'Add an existing user (by user_id or email) with a role',
    body: schemas.memberAdd,
    response: schemas.memberPublic,
    status: 201,
    handler: async (ctx) => {
      const org = await getOrganization(ctx.organizationId!);
      const member = await addExistingUser(org, organizationActor(ctx), ctx.body);
      ctx.audit({
        action: 'member.added',
        entity_type: 'membership',
        entity_id: member.user_id,
        narrative: { key: 'audit.member.added', params: { email: member.email, role: member.role } },
        changes: { user_id: member.user_id, role: member.role },
      });
      return member;
    },
  }),

  [`PUT ${ORG}/members/{user_id}`]: route({
    access: { org: 'admin' },
    summary: "Change a member's role (only owners grant or revoke 'owner'; the last owner stays)",
    body: schemas.memberUpdate,
    response: schemas.memberPublic,
    handler: async (ctx) => {
      const org = await getOrganization(ctx.organizationId!);
      const membership = await changeMemberRole(org, organizationActor(ctx).role, ctx.params.user_id!, ctx.body.role);
      const { data: user } = await User.get({ id: membership.user_id }).go();
      ctx.audit({
        action: 'member.role_changed',
        entity_type: 'membership',
        entity_id: membership.user_id,
        narrative: { key: 'audit.member.role_changed', params: { email: user?.email ?? membership.user_id, role: membership.role } },
        changes: { role: membership.role },
      });
      return toMemberPublic(membership, user);
    },
  }),

  [`DELETE ${ORG}/members/{user_id}`]: route({
    access: { org: 'admin' },
    summary: 'Remove a member (admins cannot remove owners; the last owner stays)',
    response: schemas.message,
    handler: async (ctx) => {
      const org = await getOrganization(ctx.organizationId!);
      const removed = await removeMember(org, organizationActor(ctx), ctx.params.user_id!, 'remove');
      ctx.audit({
        action: 'member.removed',
        entity_type: 'membership',
        entity_id: removed.user_id,
        narrative: { key: 'audit.member.removed', params: { user: removed.user_id, role: removed.role } },
        changes: { role: removed.role },
      });
      return message('Member removed successfully');
    },
  }),

  [`POST ${ORG}/leave`]: route({
    access: { org: 'viewer' },
    summary: 'Leave the organization (the last owner must transfer ownership first)',
    response: schemas.message,
    handler: async (ctx) => {
      const user = signedInUser(ctx, 'An API key cannot leave an organization');
      if (!ctx.principal?.membership) throw new NotFound('You are not a member of this organization');
      const org = await getOrganization(ctx.organizationId!);
      const left = await removeMember(org, organizationActor(ctx), user.id, 'leave');
      ctx.audit({
        action: 'member.left',
        entity_type: 'membership',
        entity_id: user.id,
        narrative: { key: 'audit.member.left', params: { email: user.email, role: left.role } },
      });
      return message('You have left the organization');
    },
  }),
});

export const handler = createHandler(routes);
