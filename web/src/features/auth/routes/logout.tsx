import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Loading } from '../../../components/feedback';
import { isSignedIn, signOutLocally } from '../../../lib/auth';
import { logout } from '../api/logout';

/**
 * SPEC §2/§8: tell the server, and sign out locally whatever it answers (a failure is only
 * logged), then go to sign-in.
 */
export function LogoutRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      if (isSignedIn()) {
        try {
          await logout();
        } catch (error) {
          console.error('Logout failed on the server; signing out locally', error);
        }
      }
      await signOutLocally(queryClient);
      await navigate('/login', { replace: true });
    })();
  }, [navigate, queryClient]);

  return (
    <main className="auth-page">
      <Loading label={t('auth.loggingOut')} />
    </main>
  );
}
