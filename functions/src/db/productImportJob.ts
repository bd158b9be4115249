import type { EntityItem } from 'electrodb';
import { IMPORT_JOB_STATES } from '@daftar/shared/schemas/codes';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * A catalogue import (products/import/): the uploaded file (in the exports bucket at `s3_key`, which expires it),
 * what the header row matched, and the job's progress and row errors.
 *
 * `validating` → a dry run ends `validated` (errors or not); a real run with errors ends `failed`
 * with nothing written, else goes on `importing` → `completed`. `rows_done` counts the data rows
 * settled so far (validated in a dry run, written or found unchanged in a real one), so a delivery
 * that stops half-way hands on to the next one from there. `errors` holds at most
 * MAX_STORED_ERRORS; `errors_total` counts them all. `actor` is who started the job, written into
 * the audit records of the products it creates and changes.
 *
 * Access: pk `ORG#<org>`, sk `PRODUCT_IMPORT#<id>` (ids are time-ordered UUIDs).
 */
export const ProductImportJob = new Entity(
  {
    model: { entity: 'product_import_job', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      state: { type: IMPORT_JOB_STATES, required: true },
      dry_run: { type: 'boolean', required: true },
      file_name: { type: 'string', required: true },
      s3_key: { type: 'string', required: true },
      format: { type: ['csv', 'xlsx'] as const, required: true },
      /** The header row as matched: [{ header, field }] (field null: ignored column). */
      columns: { type: 'any', required: true },
      rows_total: { type: 'number', required: true, default: 0 },
      rows_done: { type: 'number', required: true, default: 0 },
      created: { type: 'number', required: true, default: 0 },
      updated: { type: 'number', required: true, default: 0 },
      errors: { type: 'any' },
      errors_total: { type: 'number', required: true, default: 0 },
      actor: { type: 'any', required: true },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
      finished_at: { type: 'string' },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'PRODUCT_IMPORT#${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type ProductImportJobRecord = EntityItem<typeof ProductImportJob>;

/** Row errors kept on the job (a DynamoDB item holds at most 400 KB). */
export const MAX_STORED_ERRORS = 1000;
