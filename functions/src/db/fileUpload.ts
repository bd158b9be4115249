import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { FILE_STATUSES, FILE_TYPES } from '@daftar/shared/schemas/codes';
import { entityConfig } from './client.js';

/**
 * An uploaded file's record; the bytes live in the uploads bucket under `s3_key`
 * (`<organization_id>/<file_id>/<safe filename>`). Access: one file by (organization, id) and an
 * organization's files oldest first (id is UUIDv7; file_type and status filter the query).
 */
export const FileUpload = new Entity(
  {
    model: { entity: 'file_upload', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      /** The name the uploader gave, shown and used on download; the S3 key uses a sanitized copy. */
      filename: { type: 'string', required: true, readOnly: true },
      content_type: { type: 'string', required: true, readOnly: true },
      size: { type: 'number', required: true, readOnly: true },
      s3_key: { type: 'string', required: true, readOnly: true },
      description: { type: 'string' },
      tags: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
      file_type: { type: FILE_TYPES, required: true },
      status: { type: FILE_STATUSES, required: true, default: 'uploaded' },
      uploaded_by: { type: 'string', required: true, readOnly: true },
      version: { type: 'number', required: true, default: 1 },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'FILE#${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type FileUploadItem = EntityItem<typeof FileUpload>;
