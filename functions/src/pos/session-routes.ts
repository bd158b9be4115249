/**
 * Sessions (shifts): open with a float, close with the count and the Z report (issue 15). A route
 * group of the pos Lambda (pos/handler.ts), loaded by the first of them called.
 */
import * as pos from '@daftar/shared/schemas/pos';
import { listOf } from '@daftar/shared/schemas/common';
import { defineRouteGroup, route } from '../http/api.js';
import { actorIdOf } from '../http/principal.js';
import { closeSession, listSessions, openSession } from './sessions.js';

const ORG = '/api/v1/organizations/{organization_id}';

export const routes = defineRouteGroup('pos', {
  [`GET ${ORG}/pos/sessions`]: route({
    access: { org: 'viewer' },
    summary: 'Sessions (shifts), newest first; each carries its X report (open) or Z report (closed)',
    query: pos.posSessionListQuery,
    response: listOf(pos.posSessionPublic),
    handler: async ({ organizationId, query }) => listSessions(organizationId!, query),
  }),
  [`POST ${ORG}/pos/sessions`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: 'Open a session on a till with the opening float; one open session per till (409)',
    status: 201,
    body: pos.posSessionOpen,
    response: pos.posSessionPublic,
    handler: async (ctx) => openSession(ctx.organizationId!, ctx.body, { actor: ctx.actor(), userId: actorIdOf(ctx.principal)!, userName: ctx.principal?.user?.full_name ?? ctx.principal?.user?.email ?? null }),
  }),
  [`PATCH ${ORG}/pos/sessions/{session_id}`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: 'Close a session with the counted cash (and card and CliQ batch totals): posts the differences to cash over and short and answers the Z report',
    body: pos.posSessionPatch,
    response: pos.posSessionPublic,
    handler: async (ctx) => closeSession(ctx.organizationId!, ctx.params.session_id!, { counted: ctx.body.counted, note: ctx.body.note }, { actor: ctx.actor(), userId: actorIdOf(ctx.principal) }),
  }),
});
