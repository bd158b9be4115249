import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { schemas } from '@daftar/shared';
import type { z } from 'zod';
import { api } from './api-client';
import { resetTranslations } from './i18n';
import { organizationsQueryOptions } from './organizations';
import { STORAGE_KEYS, storage } from './storage';

export type User = z.infer<typeof schemas.userPublic>;

export const userQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'me'],
    queryFn: ({ signal }) => api.get<User>('/users/me', { signal }),
    staleTime: 60_000,
  });

const readToken = () => storage.get(STORAGE_KEYS.accessToken);

/** Signed in means a stored access token (SPEC §2). */
export function useAccessToken() {
  return useSyncExternalStore(storage.subscribe, readToken, () => null);
}

export const isSignedIn = () => !!readToken();

export function useUser() {
  const token = useAccessToken();
  return useQuery({ ...userQueryOptions(), enabled: !!token });
}

interface TokenClaims {
  sub?: string;
  exp?: number;
  is_superuser?: boolean;
}

/** Reads (does not verify: the server does) the claims of a JWT. */
export function tokenClaims(token: string | null): TokenClaims | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const claims: unknown = JSON.parse(json);
    return claims && typeof claims === 'object' ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** Superuser status comes from the stored token (SPEC §6). */
export function useIsSuperuser() {
  return tokenClaims(useAccessToken())?.is_superuser === true;
}

export const isSuperuserToken = (token: string | null) => tokenClaims(token)?.is_superuser === true;

interface InvitationAccepted {
  organization: { id: string; name: string };
}

/** Where an invitation opened before signing in stands once signed in. */
type PendingInvitation = { joined: InvitationAccepted['organization'] } | { failed: string } | null;

/**
 * Accepts the invitation whose link was opened before signing in (issue #12), once: the token is
 * forgotten whatever the answer. A refusal (another account, expired, cancelled) is left for the
 * invitation's page to explain.
 */
async function acceptPendingInvitation(): Promise<PendingInvitation> {
  const token = storage.get(STORAGE_KEYS.pendingInvitation);
  if (!token) return null;
  storage.remove(STORAGE_KEYS.pendingInvitation);
  try {
    const { organization } = await api.post<InvitationAccepted>('/invitations/accept', { json: { token } });
    return { joined: organization };
  } catch {
    return { failed: token };
  }
}

/**
 * What a successful sign-in does (SPEC §2): keep the token, forget the previous organization,
 * accept the invitation opened before signing in (issue #12), remember the profile's onboarding
 * flag and name, make the joined (else the first) organization current, and say where to go next:
 * someone who just joined an organization goes straight into it, never to set one up.
 */
export async function completeSignIn(queryClient: QueryClient, accessToken: string): Promise<string> {
  storage.set(STORAGE_KEYS.accessToken, accessToken);
  storage.remove(STORAGE_KEYS.currentOrganizationId);
  queryClient.clear();

  const invitation = await acceptPendingInvitation();
  if (invitation && 'failed' in invitation) return `/accept-invitation?token=${encodeURIComponent(invitation.failed)}`;
  if (invitation) {
    storage.set(STORAGE_KEYS.currentOrganizationId, invitation.joined.id);
    storage.set(STORAGE_KEYS.onboardingCompleted, 'true');
    try {
      const user = await queryClient.fetchQuery({ ...userQueryOptions(), retry: false });
      storage.set(STORAGE_KEYS.fullName, user.full_name ?? '');
    } catch {
      // The name shows once the profile loads; the organization is what matters here.
    }
    return '/';
  }

  let user: User;
  try {
    user = await queryClient.fetchQuery({ ...userQueryOptions(), retry: false });
    storage.set(STORAGE_KEYS.onboardingCompleted, String(user.onboarding_completed));
    storage.set(STORAGE_KEYS.fullName, user.full_name ?? '');
  } catch {
    return '/';
  }

  try {
    const organizations = await queryClient.fetchQuery({ ...organizationsQueryOptions(), retry: false });
    const first = organizations.data[0];
    if (first) storage.set(STORAGE_KEYS.currentOrganizationId, first.id);
  } catch {
    storage.remove(STORAGE_KEYS.currentOrganizationId);
  }

  if (!user.onboarding_completed) return '/onboarding';
  return isSuperuserToken(accessToken) ? '/admin' : '/';
}

/**
 * Local sign-out (SPEC §2): remove the session's keys, drop every cached query and mutation and
 * the translation cache, and keep the language the person chose.
 */
export async function signOutLocally(queryClient: QueryClient) {
  const language = storage.get(STORAGE_KEYS.language);
  storage.remove(
    STORAGE_KEYS.accessToken,
    STORAGE_KEYS.onboardingCompleted,
    STORAGE_KEYS.fullName,
    STORAGE_KEYS.currentOrganizationId,
  );
  queryClient.clear();
  await resetTranslations(language);
}
