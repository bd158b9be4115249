import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Button, Flex, Tabs, TextField } from '@radix-ui/themes';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import { INVOICE_STATUSES, type InvoiceStatus } from '@daftar/shared/schemas/invoices';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState, Loading, Notice, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { useOrganizationRole } from '../../../lib/authorization';
import { formatNumber } from '../../../lib/format';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useContactNames } from '../api/get-customers';
import { useInvoices, type Invoice } from '../api/get-invoices';
import { InvoicesTable } from '../components/invoices-table';

export const PAGE_SIZE = 25;

const isStatus = (value: string | null): value is InvoiceStatus => INVOICE_STATUSES.includes(value as InvoiceStatus);

const normalize = (text: string) => text.toLocaleLowerCase().trim();

export function InvoicesRoute() {
  const { t } = useTranslation();
  const { organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const search = params.get('q') ?? '';
  const skip = Math.max(0, Number(params.get('skip')) || 0);
  const searching = search.trim() !== '';
  const org = organizationId ?? '';

  // The API lists by status and pages; it has no text search, so a search reads the latest
  // invoices (up to the page limit) once and filters them here by number and customer name.
  const invoices = useInvoices(org, searching ? { status, skip: 0, limit: MAX_PAGE_LIMIT } : { status, skip, limit: PAGE_SIZE }, !!organizationId);
  const contacts = useContactNames(org);
  const names = new Map((contacts.data?.data ?? []).map((c) => [c.id, c.name]));
  const customerName = (contactId: string) => names.get(contactId) ?? (contacts.isPending ? '…' : t('invoices.unknownCustomer'));

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

  let rows: Invoice[] = [];
  let count = 0;
  if (invoices.data) {
    if (searching) {
      const needle = normalize(search);
      const matches = invoices.data.data.filter(
        (invoice) => normalize(invoice.number ?? '').includes(needle) || normalize(names.get(invoice.contact_id) ?? '').includes(needle),
      );
      count = matches.length;
      rows = matches.slice(skip, skip + PAGE_SIZE);
    } else {
      rows = invoices.data.data;
      count = invoices.data.count;
    }
  }

  if (!organizationId) return <Loading />;
  const tab = status ?? 'all';
  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title={t('invoices.title')}
        description={t('invoices.intro')}
        actions={
          role.isMember ? (
            <Button asChild>
              <Link to="/sales/invoices/new">{t('invoices.newInvoice')}</Link>
            </Button>
          ) : null
        }
      />
      <Tabs.Root value={tab} onValueChange={(value) => update({ status: value === 'all' ? null : value, skip: null })}>
        <Tabs.List aria-label={t('invoices.statusFilter')} wrap="wrap">
          <Tabs.Trigger value="all">{t('invoices.statuses.all')}</Tabs.Trigger>
          {INVOICE_STATUSES.map((s) => (
            <Tabs.Trigger key={s} value={s}>
              {t(`invoices.statuses.${s}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value={tab}>
          <Flex direction="column" gap="3" pt="4">
            <TextField.Root
              type="search"
              aria-label={t('invoices.search')}
              placeholder={t('invoices.searchPlaceholder')}
              value={search}
              onChange={(e) => update({ q: e.target.value, skip: null })}
              style={{ maxWidth: 360 }}
            >
              <TextField.Slot>
                <MagnifyingGlassIcon />
              </TextField.Slot>
            </TextField.Root>
            {invoices.isPending ? <Loading /> : null}
            {invoices.isError ? <QueryError error={invoices.error} onRetry={() => void invoices.refetch()} /> : null}
            {searching && invoices.data && invoices.data.count > invoices.data.data.length ? (
              <Notice color="gray">{t('invoices.searchLimited', { limit: formatNumber(invoices.data.data.length) })}</Notice>
            ) : null}
            {invoices.data && rows.length === 0 ? <EmptyState>{searching ? t('invoices.noMatches') : t('invoices.empty')}</EmptyState> : null}
            {rows.length > 0 ? <InvoicesTable invoices={rows} customerName={customerName} /> : null}
            {invoices.data ? <Pagination skip={skip} limit={PAGE_SIZE} count={count} onChange={(next) => update({ skip: next ? String(next) : null })} /> : null}
          </Flex>
        </Tabs.Content>
      </Tabs.Root>
    </Flex>
  );
}
