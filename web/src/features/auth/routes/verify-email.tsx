import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../../../components/auth-layout';
import { VerifyEmailForm } from '../components/verify-email-form';

export function VerifyEmailRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  return (
    <AuthLayout title={t('verify.title')} description={email ? t('verify.descriptionWithEmail', { email }) : t('verify.description')}>
      <VerifyEmailForm initialEmail={email} token={params.get('token')} />
    </AuthLayout>
  );
}
