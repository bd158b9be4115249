import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { JOFOTARA_PAYMENT_METHODS, JOFOTARA_TRACKS } from '@daftar/shared/jofotara/types';
import { EINVOICE_BUSINESS_TYPES, EINVOICE_DOCUMENT_TYPES, EINVOICE_SUBMISSION_STATES } from '@daftar/shared/schemas/einvoiceSubmission';
import { entityConfig } from './client.js';

/**
 * The JoFotara submission of one document (a sales invoice or a return), one item per document,
 * created by the first submit and rewritten by every later step (e-invoicing/submission.ts).
 *
 * Access patterns:
 * - one document's submission: pk `ORG#<org>`, sk `EINVSUB#<document_type>#<document_id>`
 *   (GetItem: the submit and preview routes, the consumer, the invoice lock check);
 * - an organization's submissions in one state (compliance report, lists by state): gsi1
 *   `EINVSUBS#<org>#<state>`, sk `EINVSUB#<document_type>#<document_id>`.
 *
 * `uuid` is drawn once (name-based on the document, e-invoicing/mapping.ts) and `icv` once from
 * the organization's counter; both are kept across resubmissions, as the portal's idempotency
 * (ID + UUID) needs. `document` is the UBL builder's input exactly as validated at submit time:
 * the consumer builds the same bytes from it on every attempt, and a return's submission embeds
 * its invoice's. `queue_id` names the latest submit: messages carrying another one are stale.
 * The portal's signed XML is kept here when small and in the uploads bucket under
 * `<org>/jofotara/…` (`signed_xml_key`) when not. Every write conditions on `version`.
 */
export const EinvoiceSubmission = new Entity(
  {
    model: { entity: 'einvoice_submission', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      document_type: { type: EINVOICE_DOCUMENT_TYPES, required: true, readOnly: true },
      document_id: { type: 'string', required: true, readOnly: true },
      /** The seller's number (cbc:ID), e.g. INV-000001. */
      document_number: { type: 'string', required: true },
      /** A return's invoice. */
      invoice_id: { type: 'string' },
      issue_date: { type: 'string', required: true },
      state: { type: EINVOICE_SUBMISSION_STATES, required: true },
      queue_id: { type: 'string', required: true },
      uuid: { type: 'string', required: true, readOnly: true },
      icv: { type: 'number', required: true, readOnly: true },
      invoice_type: { type: JOFOTARA_TRACKS, required: true },
      payment_method: { type: JOFOTARA_PAYMENT_METHODS, required: true },
      business_type: { type: EINVOICE_BUSINESS_TYPES },
      type_code: { type: 'string', required: true },
      type_name: { type: 'string', required: true },
      document: { type: 'any', required: true },
      payable_amount: { type: 'string', required: true },
      settings_version: { type: 'number' },
      attempts: { type: 'number', required: true, default: 0 },
      last_error: { type: 'string' },
      errors: { type: 'any' },
      warnings: { type: 'any' },
      qr: { type: 'string' },
      einv_inv_uuid: { type: 'string' },
      einv_num: { type: 'string' },
      signed_xml: { type: 'string' },
      signed_xml_key: { type: 'string' },
      /** The portal's reply as JSON text, the signed invoice left out (it is stored above). */
      raw_reply: { type: 'string' },
      queued_at: { type: 'string' },
      queued_by: { type: 'string' },
      last_attempt_at: { type: 'string' },
      submitted_at: { type: 'string' },
      rejected_at: { type: 'string' },
      failed_at: { type: 'string' },
      version: { type: 'number', required: true, default: 1 },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byDocument: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['document_type', 'document_id'], template: 'EINVSUB#${document_type}#${document_id}', casing: 'none' },
      },
      byState: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['organization_id', 'state'], template: 'EINVSUBS#${organization_id}#${state}', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['document_type', 'document_id'], template: 'EINVSUB#${document_type}#${document_id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type EinvoiceSubmissionItem = EntityItem<typeof EinvoiceSubmission>;
