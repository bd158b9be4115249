import * as z from 'zod';

export const itemCreate = z.strictObject({ title: z.string().trim().min(1, 'Title is required').max(255), description: z.string().trim().max(2000).nullish() });
export const itemUpdate = z
  .strictObject({ title: z.string().trim().min(1, 'Title is required').max(255).optional(), description: z.string().trim().max(2000).nullish() })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');
export const itemPublic = z.object({
  id: z.string(),
  organization_id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** The user (or, for items created by an integration, the API key) that owns the item. */
  owner_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
