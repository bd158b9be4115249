import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../../components/auth-layout';
import { LoginForm } from '../components/login-form';

export function LoginRoute() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('auth.loginTitle')} description={t('auth.loginDescription')}>
      <LoginForm />
    </AuthLayout>
  );
}
