import { z } from 'zod';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, PASSWORD_MIN_LENGTH } from '../constants.js';
import { ROLES } from '../roles.js';

/** Messages are the SPEC §5 texts, so the forms and the API say the same thing. */
export const messages = {
  invalidEmail: 'Invalid email address',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordRequired: 'Password is required',
  passwordsDoNotMatch: 'The passwords do not match',
  passwordConfirmationRequired: 'Password confirmation is required',
} as const;

export const email = z
  .string()
  .trim()
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, messages.invalidEmail)
  .transform((v) => v.toLowerCase());

export const password = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .max(128, 'Password must be at most 128 characters');

export const role = z.enum(ROLES);

export const id = z.string().min(1).max(64);

/** Query booleans arrive as strings. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD');
export const dateTime = z.iso.datetime({ offset: true }).or(date);

export const pagination = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(DEFAULT_PAGE_LIMIT),
});

export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), count: z.number().int() });

export const message = z.object({ message: z.string() });
