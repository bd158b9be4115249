import { Badge, Flex, Table } from '@radix-ui/themes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { Pagination } from '../../../components/pagination';
import { formatDate } from '../../../lib/format';
import { useUsers } from '../api/get-users';

const PAGE_SIZE = 50;

export function UsersPanel() {
  const { t } = useTranslation();
  const [skip, setSkip] = useState(0);
  const users = useUsers(skip, PAGE_SIZE);
  if (users.isPending) return <Loading />;
  if (users.isError) return <QueryError error={users.error} onRetry={() => void users.refetch()} />;
  if (users.data.data.length === 0) return <EmptyState>{t('admin.noUsers')}</EmptyState>;
  return (
    <>
      <div className="table-scroll">
        <Table.Root variant="surface">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t('members.name')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('auth.email')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('admin.status')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('admin.created')}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {users.data.data.map((user) => (
              <Table.Row key={user.id}>
                <Table.RowHeaderCell>{user.full_name || '—'}</Table.RowHeaderCell>
                <Table.Cell>{user.email}</Table.Cell>
                <Table.Cell>
                  <Flex gap="1" wrap="wrap">
                    <Badge color={user.is_active ? 'green' : 'gray'}>{user.is_active ? t('admin.active') : t('admin.inactive')}</Badge>
                    {user.is_verified ? null : <Badge color="amber">{t('admin.unverified')}</Badge>}
                    {user.is_superuser ? <Badge color="violet">{t('admin.superuser')}</Badge> : null}
                  </Flex>
                </Table.Cell>
                <Table.Cell>{formatDate(user.created_at)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </div>
      <Pagination skip={skip} limit={PAGE_SIZE} count={users.data.count} onChange={setSkip} />
    </>
  );
}
