/**
 * The tills' own routes (issue 15): a route group of the pos Lambda (pos/handler.ts), loaded by
 * the first of them called.
 */
import * as z from 'zod';
import * as pos from '@daftar/shared/schemas/pos';
import { listOf } from '@daftar/shared/schemas/common';
import { defineRouteGroup, route, Reply } from '../http/api.js';
import { actorIdOf } from '../http/principal.js';
import { createTerminal, deleteTerminal, listTerminals, readTerminal, updateTerminal } from './terminals.js';

const ORG = '/api/v1/organizations/{organization_id}';

export const routes = defineRouteGroup('pos', {
  [`GET ${ORG}/pos/terminals`]: route({
    access: { org: 'viewer' },
    summary: "The organization's tills",
    query: z.object({ skip: z.coerce.number().int().min(0).default(0), limit: z.coerce.number().int().min(1).max(500).default(100) }),
    response: listOf(pos.posTerminalPublic),
    handler: async ({ organizationId, query }) => {
      const all = await listTerminals(organizationId!);
      return { data: all.slice(query.skip, query.skip + query.limit), count: all.length };
    },
  }),
  [`POST ${ORG}/pos/terminals`]: route({
    access: { org: 'admin' },
    autoAudit: false,
    summary: 'Add a till: its stock location, drawer account and receipt prefix (unique, fixed)',
    status: 201,
    body: pos.posTerminalCreate,
    response: pos.posTerminalPublic,
    handler: async (ctx) => createTerminal(ctx.organizationId!, ctx.body, ctx.actor(), actorIdOf(ctx.principal)),
  }),
  [`GET ${ORG}/pos/terminals/{terminal_id}`]: route({
    access: { org: 'viewer' },
    response: pos.posTerminalPublic,
    handler: async ({ organizationId, params }) => readTerminal(organizationId!, params.terminal_id!),
  }),
  [`PUT ${ORG}/pos/terminals/{terminal_id}`]: route({
    access: { org: 'admin' },
    autoAudit: false,
    body: pos.posTerminalUpdate,
    response: pos.posTerminalPublic,
    handler: async (ctx) => updateTerminal(ctx.organizationId!, ctx.params.terminal_id!, ctx.body, ctx.actor()),
  }),
  [`DELETE ${ORG}/pos/terminals/{terminal_id}`]: route({
    access: { org: 'admin' },
    autoAudit: false,
    summary: 'Delete a till that never had a session (one with history can only be deactivated: 409)',
    status: 204,
    handler: async (ctx) => {
      await deleteTerminal(ctx.organizationId!, ctx.params.terminal_id!, ctx.actor());
      return new Reply(204, null);
    },
  }),
});
