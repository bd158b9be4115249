import { ArrowLeftIcon, ArrowRightIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { DocumentFacts } from '../../../components/documents/document-view';
import { useListParams } from '../../../components/documents/document-list';
import { EmptyState, Loading, Notice, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { errorStatus } from '../../../lib/api-client';
import { useOrganizationRole } from '../../../lib/authorization';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { localName } from '../../../lib/names';
import { useCurrentOrganization } from '../../../lib/organizations';
import { CustomerName, useCustomerNames } from '../../gift-cards/components/customer-name';
import { useLocations } from '../../inventory/api/get-locations';
import { useProductsById } from '../../promotions/api/get-products-by-id';
import { useLayaway } from '../api/get-layaway';
import { useLayawayPayments } from '../api/get-layaway-payments';
import { useLayawaySchedule } from '../api/get-layaway-schedule';
import type { Layaway, LayawayItem } from '../api/keys';
import { CancelDialog } from '../components/cancel-dialog';
import { owes } from '../components/form-parts';
import { itemName, ItemsTable } from '../components/items-table';
import { LAYAWAYS_PATH } from '../components/paths';
import { PaymentDialog } from '../components/payment-dialog';
import { PaymentsTable } from '../components/payments-table';
import { PickupDialog } from '../components/pickup-dialog';
import { QuantityDialog } from '../components/quantity-dialog';
import { ScheduleTable } from '../components/schedule-table';
import { LayawayStatusBadge, OverdueBadge } from '../components/status-badge';

export const PAYMENTS_PAGE_SIZE = 25;

type Dialog = { kind: 'payment' } | { kind: 'pickup' } | { kind: 'cancel' } | { kind: 'quantity'; item: LayawayItem };

/** What a person may do to a layaway in its state (the server refuses the rest): only an active one changes, and members change it. */
export function actionsFor(layaway: Layaway, role: { isMember: boolean }) {
  const open = role.isMember && layaway.status === 'active';
  return { pay: open && owes(layaway.balance_due), pickup: open, cancel: open, editItems: open };
}

/**
 * One layaway: its customer and terms, what is set aside (quantities change while it is active),
 * the payment schedule as of today, the money taken and given back, and the pickup and the cancel.
 */
export function LayawayRoute() {
  const { t } = useTranslation();
  const { layawayId = '' } = useParams();
  const { organizationId } = useCurrentOrganization();
  const org = organizationId ?? '';
  const role = useOrganizationRole(organizationId);
  const { update, skip } = useListParams();
  const layaway = useLayaway(org, layawayId, !!organizationId);
  const ready = !!organizationId && !!layaway.data;
  const schedule = useLayawaySchedule(org, layawayId, ready);
  const payments = useLayawayPayments(org, layawayId, { skip, limit: PAYMENTS_PAGE_SIZE }, ready);
  const products = useProductsById(org, layaway.data?.items.map((item) => item.product_id) ?? []);
  const locations = useLocations(org, !!organizationId);
  const customerOf = useCustomerNames(organizationId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const language = currentLanguage();
  const BackIcon = language === 'ar' ? ArrowRightIcon : ArrowLeftIcon;

  const back = (
    <Button asChild variant="soft" color="gray">
      <Link to={LAYAWAYS_PATH}>
        <BackIcon />
        {t('layaway.page.back')}
      </Link>
    </Button>
  );
  if (!organizationId || layaway.isPending) return <Loading />;
  if (layaway.isError) {
    if (errorStatus(layaway.error) === 404) {
      return (
        <Flex direction="column" gap="4">
          <PageHeader title={t('layaway.page.notFoundTitle')} actions={back} />
          <EmptyState>{t('layaway.page.notFound')}</EmptyState>
        </Flex>
      );
    }
    return <QueryError error={layaway.error} onRetry={() => void layaway.refetch()} />;
  }
  const current = layaway.data;
  const can = actionsFor(current, role);
  const money = (amount: string) => formatMoney(amount, current.currency);
  const none = <Text color="gray">—</Text>;
  const customer = customerOf(current);
  const arabicNames = new Map([...products.entries()].map(([id, product]) => [id, product.name_ar ?? null]));
  const location = locations.data?.data.find((l) => l.id === current.location_id);

  const facts = [
    { label: t('layaway.page.customer'), value: customer ? <CustomerName name={customer} /> : none },
    {
      label: t('layaway.page.status'),
      value: (
        <Flex gap="2" align="center">
          <LayawayStatusBadge status={current.status} />
          {current.is_overdue && current.status === 'active' ? <OverdueBadge /> : null}
        </Flex>
      ),
    },
    { label: t('layaway.page.total'), value: money(current.total) },
    { label: t('layaway.page.paid'), value: money(current.amount_paid) },
    { label: t('layaway.page.balance'), value: <Text weight="bold">{money(current.balance_due)}</Text> },
    {
      label: t('layaway.page.nextDue'),
      value:
        current.status === 'active' && current.next_due_date ? (
          <Text color={current.is_overdue ? 'red' : undefined}>{t('layaway.page.nextDueValue', { amount: money(current.next_due_amount ?? '0'), date: formatDate(current.next_due_date) })}</Text>
        ) : (
          none
        ),
    },
    { label: t('layaway.page.frequency'), value: t(`layaway.frequencies.${current.payment_frequency}`) },
    { label: t('layaway.page.dates'), value: t('layaway.page.datesValue', { start: formatDate(current.start_date), due: formatDate(current.due_date) }) },
    { label: t('layaway.page.minimumDeposit'), value: money(current.minimum_deposit) },
    { label: t('layaway.page.location'), value: location ? localName(location, language) : <bdi dir="ltr">{current.location_id}</bdi> },
    { label: t('layaway.page.reservation'), value: t(`layaway.reservation.${current.reservation_status}`) },
    {
      label: t('layaway.page.policy'),
      value: current.cancellation_policy === 'fee' ? t('layaway.page.policyFee', { fee: money(current.cancellation_fee) }) : t(`layaway.policies.${current.cancellation_policy}`),
    },
    ...(current.cancel_reason ? [{ label: t('layaway.page.cancelReason'), value: <Text dir="auto">{current.cancel_reason}</Text> }] : []),
    ...(current.notes ? [{ label: t('layaway.page.notes'), value: <Text dir="auto" style={{ whiteSpace: 'pre-wrap' }}>{current.notes}</Text> }] : []),
    ...(current.completed_at ? [{ label: t('layaway.page.completedAt'), value: formatDateTime(current.completed_at) }] : []),
    ...(current.cancelled_at ? [{ label: t('layaway.page.cancelledAt'), value: formatDateTime(current.cancelled_at) }] : []),
  ];
  const anyAction = can.pay || can.pickup || can.cancel;

  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title={t('layaway.page.title', { number: current.layaway_number })}
        description={
          <Flex as="span" gap="2" align="center" wrap="wrap">
            <LayawayStatusBadge status={current.status} />
            {current.is_overdue && current.status === 'active' ? <OverdueBadge /> : null}
            {customer ? <CustomerName name={customer} /> : null}
          </Flex>
        }
        actions={back}
      />
      {current.is_overdue && current.status === 'active' ? (
        <Notice color="amber">{t('layaway.page.overdueNotice', { amount: money(current.next_due_amount ?? current.balance_due), date: current.next_due_date ? formatDate(current.next_due_date) : '' })}</Notice>
      ) : null}
      {anyAction ? (
        <Flex gap="2" wrap="wrap" role="group" aria-label={t('layaway.page.actions')}>
          {can.pay ? <Button onClick={() => setDialog({ kind: 'payment' })}>{t('layaway.actions.pay')}</Button> : null}
          {can.pickup ? (
            <Button color="green" variant={can.pay ? 'soft' : 'solid'} onClick={() => setDialog({ kind: 'pickup' })}>
              {owes(current.balance_due) ? t('layaway.actions.complete') : t('layaway.actions.pickup')}
            </Button>
          ) : null}
          {can.cancel ? (
            <Button variant="soft" color="red" onClick={() => setDialog({ kind: 'cancel' })}>
              {t('layaway.actions.cancel')}
            </Button>
          ) : null}
        </Flex>
      ) : null}
      <Card size="3" asChild>
        <section aria-labelledby="layaway-details">
          <Heading as="h2" size="4" mb="3" id="layaway-details">
            {t('layaway.page.details')}
          </Heading>
          <DocumentFacts facts={facts} />
        </section>
      </Card>
      <Card size="3" asChild>
        <section aria-labelledby="layaway-items">
          <Heading as="h2" size="4" mb="3" id="layaway-items">
            {t('layaway.page.items')}
          </Heading>
          <ItemsTable items={current.items} currency={current.currency} arabicNames={arabicNames} onChangeQuantity={can.editItems ? (item) => setDialog({ kind: 'quantity', item }) : undefined} />
        </section>
      </Card>
      <Card size="3" asChild>
        <section aria-labelledby="layaway-schedule">
          <Heading as="h2" size="4" mb="3" id="layaway-schedule">
            {t('layaway.page.schedule')}
          </Heading>
          {schedule.isPending ? <Loading /> : null}
          {schedule.isError ? <QueryError error={schedule.error} onRetry={() => void schedule.refetch()} /> : null}
          {schedule.data ? <ScheduleTable instalments={schedule.data.instalments} currency={schedule.data.currency} /> : null}
        </section>
      </Card>
      <Card size="3" asChild>
        <section aria-labelledby="layaway-payments">
          <Heading as="h2" size="4" mb="3" id="layaway-payments">
            {t('layaway.page.payments')}
          </Heading>
          {payments.isPending ? <Loading /> : null}
          {payments.isError ? <QueryError error={payments.error} onRetry={() => void payments.refetch()} /> : null}
          {payments.data && payments.data.data.length === 0 ? <EmptyState>{t('layaway.page.noPayments')}</EmptyState> : null}
          {payments.data && payments.data.data.length > 0 ? <PaymentsTable payments={payments.data.data} currency={current.currency} /> : null}
          {payments.data ? <Pagination skip={skip} limit={PAYMENTS_PAGE_SIZE} count={payments.data.count} onChange={(next) => update({ skip: next ? String(next) : null })} /> : null}
        </section>
      </Card>
      {dialog?.kind === 'payment' ? <PaymentDialog organizationId={organizationId} layaway={current} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'pickup' ? <PickupDialog organizationId={organizationId} layaway={current} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'cancel' ? <CancelDialog organizationId={organizationId} layaway={current} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'quantity' ? (
        <QuantityDialog organizationId={organizationId} layaway={current} item={dialog.item} name={itemName(dialog.item, arabicNames)} onClose={() => setDialog(null)} />
      ) : null}
    </Flex>
  );
}
