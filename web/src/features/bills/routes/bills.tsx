import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Button, Flex, Tabs, TextField } from '@radix-ui/themes';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import { BILL_STATUSES, type BillStatus } from '@daftar/shared/schemas/bills';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState, Loading, Notice, QueryError } from '../../../components/feedback';
import { TextInput } from '../../../components/fields';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { useOrganizationRole } from '../../../lib/authorization';
import { formatNumber } from '../../../lib/format';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useBills, type Bill } from '../api/get-bills';
import { useOverdueBills, type OverdueBill } from '../api/get-overdue-bills';
import { useContactNames } from '../api/get-suppliers';
import { BillsTable } from '../components/bills-table';
import { today } from '../components/dates';

export const PAGE_SIZE = 25;
const OVERDUE = 'overdue';

const isStatus = (value: string | null): value is BillStatus => BILL_STATUSES.includes(value as BillStatus);
const normalize = (text: string) => text.toLocaleLowerCase().trim();

export function BillsRoute() {
  const { t } = useTranslation();
  const { organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const [params, setParams] = useSearchParams();
  const view = params.get('status');
  const overdue = view === OVERDUE;
  const status = isStatus(view) ? view : undefined;
  const asOfDate = params.get('as_of') ?? today();
  const search = params.get('q') ?? '';
  const skip = Math.max(0, Number(params.get('skip')) || 0);
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
  const names = new Map((contacts.data?.data ?? []).map((c) => [c.id, c.name]));
  const supplierName = (contactId: string) => names.get(contactId) ?? (contacts.isPending ? '…' : t('bills.unknownSupplier'));

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  let rows: (Bill | OverdueBill)[] = [];
  let count = 0;
  if (list.data) {
    if (searching) {
      const needle = normalize(search);
      const matches = (list.data.data as (Bill | OverdueBill)[]).filter((bill) =>
        [bill.number ?? '', bill.supplier_reference ?? '', names.get(bill.contact_id) ?? ''].some((text) => normalize(text).includes(needle)),
      );
      count = matches.length;
      rows = matches.slice(skip, skip + PAGE_SIZE);
    } else {
      rows = list.data.data;
      count = list.data.count;
    }
  }

  if (!organizationId) return <Loading />;
  const tab = overdue ? OVERDUE : (status ?? 'all');
  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title={t('bills.title')}
        description={t('bills.intro')}
        actions={
          role.isMember ? (
            <Button asChild>
              <Link to="/purchases/bills/new">{t('bills.newBill')}</Link>
            </Button>
          ) : null
        }
      />
      <Tabs.Root value={tab} onValueChange={(value) => update({ status: value === 'all' ? null : value, skip: null })}>
        <Tabs.List aria-label={t('bills.statusFilter')} wrap="wrap">
          <Tabs.Trigger value="all">{t('bills.statuses.all')}</Tabs.Trigger>
          {BILL_STATUSES.map((s) => (
            <Tabs.Trigger key={s} value={s}>
              {t(`bills.statuses.${s}`)}
            </Tabs.Trigger>
          ))}
          <Tabs.Trigger value={OVERDUE}>{t('bills.overdue')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value={tab}>
          <Flex direction="column" gap="3" pt="4">
            <Flex gap="4" align="end" wrap="wrap">
              <TextField.Root
                type="search"
                aria-label={t('bills.search')}
                placeholder={t('bills.searchPlaceholder')}
                value={search}
                onChange={(e) => update({ q: e.target.value, skip: null })}
                style={{ minWidth: 280 }}
              >
                <TextField.Slot>
                  <MagnifyingGlassIcon />
                </TextField.Slot>
              </TextField.Root>
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
          </Flex>
        </Tabs.Content>
      </Tabs.Root>
    </Flex>
  );
}
