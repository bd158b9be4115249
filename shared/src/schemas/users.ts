import { z } from 'zod';
import { email, password } from './common.js';

export const fullName = z.string().trim().min(1).max(255);

export const userPublic = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  is_active: z.boolean(),
  is_superuser: z.boolean(),
  is_verified: z.boolean(),
  onboarding_completed: z.boolean(),
  created_at: z.string(),
});
export type UserPublic = z.infer<typeof userPublic>;

export const userRegister = z.strictObject({ email, password, full_name: fullName.nullish() });

export const userCreate = z.strictObject({
  email,
  password,
  full_name: fullName.nullish(),
  is_active: z.boolean().default(true),
  is_superuser: z.boolean().default(false),
  is_verified: z.boolean().default(true),
});

export const userUpdateMe = z
  .strictObject({ email: email.optional(), full_name: fullName.nullish() })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');

export const userUpdate = z
  .strictObject({
    email: email.optional(),
    full_name: fullName.nullish(),
    password: password.optional(),
    is_active: z.boolean().optional(),
    is_superuser: z.boolean().optional(),
    is_verified: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');

export const updatePassword = z.strictObject({ current_password: z.string().min(1), new_password: password });

export const organizationNameQuery = z.object({ name: z.string().trim().min(1).max(255) });
