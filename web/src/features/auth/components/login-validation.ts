// Subpath imports: the sign-in chunk must not carry every schema of the product.
import { loginForm } from '@daftar/shared/schemas/auth';
import { email } from '@daftar/shared/schemas/common';
import { validateForm } from '../../../lib/validation';

/** The e-mail must look like one (SPEC §5); the password is only required, not re-judged here. */
const loginSchema = loginForm.pick({ password: true }).extend({ username: email });

export const validateLogin = (values: { username: string; password: string }) => validateForm(loginSchema, values);
