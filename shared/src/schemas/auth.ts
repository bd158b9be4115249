import { z } from 'zod';
import { email, password } from './common.js';

export const loginForm = z.object({
  username: z.string().trim().min(1, 'Email is required').transform((v) => v.toLowerCase()),
  password: z.string().min(1, 'Password is required'),
  grant_type: z.string().optional(),
  scope: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
});

export const token = z.object({ access_token: z.string(), token_type: z.literal('bearer') });

export const resetPassword = z.strictObject({ token: z.string().min(1), new_password: password });

export const emailBody = z.strictObject({ email });
export const verifyEmailCode = z.strictObject({ email, code: z.string().trim().regex(/^\d{6}$/, 'Code must be 6 digits') });
export const verificationStatus = z.object({ email: z.string(), is_verified: z.boolean() });
