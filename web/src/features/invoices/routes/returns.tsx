import { Flex, Link as RadixLink, Table } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { TableCaption } from '../../../components/document-lines-editor';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { formatDate, formatMoney } from '../../../lib/format';
import { useNamesById } from '../../../lib/names';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useContactNames } from '../api/get-customers';
import { useReturns } from '../api/get-returns';

const PAGE_SIZE = 25;

export function ReturnsRoute() {
  const { t } = useTranslation();
  const { organizationId } = useCurrentOrganization();
  const org = organizationId ?? '';
  const [params, setParams] = useSearchParams();
  const skip = Math.max(0, Number(params.get('skip')) || 0);
  const returns = useReturns(org, { skip, limit: PAGE_SIZE });
  const contacts = useContactNames(org);
  const names = useNamesById(contacts.data?.data);
  if (!organizationId) return <Loading />;
  return (
    <Flex direction="column" gap="4">
      <PageHeader title={t('invoices.returns.title')} description={t('invoices.returns.intro')} />
      {returns.isPending ? <Loading /> : null}
      {returns.isError ? <QueryError error={returns.error} onRetry={() => void returns.refetch()} /> : null}
      {returns.data && returns.data.data.length === 0 ? <EmptyState>{t('invoices.returns.empty')}</EmptyState> : null}
      {returns.data && returns.data.data.length > 0 ? (
        <div className="table-scroll">
          <Table.Root variant="surface">
            <TableCaption>{t('invoices.returns.title')}</TableCaption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>{t('invoices.returns.number')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t('invoices.returns.invoice')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t('invoices.columns.customer')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t('invoices.returns.date')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">{t('invoices.columns.total')}</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {returns.data.data.map((credit) => (
                <Table.Row key={credit.id}>
                  <Table.RowHeaderCell>
                    <RadixLink asChild weight="medium">
                      <Link to={`/sales/returns/${credit.id}`}>{credit.number}</Link>
                    </RadixLink>
                  </Table.RowHeaderCell>
                  <Table.Cell>
                    <RadixLink asChild>
                      <Link to={`/sales/invoices/${credit.original_invoice_id}`}>{credit.original_invoice_number}</Link>
                    </RadixLink>
                  </Table.Cell>
                  <Table.Cell>{names.get(credit.contact_id) ?? (contacts.isPending ? '…' : t('invoices.unknownCustomer'))}</Table.Cell>
                  <Table.Cell>{formatDate(credit.issue_date)}</Table.Cell>
                  <Table.Cell justify="end">{formatMoney(credit.gross_total, credit.currency)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </div>
      ) : null}
      {returns.data ? (
        <Pagination skip={skip} limit={PAGE_SIZE} count={returns.data.count} onChange={(next) => setParams(next ? { skip: String(next) } : {}, { replace: true })} />
      ) : null}
    </Flex>
  );
}
