/** Browser storage keys (SPEC §3). Their names are part of the contract. */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  onboardingCompleted: 'onboarding_completed',
  fullName: 'full_name',
  currentOrganizationId: 'currentOrganizationId',
  language: 'i18nextLng',
  /**
   * The token of an invitation opened before signing in (issue #12): kept through sign-up, e-mail
   * verification (maybe in another tab) and sign-in, then accepted right after sign-in.
   */
  pendingInvitation: 'pending_invitation',
} as const;

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

const listeners = new Set<() => void>();

/**
 * localStorage with change notification, so components reading a key (the token, the current
 * organization) re-render when another part of the app writes it.
 */
export const storage = {
  get(key: StorageKey): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string) {
    window.localStorage.setItem(key, value);
    notify();
  },
  remove(...keys: StorageKey[]) {
    for (const key of keys) window.localStorage.removeItem(key);
    notify();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea === window.localStorage) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

function notify() {
  for (const listener of listeners) listener();
}
