import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../../../components/auth-layout';
import { Loading, Notice, QueryError } from '../../../components/feedback';
import { usePublicInvitation } from '../api/get-public-invitation';
import { AcceptInvitationPanel } from '../components/accept-invitation-panel';

export function AcceptInvitationRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const invitation = usePublicInvitation(token);
  return (
    <AuthLayout title={t('acceptInvitation.title')}>
      {!token ? <Notice color="amber">{t('acceptInvitation.missingToken')}</Notice> : null}
      {token && invitation.isPending ? <Loading /> : null}
      {invitation.isError ? <QueryError error={invitation.error} /> : null}
      {token && invitation.data ? <AcceptInvitationPanel token={token} invitation={invitation.data} /> : null}
    </AuthLayout>
  );
}
