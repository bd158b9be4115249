import * as z from 'zod';
import { email, listOf, messages, password } from './common.js';

/** An empty full name means "none": the forms send '' for a cleared field. */
export const fullName = z
  .string()
  .trim()
  .max(255, 'Full name must be at most 255 characters')
  .nullish()
  .transform((v) => (v === '' ? null : v));

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
export const usersPublic = listOf(userPublic);

export const userRegister = z.strictObject({ email, password, full_name: fullName });

/** The sign-up screen: the register body plus the password confirmation (SPEC §5). */
export const signUpForm = z
  .object({
    email,
    password,
    full_name: fullName,
    confirm_password: z.string({ error: messages.passwordConfirmationRequired }).min(1, messages.passwordConfirmationRequired),
  })
  .refine((v) => v.password === v.confirm_password, { message: messages.passwordsDoNotMatch, path: ['confirm_password'] });

/** A superuser creating an account: it is verified unless said otherwise (the superuser vouches). */
export const userCreate = z.strictObject({
  email,
  password,
  full_name: fullName,
  is_active: z.boolean().default(true),
  is_superuser: z.boolean().default(false),
  is_verified: z.boolean().default(true),
});

const nonEmpty = (v: object) => Object.values(v).some((x) => x !== undefined);

export const userUpdateMe = z
  .strictObject({ email: email.optional(), full_name: fullName })
  .refine(nonEmpty, 'Nothing to update');

export const userUpdate = z
  .strictObject({
    email: email.optional(),
    full_name: fullName,
    password: password.optional(),
    is_active: z.boolean().optional(),
    is_superuser: z.boolean().optional(),
    is_verified: z.boolean().optional(),
  })
  .refine(nonEmpty, 'Nothing to update');

export const updatePassword = z.strictObject({
  current_password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(1024),
  new_password: password,
});

/** The change-password screen: current, new and the new one again (SPEC §5). */
export const updatePasswordForm = z
  .object({
    current_password: z.string().min(1, messages.passwordRequired),
    new_password: password,
    confirm_password: z.string({ error: messages.passwordConfirmationRequired }).min(1, messages.passwordConfirmationRequired),
  })
  .refine((v) => v.new_password === v.confirm_password, { message: messages.passwordsDoNotMatch, path: ['confirm_password'] });

/** Answer of a password change: the old tokens are dead, so a fresh one comes with it. */
export const passwordUpdated = z.object({ message: z.string(), access_token: z.string(), token_type: z.literal('bearer') });

export const organizationNameQuery = z.object({ name: z.string().trim().min(1, 'Name is required').max(255) });
export const organizationNameAvailability = z.object({ name: z.string(), available: z.boolean() });
