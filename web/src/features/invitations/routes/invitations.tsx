import { Flex, Heading } from '@radix-ui/themes';
import { schemas } from '@daftar/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Loading, Notice, QueryError } from '../../../components/feedback';
import { SelectInput } from '../../../components/fields';
import { Pagination } from '../../../components/pagination';
import { useOrganizationRole } from '../../../lib/authorization';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useInvitations, type InvitationStatus } from '../api/get-invitations';
import { InvitationsTable } from '../components/invitations-table';
import { InviteDialog } from '../components/invite-dialog';

const PAGE_SIZE = 25;

export function InvitationsRoute() {
  const { t } = useTranslation();
  const { organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const [status, setStatus] = useState<InvitationStatus | ''>('pending');
  const [skip, setSkip] = useState(0);
  const invitations = useInvitations(organizationId ?? '', status || undefined, skip, PAGE_SIZE);
  if (!organizationId || role.isLoading) return <Loading />;
  if (!role.isAdmin) return <Notice color="amber">{t('common.adminOnly')}</Notice>;
  return (
    <Flex direction="column" gap="4">
      <Flex justify="between" align="end" gap="3" wrap="wrap">
        <Heading as="h2" size="5">
          {t('invitations.title')}
        </Heading>
        <Flex gap="3" align="end">
          <SelectInput
            label={t('invitations.status')}
            name="status_filter"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as InvitationStatus | '');
              setSkip(0);
            }}
            options={[{ value: '', label: t('common.all') }, ...schemas.INVITATION_STATUSES.map((s) => ({ value: s, label: t(`invitations.statuses.${s}`) }))]}
          />
          <InviteDialog organizationId={organizationId} isOwner={role.isOwner} />
        </Flex>
      </Flex>
      {invitations.isPending ? <Loading /> : null}
      {invitations.isError ? <QueryError error={invitations.error} onRetry={() => void invitations.refetch()} /> : null}
      {invitations.data && invitations.data.data.length === 0 ? <EmptyState>{t('invitations.empty')}</EmptyState> : null}
      {invitations.data && invitations.data.data.length > 0 ? (
        <>
          <InvitationsTable organizationId={organizationId} invitations={invitations.data.data} canManage={role.isAdmin} />
          <Pagination skip={skip} limit={PAGE_SIZE} count={invitations.data.count} onChange={setSkip} />
        </>
      ) : null}
    </Flex>
  );
}
