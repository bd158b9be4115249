import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useNavigate } from 'react-router-dom';
import { setUnauthorizedHandler } from '../../lib/api-client';
import { isSignedIn, signOutLocally, useAccessToken } from '../../lib/auth';
import { loadCoreTranslations } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { Loading } from '../../components/loading';

const NotFound = lazy(() =>
  Promise.all([import('./not-found'), loadCoreTranslations()]).then(([module]) => ({ default: module.NotFoundRoute })),
);

/**
 * A token the server no longer accepts (expired, revoked) ends the session locally and sends
 * the person to sign in again.
 */
export function RootLayout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      void signOutLocally(queryClient).then(() => {
        notify.warning(t('auth.sessionExpired'));
        void navigate('/login', { replace: true });
      });
    });
    return () => setUnauthorizedHandler(null);
  }, [queryClient, navigate, t]);
  return <Outlet />;
}

/** Screens behind sign-in. */
export function RequireAuth() {
  const token = useAccessToken();
  if (!token) return <Navigate to="/login" replace />;
  return <Outlet />;
}

/**
 * Sign-in, sign-up and password screens are for signed-out visitors. Checked on arrival only:
 * signing in stores the token before the sign-in screen decides where to go next.
 */
export function GuestOnly() {
  const [signedInOnArrival] = useState(isSignedIn);
  if (signedInOnArrival) return <Navigate to="/" replace />;
  return <Outlet />;
}

/**
 * A path no route matches. Signed in, the signed-in routes have been looked through already
 * (app/router.tsx), so the page does not exist; signed out, they are not loaded, and every path
 * but the public ones needs sign-in.
 */
export function UnknownPath() {
  const token = useAccessToken();
  if (!token) return <Navigate to="/login" replace />;
  return (
    <Suspense fallback={<Loading />}>
      <NotFound />
    </Suspense>
  );
}
