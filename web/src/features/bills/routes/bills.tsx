import { Flex } from '@radix-ui/themes';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import { BILL_STATUSES, type BillStatus } from '@daftar/shared/schemas/bills';
import { useTranslation } from 'react-i18next';
import { DocumentListHeader, ListSearchField, matchesSearch, pageLocally, StatusTabs, useListParams } from '../../../components/documents/document-list';
import { EmptyState, Loading, Notice, QueryError } from '../../../components/feedback';
import { TextInput } from '../../../components/fields';
import { Pagination } from '../../../components/pagination';
import { useOrganizationRole } from '../../../lib/authorization';
import { formatNumber } from '../../../lib/format';
import { useNamesById } from '../../../lib/names';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useBills, type Bill } from '../api/get-bills';
import { useOverdueBills, type OverdueBill } from '../api/get-overdue-bills';
import { useContactNames } from '../api/get-suppliers';
import { BillsTable } from '../components/bills-table';
import { today } from '../../../components/documents/dates';

export const PAGE_SIZE = 25;
const OVERDUE = 'overdue';

const isStatus = (value: string | null): value is BillStatus => BILL_STATUSES.includes(value as BillStatus);

export function BillsRoute() {
  const { t } = useTranslation();
  const { organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const { params, update, skip } = useListParams();
  const view = params.get('status');
  const overdue = view === OVERDUE;
  const status = isStatus(view) ? view : undefined;
  const asOfDate = params.get('as_of') ?? today();
  const search = params.get('q') ?? '';
  const searching = search.trim() !== '';
  const org = organizationId ?? '';
  // The API pages by status (or overdue as of a day) and has no text search: a search reads the
  // latest bills (up to the page limit) once and filters them here by number, supplier and the
  // supplier's own reference.
  const page = searching ? { skip: 0, limit: MAX_PAGE_LIMIT } : { skip, limit: PAGE_SIZE };
  const bills = useBills(org, { status, ...page }, !!organizationId && !overdue);
  const overdueBills = useOverdueBills(org, { asOfDate, ...page }, !!organizationId && overdue);
  const list = overdue ? overdueBills : bills;
  const contacts = useContactNames(org);
  const names = useNamesById(contacts.data?.data);
  const supplierName = (contactId: string) => names.get(contactId) ?? (contacts.isPending ? '…' : t('bills.unknownSupplier'));

  let rows: (Bill | OverdueBill)[] = [];
  let count = 0;
  if (list.data && searching) {
    const texts = (bill: Bill | OverdueBill) => [bill.number ?? '', bill.supplier_reference ?? '', ...names.searchTexts(bill.contact_id)];
    ({ rows, count } = pageLocally(list.data.data as (Bill | OverdueBill)[], (bill) => matchesSearch(search, texts(bill)), skip, PAGE_SIZE));
  } else if (list.data) {
    rows = list.data.data;
    count = list.data.count;
  }

  if (!organizationId) return <Loading />;
  const tab = overdue ? OVERDUE : (status ?? 'all');
  return (
    <Flex direction="column" gap="4">
      <DocumentListHeader title={t('bills.title')} description={t('bills.intro')} newLabel={t('bills.newBill')} newTo="/purchases/bills/new" canCreate={role.isMember} />
      <StatusTabs
        label={t('bills.statusFilter')}
        value={tab}
        onChange={(value) => update({ status: value === 'all' ? null : value, skip: null })}
        tabs={[{ value: 'all', label: t('bills.statuses.all') }, ...BILL_STATUSES.map((s) => ({ value: s, label: t(`bills.statuses.${s}`) })), { value: OVERDUE, label: t('bills.overdue') }]}
      >
        <Flex gap="4" align="end" wrap="wrap">
          <ListSearchField
            label={t('bills.search')}
            placeholder={t('bills.searchPlaceholder')}
            value={search}
            onChange={(value) => update({ q: value, skip: null })}
            style={{ minWidth: 280 }}
          />
          {overdue ? (
            <TextInput label={t('bills.asOfDate')} type="date" value={asOfDate} onChange={(e) => update({ as_of: e.target.value || null, skip: null })} />
          ) : null}
        </Flex>
        {list.isPending ? <Loading /> : null}
        {list.isError ? <QueryError error={list.error} onRetry={() => void list.refetch()} /> : null}
        {searching && list.data && list.data.count > list.data.data.length ? (
          <Notice color="gray">{t('bills.searchLimited', { limit: formatNumber(list.data.data.length) })}</Notice>
        ) : null}
        {list.data && rows.length === 0 ? <EmptyState>{searching ? t('bills.noMatches') : overdue ? t('bills.noneOverdue') : t('bills.empty')}</EmptyState> : null}
        {rows.length > 0 ? <BillsTable bills={rows} supplierName={supplierName} caption={overdue ? t('bills.overdueCaption') : t('bills.title')} /> : null}
        {list.data ? <Pagination skip={skip} limit={PAGE_SIZE} count={count} onChange={(next) => update({ skip: next ? String(next) : null })} /> : null}
      </StatusTabs>
    </Flex>
  );
}
