import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../../../components/auth-layout';
import { ResetPasswordForm } from '../components/reset-password-form';

export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <AuthLayout title={t('reset.title')} description={t('reset.description')}>
      <ResetPasswordForm token={params.get('token')} />
    </AuthLayout>
  );
}
