import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../../components/auth-layout';
import { Loading } from '../../../components/loading';

/**
 * The form comes with the form library (react-hook-form, lib/forms): a chunk of its own keeps the
 * entry within its budget (170 KiB gzipped, web/e2e). It is fetched as soon as the entry runs, in
 * parallel with the first render, so it is usually there before the card is drawn.
 */
const formChunk = import('../components/login-form');
const LoginForm = lazy(() => formChunk.then((module) => ({ default: module.LoginForm })));

export function LoginRoute() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('auth.loginTitle')} description={t('auth.loginDescription')}>
      <Suspense fallback={<Loading />}>
        <LoginForm />
      </Suspense>
    </AuthLayout>
  );
}
