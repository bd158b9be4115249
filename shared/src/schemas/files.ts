import { z } from 'zod';

export const FILE_TYPES = ['document', 'image', 'receipt', 'invoice', 'statement', 'import', 'other'] as const;
export const FILE_STATUSES = ['uploaded', 'processing', 'processed', 'failed', 'archived'] as const;

export const fileUploadQuery = z.object({
  description: z.string().trim().max(1000).optional(),
  /** Comma-separated, as the spec's client sends them. */
  tags: z.string().max(1000).optional(),
  file_type: z.enum(FILE_TYPES).default('document'),
});
export const fileListQuery = z.object({ file_type: z.enum(FILE_TYPES).optional(), status: z.enum(FILE_STATUSES).optional() });
export const fileUpdate = z
  .strictObject({
    description: z.string().trim().max(1000).nullish(),
    tags: z.array(z.string().trim().min(1).max(50)).max(20).optional(),
    file_type: z.enum(FILE_TYPES).optional(),
    status: z.enum(FILE_STATUSES).optional(),
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
  file_type: z.enum(FILE_TYPES),
  status: z.enum(FILE_STATUSES),
  uploaded_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
