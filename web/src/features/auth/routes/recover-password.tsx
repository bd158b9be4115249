import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../../components/auth-layout';
import { RecoverPasswordForm } from '../components/recover-password-form';

export function RecoverPasswordRoute() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('recover.title')} description={t('recover.description')}>
      <RecoverPasswordForm />
    </AuthLayout>
  );
}
