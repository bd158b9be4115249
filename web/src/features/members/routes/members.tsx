import { Flex, Heading, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { useOrganizationRole } from '../../../lib/authorization';
import { useUser } from '../../../lib/auth';
import { useCurrentOrganization } from '../../../lib/organizations';
import { formatNumber } from '../../../lib/format';
import { useMembers } from '../api/get-members';
import { AddMemberDialog } from '../components/add-member-dialog';
import { MembersTable } from '../components/members-table';

export function MembersRoute() {
  const { t } = useTranslation();
  const { organizationId } = useCurrentOrganization();
  const user = useUser();
  const members = useMembers(organizationId ?? '');
  const permissions = useOrganizationRole(organizationId);
  if (!organizationId) return null;
  return (
    <Flex direction="column" gap="4">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <div>
          <Heading as="h2" size="5">
            {t('members.title')}
          </Heading>
          {members.data ? (
            <Text size="2" color="gray">
              {t('members.count', { count: members.data.count, formatted: formatNumber(members.data.count) })}
            </Text>
          ) : null}
        </div>
        {permissions.isAdmin ? <AddMemberDialog organizationId={organizationId} isOwner={permissions.isOwner} /> : null}
      </Flex>
      {members.isPending ? <Loading /> : null}
      {members.isError ? <QueryError error={members.error} onRetry={() => void members.refetch()} /> : null}
      {members.data && members.data.data.length === 0 ? <EmptyState>{t('members.empty')}</EmptyState> : null}
      {members.data && members.data.data.length > 0 ? (
        <MembersTable organizationId={organizationId} members={members.data.data} currentUserId={user.data?.id} permissions={permissions} />
      ) : null}
    </Flex>
  );
}
