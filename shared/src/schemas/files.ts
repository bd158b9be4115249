import * as z from 'zod';
import { FILE_TYPES, FILE_STATUSES } from './codes.js';

export { FILE_TYPES, FILE_STATUSES } from './codes.js';
export const fileType = z.enum(FILE_TYPES);
export const fileStatus = z.enum(FILE_STATUSES);

const tag = z.string().trim().min(1).max(50);

export const fileUploadQuery = z.object({
  description: z.string().trim().max(1000).optional(),
  /** Comma-separated, as the spec's client sends them; blanks are dropped. */
  tags: z
    .string()
    .max(1000)
    .optional()
    .transform((v) => [...new Set((v ?? '').split(',').map((t) => t.trim()).filter(Boolean))])
    .pipe(z.array(tag).max(20)),
  file_type: fileType.default('document'),
});
export const fileListQuery = z.object({ file_type: fileType.optional(), status: fileStatus.optional() });
export const fileUpdate = z
  .strictObject({
    description: z.string().trim().max(1000).nullish(),
    tags: z.array(tag).max(20).optional(),
    file_type: fileType.optional(),
    status: fileStatus.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');

export const filePublic = z.object({
  id: z.string(),
  organization_id: z.string(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  file_type: fileType,
  status: fileStatus,
  uploaded_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const fileDownload = z.object({ url: z.string(), expires_in: z.number().int(), filename: z.string() });
