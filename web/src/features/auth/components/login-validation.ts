// Subpath imports: the sign-in chunk must not carry every schema of the product.
import { loginForm } from '@daftar/shared/schemas/auth';
import { email } from '@daftar/shared/schemas/common';
// Loaded with them: the message table the sign-in form's errors are translated with.
import '../../../lib/validation';

/** The e-mail must look like one (SPEC §5); the password is only required, not re-judged here. */
export const loginSchema = loginForm.pick({ password: true }).extend({ username: email });
