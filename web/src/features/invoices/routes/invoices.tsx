import { Flex } from '@radix-ui/themes';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import { INVOICE_STATUSES, type InvoiceStatus } from '@daftar/shared/schemas/invoices';
import { useTranslation } from 'react-i18next';
import { DocumentListHeader, ListSearchField, matchesSearch, pageLocally, StatusTabs, useListParams } from '../../../components/documents/document-list';
import { EmptyState, Loading, Notice, QueryError } from '../../../components/feedback';
import { Pagination } from '../../../components/pagination';
import { useOrganizationRole } from '../../../lib/authorization';
import { formatNumber } from '../../../lib/format';
import { useNamesById } from '../../../lib/names';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useContactNames } from '../api/get-customers';
import { useInvoices, type Invoice } from '../api/get-invoices';
import { InvoicesTable } from '../components/invoices-table';

export const PAGE_SIZE = 25;

const isStatus = (value: string | null): value is InvoiceStatus => INVOICE_STATUSES.includes(value as InvoiceStatus);


export function InvoicesRoute() {
  const { t } = useTranslation();
  const { organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const { params, update, skip } = useListParams();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const search = params.get('q') ?? '';
  const searching = search.trim() !== '';
  const org = organizationId ?? '';

  // The API lists by status and pages; it has no text search, so a search reads the latest
  // invoices (up to the page limit) once and filters them here by number and customer name.
  const invoices = useInvoices(org, searching ? { status, skip: 0, limit: MAX_PAGE_LIMIT } : { status, skip, limit: PAGE_SIZE }, !!organizationId);
  const contacts = useContactNames(org);
  const names = useNamesById(contacts.data?.data);
  const customerName = (contactId: string) => names.get(contactId) ?? (contacts.isPending ? '…' : t('invoices.unknownCustomer'));

  let rows: Invoice[] = [];
  let count = 0;
  if (invoices.data && searching) {
    ({ rows, count } = pageLocally(invoices.data.data, (invoice) => matchesSearch(search, [invoice.number ?? '', ...names.searchTexts(invoice.contact_id)]), skip, PAGE_SIZE));
  } else if (invoices.data) {
    rows = invoices.data.data;
    count = invoices.data.count;
  }

  if (!organizationId) return <Loading />;
  const tab = status ?? 'all';
  return (
    <Flex direction="column" gap="4">
      <DocumentListHeader title={t('invoices.title')} description={t('invoices.intro')} newLabel={t('invoices.newInvoice')} newTo="/sales/invoices/new" canCreate={role.isMember} />
      <StatusTabs
        label={t('invoices.statusFilter')}
        value={tab}
        onChange={(value) => update({ status: value === 'all' ? null : value, skip: null })}
        tabs={[{ value: 'all', label: t('invoices.statuses.all') }, ...INVOICE_STATUSES.map((s) => ({ value: s, label: t(`invoices.statuses.${s}`) }))]}
      >
        <ListSearchField
          label={t('invoices.search')}
          placeholder={t('invoices.searchPlaceholder')}
          value={search}
          onChange={(value) => update({ q: value, skip: null })}
          style={{ maxWidth: 360 }}
        />
        {invoices.isPending ? <Loading /> : null}
        {invoices.isError ? <QueryError error={invoices.error} onRetry={() => void invoices.refetch()} /> : null}
        {searching && invoices.data && invoices.data.count > invoices.data.data.length ? (
          <Notice color="gray">{t('invoices.searchLimited', { limit: formatNumber(invoices.data.data.length) })}</Notice>
        ) : null}
        {invoices.data && rows.length === 0 ? <EmptyState>{searching ? t('invoices.noMatches') : t('invoices.empty')}</EmptyState> : null}
        {rows.length > 0 ? <InvoicesTable invoices={rows} customerName={customerName} /> : null}
        {invoices.data ? <Pagination skip={skip} limit={PAGE_SIZE} count={count} onChange={(next) => update({ skip: next ? String(next) : null })} /> : null}
      </StatusTabs>
    </Flex>
  );
}
