import { PlusIcon } from '@radix-ui/react-icons';
import { Button, Flex, Grid, Link as RadixLink, Text } from '@radix-ui/themes';
import { LAYAWAY_PAYMENT_FREQUENCIES, LAYAWAY_STATUSES, type LayawayPaymentFrequency, type LayawayStatus } from '@daftar/shared/schemas/layaway';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ColumnsTable } from '../../../components/columns-table';
import { useListParams } from '../../../components/documents/document-list';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { SelectInput, TextInput } from '../../../components/fields';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { useOrganizationRole } from '../../../lib/authorization';
import { formatDate, formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { localName } from '../../../lib/names';
import { useCurrentOrganization } from '../../../lib/organizations';
import { CustomerName, useCustomerNames } from '../../gift-cards/components/customer-name';
import { useLocations } from '../../inventory/api/get-locations';
import { CustomerPicker } from '../../promotions/components/pickers';
import { useLayaways, type LayawayListParams } from '../api/get-layaways';
import { useLayawaySummary } from '../api/get-layaway-summary';
import { layawayPagePath, NEW_LAYAWAY_PATH } from '../components/paths';
import { LayawayStatusBadge, OverdueBadge } from '../components/status-badge';
import { SummaryTiles } from '../components/summary-tiles';

export const LAYAWAYS_PAGE_SIZE = 25;
const TYPING_DELAY_MS = 400;

const isStatus = (value: string | null): value is LayawayStatus => LAYAWAY_STATUSES.includes(value as LayawayStatus);
const isFrequency = (value: string | null): value is LayawayPaymentFrequency => LAYAWAY_PAYMENT_FREQUENCIES.includes(value as LayawayPaymentFrequency);
const isDate = (value: string | null): value is string => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value);
/** An amount the list call takes (the server's priceInput); a half-typed one is not sent. */
const isAmount = (value: string | null): value is string => !!value && /^\d+(\.\d{1,3})?$/.test(value.trim());

/** A typed filter written to the address once typing pauses (an amount is one request, not one per key). */
function useTypedParam(value: string, onSettled: (value: string) => void) {
  const [draft, setDraft] = useState(value);
  const settled = useRef(onSettled);
  settled.current = onSettled;
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => settled.current(draft), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, value]);
  return [draft, setDraft] as const;
}

/**
 * The layaways: what is held and owed (beside the customer deposits account) and what is overdue,
 * then the layaways newest first, filtered by status, customer, location, overdue, frequency, due
 * dates and amount (the filters live in the address, so a filtered list can be shared).
 */
