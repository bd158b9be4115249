import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../../components/auth-layout';
import { SignupForm } from '../components/signup-form';

export function SignupRoute() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('auth.signupTitle')} description={t('auth.signupDescription')}>
      <SignupForm />
    </AuthLayout>
  );
}
