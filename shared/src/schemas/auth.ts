import * as z from 'zod';
import { email, messages, password } from './common.js';

/** OAuth2 password form (the FastAPI template's sign-in): `username` carries the e-mail. */
export const loginForm = z.object({
  username: z.string().trim().min(1, 'Email is required').max(254).transform((v) => v.toLowerCase()),
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(1024),
  grant_type: z.string().optional(),
  scope: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
});

export const token = z.object({ access_token: z.string(), token_type: z.literal('bearer') });

export const resetPassword = z.strictObject({
  token: z.string().trim().min(1, 'Token is required').max(512),
  new_password: password,
});

const passwordConfirmation = z
  .string({ error: messages.passwordConfirmationRequired })
  .min(1, messages.passwordConfirmationRequired);

/** The reset-password screen: the new password twice (SPEC §5). */
export const resetPasswordForm = z
  .object({ new_password: password, confirm_password: passwordConfirmation })
  .refine((v) => v.new_password === v.confirm_password, { message: messages.passwordsDoNotMatch, path: ['confirm_password'] });

export const emailBody = z.strictObject({ email });

/** Six digits; spaces a reader types or pastes ("123 456") are ignored. */
export const verificationCode = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Code must be 6 digits'));

export const verifyEmailCode = z.strictObject({ email, code: verificationCode });
export const verificationStatus = z.object({ email: z.string(), is_verified: z.boolean() });
export const emailVerified = z.object({ message: z.string(), email: z.string(), is_verified: z.literal(true) });
