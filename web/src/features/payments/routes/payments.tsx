import { Button, Flex, Grid } from '@radix-ui/themes';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import { CUSTOMER_TYPES, SUPPLIER_TYPES } from '@daftar/shared/schemas/contacts';
import { PAYMENT_METHODS, type PaymentMethod, type PaymentType } from '@daftar/shared/schemas/payments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { pageLocally, useListParams } from '../../../components/documents/document-list';
import { EmptyState, Loading, Notice, QueryError } from '../../../components/feedback';
import { SelectInput, TextInput } from '../../../components/fields';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { useOrganizationRole } from '../../../lib/authorization';
import { formatNumber } from '../../../lib/format';
import { useDisplayName, useNamesById } from '../../../lib/names';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useContactNames } from '../api/get-contacts';
import { usePayments, type Payment } from '../api/get-payments';
import { PaymentsTable } from '../components/payments-table';
import { RecordPaymentDialog } from '../components/record-payment-dialog';

export const PAGE_SIZE = 25;

const isMethod = (value: string | null): value is PaymentMethod => PAYMENT_METHODS.includes(value as PaymentMethod);

/** The page that sent an invoice or bill here to be paid (`state.returnTo`): where the dialog goes back to. */
function returnPathOf(state: unknown): string | null {
  const returnTo = (state as { returnTo?: unknown } | null)?.returnTo;
  return typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : null;
}

/** The invoice (received) or bill (sent) another screen sends here to be paid. */
const DOCUMENT_PARAM: Record<PaymentType, string> = { received: 'invoice_id', sent: 'bill_id' };

export function PaymentsReceivedRoute() {
  return <PaymentsPage type="received" />;
}

export function PaymentsSentRoute() {
  return <PaymentsPage type="sent" />;
}

function PaymentsPage({ type }: { type: PaymentType }) {
  const { t } = useTranslation();
  const { organization, organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const { params, update, skip } = useListParams();
  const methodParam = params.get('method');
  const method = isMethod(methodParam) ? methodParam : undefined;
  const contactId = params.get('contact') || undefined;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const documentId = params.get(DOCUMENT_PARAM[type]);
  const [recording, setRecording] = useState(false);
  const navigate = useNavigate();
  const returnTo = returnPathOf(useLocation().state);
  const org = organizationId ?? '';
  const currency = organization?.base_currency ?? 'JOD';

  // The payments list filters by method and contact but not by date: with a date range the
  // latest payments (up to the page limit) are read once and narrowed and paged here.
  const byDate = from !== '' || to !== '';
  const payments = usePayments(
    org,
    { payment_type: type, payment_method: method, contact_id: contactId, ...(byDate ? { skip: 0, limit: MAX_PAGE_LIMIT } : { skip, limit: PAGE_SIZE }) },
    !!organizationId,
  );
  const names = useContactNames(org);
  // Inactive contacts too: their past payments stay listed and can still be filtered.
  const filterContacts = (names.data?.data ?? []).filter((c) => (type === 'received' ? CUSTOMER_TYPES : SUPPLIER_TYPES).includes(c.contact_type));
  const nameOf = useNamesById(names.data?.data);
  const displayName = useDisplayName();
  const contactName = (id: string) => nameOf.get(id) ?? (names.isPending ? '…' : t('payments.unknownContact'));

  let rows: Payment[] = [];
  let count = 0;
  if (payments.data && byDate) {
    ({ rows, count } = pageLocally(payments.data.data, (p) => (!from || p.date >= from) && (!to || p.date <= to), skip, PAGE_SIZE));
  } else if (payments.data) {
    rows = payments.data.data;
    count = payments.data.count;
  }

  if (!organizationId) return <Loading />;
  const filtered = !!method || !!contactId || byDate;
  const dialogOpen = role.isMember && (recording || !!documentId);
  const closeDialog = () => {
    setRecording(false);
    // Opened from an invoice's (or bill's) page: saved or cancelled, the person lands back there.
    if (documentId && returnTo) void navigate(returnTo, { replace: true });
    else if (documentId) update({ [DOCUMENT_PARAM[type]]: null });
  };

  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title={t(`payments.title.${type}`)}
        description={t(`payments.intro.${type}`)}
        actions={role.isMember ? <Button onClick={() => setRecording(true)}>{t(`payments.record.open.${type}`)}</Button> : null}
      />
      <Grid columns={{ initial: '1', sm: '2', md: '4' }} gap="3" align="end">
        <SelectInput
          label={t('payments.filters.method')}
          value={method ?? ''}
          onChange={(e) => update({ method: e.target.value, skip: null })}
          options={[{ value: '', label: t('payments.filters.allMethods') }, ...PAYMENT_METHODS.map((m) => ({ value: m, label: t(`payments.methods.${m}`) }))]}
        />
        <SelectInput
          label={t(`payments.fields.contact.${type}`)}
          value={contactId ?? ''}
          onChange={(e) => update({ contact: e.target.value, skip: null })}
          options={[
            { value: '', label: t(`payments.filters.allContacts.${type}`) },
            ...filterContacts.map((c) => ({ value: c.id, label: displayName(c.name, c.name_ar) })).sort((a, b) => a.label.localeCompare(b.label)),
          ]}
        />
        <TextInput label={t('payments.filters.from')} type="date" value={from} max={to || undefined} onChange={(e) => update({ from: e.target.value, skip: null })} />
        <TextInput label={t('payments.filters.to')} type="date" value={to} min={from || undefined} onChange={(e) => update({ to: e.target.value, skip: null })} />
      </Grid>
      {filtered ? (
        <Flex>
          <Button variant="ghost" onClick={() => update({ method: null, contact: null, from: null, to: null, skip: null })}>
            {t('payments.filters.clear')}
          </Button>
        </Flex>
      ) : null}
      {payments.isPending ? <Loading /> : null}
      {payments.isError ? <QueryError error={payments.error} onRetry={() => void payments.refetch()} /> : null}
      {byDate && payments.data && payments.data.count > payments.data.data.length ? (
        <Notice color="gray">{t('payments.dateFilterLimited', { limit: formatNumber(payments.data.data.length) })}</Notice>
      ) : null}
      {payments.data && rows.length === 0 ? <EmptyState>{filtered ? t('payments.noMatches') : t(`payments.empty.${type}`)}</EmptyState> : null}
      {rows.length > 0 ? <PaymentsTable caption={t(`payments.title.${type}`)} payments={rows} contactName={contactName} /> : null}
      {payments.data ? <Pagination skip={skip} limit={PAGE_SIZE} count={count} onChange={(next) => update({ skip: next ? String(next) : null })} /> : null}
      {role.isMember ? (
        <RecordPaymentDialog
          organizationId={organizationId}
          type={type}
          currency={currency}
          open={dialogOpen}
          onOpenChange={(next) => (next ? setRecording(true) : closeDialog())}
          documentId={documentId}
        />
      ) : null}
    </Flex>
  );
}
