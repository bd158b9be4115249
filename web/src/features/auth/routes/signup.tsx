import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../../../components/auth-layout';
import { SignupForm } from '../components/signup-form';

export function SignupRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <AuthLayout title={t('auth.signupTitle')} description={t('auth.signupDescription')}>
      {/* An invitation's sign-up link fills in the invited address. */}
      <SignupForm initialEmail={params.get('email') ?? ''} />
    </AuthLayout>
  );
}