export function LayawaysRoute() {
  const { t } = useTranslation();
  const { organization, organizationId } = useCurrentOrganization();
  const org = organizationId ?? '';
  const role = useOrganizationRole(organizationId);
  const { params, update, skip } = useListParams();
  const language = currentLanguage();
  const get = (name: string) => params.get(name);
  const status = isStatus(get('status')) ? (get('status') as LayawayStatus) : undefined;
  const frequency = isFrequency(get('frequency')) ? (get('frequency') as LayawayPaymentFrequency) : undefined;
  const customerId = get('customer') ?? '';
  const locationId = get('location') ?? '';
  const overdue = get('overdue') === 'true';
  const [minAmount, setMinAmount] = useTypedParam(get('min') ?? '', (value) => update({ min: value, skip: null }));
  const [maxAmount, setMaxAmount] = useTypedParam(get('max') ?? '', (value) => update({ max: value, skip: null }));
  const query: LayawayListParams = {
    skip,
    limit: LAYAWAYS_PAGE_SIZE,
    status,
    customer_id: customerId || undefined,
    location_id: locationId || undefined,
    is_overdue: overdue ? true : undefined,
    payment_frequency: frequency,
    due_date_from: isDate(get('due_from')) ? get('due_from')! : undefined,
    due_date_to: isDate(get('due_to')) ? get('due_to')! : undefined,
    min_amount: isAmount(get('min')) ? get('min')!.trim() : undefined,
    max_amount: isAmount(get('max')) ? get('max')!.trim() : undefined,
  };
  const summary = useLayawaySummary(org, !!organizationId);
  const list = useLayaways(org, query, !!organizationId);
  const locations = useLocations(org, !!organizationId);
  const customerOf = useCustomerNames(organizationId);

  if (!organizationId) return <Loading />;
  const currency = organization?.base_currency ?? 'JOD';
  const rows = list.data?.data ?? [];
  const filtered = ['status', 'frequency', 'customer', 'location', 'overdue', 'due_from', 'due_to', 'min', 'max'].some((name) => !!get(name));
  const actions = role.isMember ? (
    <Button asChild>
      <Link to={NEW_LAYAWAY_PATH}>
        <PlusIcon />
        {t('layaway.list.new')}
      </Link>
    </Button>
  ) : null;

  return (
    <Flex direction="column" gap="4">
      <PageHeader title={t('layaway.list.title')} description={t('layaway.list.intro')} actions={actions} />
      {summary.isError ? <QueryError error={summary.error} onRetry={() => void summary.refetch()} /> : null}
      {summary.data ? <SummaryTiles figures={summary.data} /> : summary.isPending ? <Loading /> : null}
      <Grid columns={{ initial: '1', sm: '2', md: '4' }} gap="3" align="end" role="group" aria-label={t('layaway.list.filters')}>
        <SelectInput
          label={t('layaway.columns.status')}
          value={status ?? ''}
          onChange={(e) => update({ status: e.target.value, skip: null })}
          options={[{ value: '', label: t('layaway.list.anyStatus') }, ...LAYAWAY_STATUSES.map((s) => ({ value: s, label: t(`layaway.status.${s}`) }))]}
        />
        <SelectInput
          label={t('layaway.list.overdue')}
          value={overdue ? 'true' : ''}
          onChange={(e) => update({ overdue: e.target.value, skip: null })}
          options={[
            { value: '', label: t('layaway.list.anyOverdue') },
            { value: 'true', label: t('layaway.list.overdueOnly') },
          ]}
        />
        <CustomerPicker organizationId={organizationId} label={t('layaway.columns.customer')} value={customerId} onChange={(customer) => update({ customer: customer?.id ?? '', skip: null })} />
        <SelectInput
          label={t('layaway.columns.location')}
          value={locationId}
          onChange={(e) => update({ location: e.target.value, skip: null })}
          options={[{ value: '', label: t('layaway.list.anyLocation') }, ...(locations.data?.data ?? []).map((l) => ({ value: l.id, label: localName(l, language) }))]}
        />
        <SelectInput
          label={t('layaway.columns.frequency')}
          value={frequency ?? ''}
          onChange={(e) => update({ frequency: e.target.value, skip: null })}
          options={[{ value: '', label: t('layaway.list.anyFrequency') }, ...LAYAWAY_PAYMENT_FREQUENCIES.map((f) => ({ value: f, label: t(`layaway.frequencies.${f}`) }))]}
        />
        <TextInput label={t('layaway.list.dueFrom')} type="date" value={get('due_from') ?? ''} onChange={(e) => update({ due_from: e.target.value, skip: null })} />
        <TextInput label={t('layaway.list.dueTo')} type="date" value={get('due_to') ?? ''} onChange={(e) => update({ due_to: e.target.value, skip: null })} />
        <Flex gap="2">
          <TextInput label={t('layaway.list.minAmount')} inputMode="decimal" dir="ltr" placeholder="0.000" value={minAmount} onChange={(e) => setMinAmount(e.target.value)} />
          <TextInput label={t('layaway.list.maxAmount')} inputMode="decimal" dir="ltr" placeholder="0.000" value={maxAmount} onChange={(e) => setMaxAmount(e.target.value)} />
        </Flex>
      </Grid>
      {list.isPending ? <Loading /> : null}
      {list.isError ? <QueryError error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data && rows.length === 0 ? <EmptyState>{filtered ? t('layaway.list.noMatch') : t('layaway.list.empty')}</EmptyState> : null}
      {rows.length > 0 ? (
        <ColumnsTable
          variant="surface"
          scroll
          rowAlign="center"
          caption={t('layaway.list.title')}
          rows={rows}
          rowKey={(layaway) => layaway.id}
          columns={[
            {
              header: t('layaway.columns.number'),
              rowHeader: true,
              cell: (layaway) => (
                <RadixLink asChild size="2" weight="medium">
                  <Link to={layawayPagePath(layaway.id)} aria-label={t('layaway.list.open', { number: layaway.layaway_number })}>
                    <bdi dir="ltr">{layaway.layaway_number}</bdi>
                  </Link>
                </RadixLink>
              ),
            },
            {
              header: t('layaway.columns.customer'),
              cell: (layaway) => {
                const name = customerOf(layaway);
                return name ? <CustomerName name={name} /> : <Text color="gray">—</Text>;
              },
            },
            {
              header: t('layaway.columns.status'),
              cell: (layaway) => (
                <Flex gap="1" align="center" wrap="wrap">
                  <LayawayStatusBadge status={layaway.status} />
                  {layaway.is_overdue && layaway.status === 'active' ? <OverdueBadge /> : null}
                </Flex>
              ),
            },
            { header: t('layaway.columns.total'), end: true, cell: (layaway) => formatMoney(layaway.total, layaway.currency || currency) },
            { header: t('layaway.columns.paid'), end: true, cell: (layaway) => formatMoney(layaway.amount_paid, layaway.currency || currency) },
            { header: t('layaway.columns.balance'), end: true, cell: (layaway) => formatMoney(layaway.balance_due, layaway.currency || currency) },
            {
              header: t('layaway.columns.nextDue'),
              cell: (layaway) =>
                layaway.status === 'active' && layaway.next_due_date ? (
                  <Text color={layaway.is_overdue ? 'red' : undefined}>{formatDate(layaway.next_due_date)}</Text>
                ) : (
                  <Text color="gray">—</Text>
                ),
            },
            { header: t('layaway.columns.dueDate'), cell: (layaway) => formatDate(layaway.due_date) },
          ]}
        />
      ) : null}
      {list.data ? <Pagination skip={skip} limit={LAYAWAYS_PAGE_SIZE} count={list.data.count} onChange={(next) => update({ skip: next ? String(next) : null })} /> : null}
    </Flex>
  );
}
