/**
 * The till's sync status and health (issue 15), a route group of the pos Lambda (pos/handler.ts).
 *
 *   GET pos/sync/status  viewer → posSyncStatus: per terminal, what waits, when it last synced, what was refused
 *   GET pos/health       viewer → posHealth: the API, the table, the queues' depths, JoFotara
 */
import * as z from 'zod';
import * as pos from '@daftar/shared/schemas/pos';
import { defineRouteGroup, route } from '../http/api.js';
/** Loaded by the first status call: the health check's SQS client stays off the till's cold start. */
const status = () => import('./status.js');

const ORG = '/api/v1/organizations/{organization_id}';

/** `GET pos/health`. A figure that could not be read is null (or `database: error`), never a failed call. */
export const posHealth = z.object({
  api: z.literal('ok'),
  /** One GetItem of the organization answered. */
  database: z.enum(['ok', 'error']),
  /** Messages waiting (ApproximateNumberOfMessages); null when the queue did not answer. */
  queues: z.object({ pos_stock: z.number().int().nullable(), pos_receipt: z.number().int().nullable(), einvoice: z.number().int().nullable() }),
  jofotara: z.object({
    /** Both portal credentials are stored. */
    configured: z.boolean(),
    /** The portal endpoint answered (any HTTP status); null when e-invoicing is not configured. Kept for a minute. */
    reachable: z.boolean().nullable(),
    checked_at: z.string().nullable(),
  }),
  checked_at: z.string(),
});

export const routes = defineRouteGroup('pos', {
  [`GET ${ORG}/pos/sync/status`]: route({
    access: { org: 'viewer' },
    summary: 'Per terminal: receipts still being processed (count, oldest age), when it last synced, and the tickets the server refused with why',
    response: pos.posSyncStatus,
    handler: async ({ organizationId }) => (await status()).syncStatus(organizationId!),
  }),

  [`GET ${ORG}/pos/health`]: route({
    access: { org: 'viewer' },
    summary: "Whether the till's server side answers: API, database, the depths of the stock, receipt and e-invoice queues, JoFotara's portal",
    response: posHealth,
    handler: async ({ organizationId }) => (await status()).health(organizationId!),
  }),
});
