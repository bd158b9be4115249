import { Table } from '@radix-ui/themes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { Pagination } from '../../../components/pagination';
import { formatDate, formatNumber } from '../../../lib/format';
import { useAllOrganizations } from '../api/get-all-organizations';

const PAGE_SIZE = 50;

export function OrganizationsPanel() {
  const { t } = useTranslation();
  const [skip, setSkip] = useState(0);
  const organizations = useAllOrganizations(skip, PAGE_SIZE);
  if (organizations.isPending) return <Loading />;
  if (organizations.isError) return <QueryError error={organizations.error} onRetry={() => void organizations.refetch()} />;
  if (organizations.data.data.length === 0) return <EmptyState>{t('admin.noOrganizations')}</EmptyState>;
  return (
    <>
      <div className="table-scroll">
        <Table.Root variant="surface">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t('organization.fields.name')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('organization.fields.tax_number')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('organization.fields.base_currency')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('admin.members')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('admin.created')}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {organizations.data.data.map((organization) => (
              <Table.Row key={organization.id}>
                <Table.RowHeaderCell>{organization.name}</Table.RowHeaderCell>
                <Table.Cell>{organization.tax_number ?? '—'}</Table.Cell>
                <Table.Cell>{organization.base_currency}</Table.Cell>
                <Table.Cell>{formatNumber(organization.member_count)}</Table.Cell>
                <Table.Cell>{formatDate(organization.created_at)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </div>
      <Pagination skip={skip} limit={PAGE_SIZE} count={organizations.data.count} onChange={setSkip} />
    </>
  );
}
