import { Badge, Button, DataList, Flex, Link as TextLink, Text } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Notice } from '../../../components/feedback';
import { useAccessToken, useUser } from '../../../lib/auth';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { STORAGE_KEYS, storage } from '../../../lib/storage';
import { useAcceptInvitation } from '../api/accept-invitation';
import type { InvitationPreview } from '../api/get-public-invitation';

/** The invitation as its recipient sees it, and the way in: accept now, or sign in / sign up first. */
export function AcceptInvitationPanel({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = !!useAccessToken();
  const user = useUser();
  const accept = useAcceptInvitation();
  const pending = invitation.status === 'pending';

  // Not signed in yet: the invitation is kept through sign-up, verification and sign-in, and
  // accepted right after signing in (lib/auth completeSignIn), so nobody has to reopen the e-mail.
  useEffect(() => {
    if (!signedIn && pending) storage.set(STORAGE_KEYS.pendingInvitation, token);
  }, [signedIn, pending, token]);

  const onAccept = () =>
    accept.mutate(token, {
      onSuccess: async () => {
        storage.remove(STORAGE_KEYS.pendingInvitation);
        storage.set(STORAGE_KEYS.currentOrganizationId, invitation.organization_id);
        queryClient.clear();
        notify.success(t('acceptInvitation.joined', { name: invitation.organization_name }));
        await navigate('/', { replace: true });
      },
    });

  const otherAccount = user.data && user.data.email.toLowerCase() !== invitation.email.toLowerCase();

  return (
    <Flex direction="column" gap="4">
      <Text>
        {t('acceptInvitation.invitedBy', {
          name: invitation.invited_by_name ?? t('acceptInvitation.someone'),
          organization: invitation.organization_name,
        })}
      </Text>
      <DataList.Root>
        <DataList.Item>
          <DataList.Label>{t('acceptInvitation.organization')}</DataList.Label>
          <DataList.Value>{invitation.organization_name}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>{t('members.role')}</DataList.Label>
          <DataList.Value>
            <Badge>{t(`roles.${invitation.role}`)}</Badge>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>{t('auth.email')}</DataList.Label>
          <DataList.Value>{invitation.email}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>{t('invitations.expires')}</DataList.Label>
          <DataList.Value>{formatDateTime(invitation.expires_at)}</DataList.Value>
        </DataList.Item>
      </DataList.Root>
      {invitation.message ? (
        <Text as="p" size="2" color="gray" style={{ whiteSpace: 'pre-wrap' }}>
          “{invitation.message}”
        </Text>
      ) : null}
      {invitation.status !== 'pending' ? (
        <Notice color="amber">{t(`acceptInvitation.notPending.${invitation.status}`)}</Notice>
      ) : signedIn ? (
        <>
          {otherAccount ? <Notice color="amber">{t('acceptInvitation.otherAccount', { email: invitation.email })}</Notice> : null}
          <Button size="3" onClick={onAccept} loading={accept.isPending}>
            {t('acceptInvitation.accept')}
          </Button>
        </>
      ) : (
        <>
          <Notice>{t('acceptInvitation.signInFirst', { email: invitation.email })}</Notice>
          <Flex gap="3" wrap="wrap">
            <Button asChild size="3">
              <Link to="/login">{t('auth.logIn')}</Link>
            </Button>
            <Button asChild size="3" variant="soft">
              <Link to={`/signup?email=${encodeURIComponent(invitation.email)}`}>{t('auth.signUp')}</Link>
            </Button>
          </Flex>
        </>
      )}
      {signedIn ? (
        <Text size="2" align="center">
          <TextLink asChild>
            <Link to="/">{t('acceptInvitation.later')}</Link>
          </TextLink>
        </Text>
      ) : null}
    </Flex>
  );
}
