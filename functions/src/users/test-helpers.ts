/** Shared by the auth, email-verification and users tests: reading what the outbox received. */
import { expect } from 'vitest';
import { call, outbox } from '../../test/client.js';

export function lastMailTo(email: string) {
  const mail = outbox(email).at(-1);
  expect(mail, `a mail to ${email}`).toBeDefined();
  return mail!;
}

/** The 6-digit code of the newest verification mail (it stands on a line of its own). */
export function verificationCodeFor(email: string): string {
  const code = /^(\d{6})$/m.exec(lastMailTo(email).text)?.[1];
  expect(code, 'a 6-digit code in the mail').toBeDefined();
  return code!;
}

/** The token of the newest verification link, which carries the address too. */
export function verificationLinkFor(email: string): { url: URL; token: string } {
  const href = /(https?:\/\/\S+\/verify-email\?\S+)/.exec(lastMailTo(email).text)?.[1];
  expect(href, 'a verification link in the mail').toBeDefined();
  const url = new URL(href!);
  return { url, token: url.searchParams.get('token')! };
}

export function resetTokenFor(email: string): string {
  const href = /(https?:\/\/\S+\/reset-password\?\S+)/.exec(lastMailTo(email).text)?.[1];
  expect(href, 'a reset link in the mail').toBeDefined();
  return new URL(href!).searchParams.get('token')!;
}

export const signIn = (email: string, password: string, ip?: string) =>
  call('POST', '/api/v1/login/access-token', { form: { username: email, password }, ip });
