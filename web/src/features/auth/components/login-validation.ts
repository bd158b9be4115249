import { schemas } from '@daftar/shared';
import { validateForm } from '../../../lib/validation';

/** The e-mail must look like one (SPEC §5); the password is only required, not re-judged here. */
const loginSchema = schemas.loginForm.pick({ password: true }).extend({ username: schemas.email });

export const validateLogin = (values: { username: string; password: string }) => validateForm(loginSchema, values);
