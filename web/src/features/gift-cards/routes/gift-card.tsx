import { ArrowLeftIcon, ArrowRightIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DocumentFacts } from '../../../components/documents/document-view';
import { useListParams } from '../../../components/documents/document-list';
import { EmptyState, Loading, Notice, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { errorStatus } from '../../../lib/api-client';
import { useOrganizationRole } from '../../../lib/authorization';
import { readerMessage } from '../../../lib/form-errors';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { errorMessage, notify } from '../../../lib/notify';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useActivateGiftCard } from '../api/activate-gift-card';
import { useDeleteGiftCard } from '../api/delete-gift-card';
import { useGiftCard } from '../api/get-gift-card';
import { useGiftCardTransactions } from '../api/get-gift-card-transactions';
import type { GiftCard } from '../api/keys';
import { AdjustDialog } from '../components/adjust-dialog';
import { CardNumber, cardNumberText } from '../components/card-number';
import { CustomerName, useCustomerNames } from '../components/customer-name';
import { EditCardDialog, isClosed } from '../components/edit-card-dialog';
import { FormAlert } from '../components/form-parts';
import { LedgerTable } from '../components/ledger-table';
import { MoneyDialog } from '../components/money-dialog';
import { GIFT_CARDS_PATH } from '../components/paths';
import { RedeemDialog } from '../components/redeem-dialog';
import { RefundDialog } from '../components/refund-dialog';
import { GiftCardStatusBadge } from '../components/status-badge';
import { SuspendDialog } from '../components/suspend-dialog';

export const LEDGER_PAGE_SIZE = 25;

type Dialog = 'activate' | 'load' | 'redeem' | 'suspend' | 'refund' | 'adjust' | 'edit';

const holdsMoney = (card: GiftCard) => /[1-9]/.test(card.balance);

/**
 * What a person may do to a card in its state, by role (the server refuses the rest): a pending
 * card is activated; an active one loaded, spent on an invoice, suspended; a suspended one
 * reactivated; either refunded (bought cards holding money), adjusted and deactivated by admins.
 */
export function actionsFor(card: GiftCard, role: { isMember: boolean; isAdmin: boolean }) {
  const open = !isClosed(card);
  return {
    activate: role.isMember && card.status === 'pending',
    load: role.isMember && card.status === 'active',
    redeem: role.isMember && card.status === 'active' && holdsMoney(card),
    suspend: role.isAdmin && card.status === 'active',
    reactivate: role.isMember && card.status === 'suspended',
    refund: role.isMember && (card.status === 'active' || card.status === 'suspended') && card.gift_card_type !== 'promotional' && holdsMoney(card),
    adjust: role.isAdmin && (card.status === 'active' || card.status === 'suspended'),
    edit: role.isMember,
    deactivate: role.isAdmin && open,
  };
}

/**
 * One gift card: its number, state and balance, what can be done to it now, and its ledger (every
 * change with the balance after it).
 */
export function GiftCardRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { giftCardId = '' } = useParams();
  const { organizationId } = useCurrentOrganization();
  const org = organizationId ?? '';
  const role = useOrganizationRole(organizationId);
  const { update, skip } = useListParams();
  const card = useGiftCard(org, giftCardId, !!organizationId);
  const ledger = useGiftCardTransactions(org, giftCardId, { skip, limit: LEDGER_PAGE_SIZE }, !!organizationId && !!card.data);
  const reactivate = useActivateGiftCard();
  const remove = useDeleteGiftCard();
  const customerOf = useCustomerNames(organizationId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const BackIcon = currentLanguage() === 'ar' ? ArrowRightIcon : ArrowLeftIcon;

  const back = (
    <Button asChild variant="soft" color="gray">
      <Link to={GIFT_CARDS_PATH}>
        <BackIcon />
        {t('giftCards.card.back')}
      </Link>
    </Button>
  );
  if (!organizationId || card.isPending) return <Loading />;
  if (card.isError) {
    if (errorStatus(card.error) === 404) {
      return (
        <Flex direction="column" gap="4">
          <PageHeader title={t('giftCards.card.notFoundTitle')} actions={back} />
          <EmptyState>{t('giftCards.card.notFound')}</EmptyState>
        </Flex>
      );
    }
    return <QueryError error={card.error} onRetry={() => void card.refetch()} />;
  }
  const current = card.data;
  const can = actionsFor(current, role);
  const money = (amount: string) => formatMoney(amount, current.currency);
  const number = cardNumberText(current.card_number);
  const neverHeldMoney = current.status === 'pending' && !current.activated_at;
  const none = <Text color="gray">—</Text>;
  const customer = customerOf(current);

  const onReactivate = () => {
    setProblem(null);
    reactivate.mutate(
      { organizationId, giftCardId: current.id, data: {} },
      { onSuccess: () => notify.success(t('giftCards.suspend.reactivated')), onError: (error) => setProblem(readerMessage(errorMessage(error))) },
    );
  };
  const onDeactivate = () => {
    setProblem(null);
    remove.mutate(
      { organizationId, giftCardId: current.id },
      {
        onSuccess: (answer) => {
          if (answer.deleted) {
            notify.success(t('giftCards.deactivate.deleted'));
            navigate(GIFT_CARDS_PATH);
          } else notify.success(t('giftCards.deactivate.deactivated', { balance: money(current.balance) }));
        },
        // A card that changed meanwhile (409): the server says why.
        onError: (error) => setProblem(readerMessage(errorMessage(error))),
      },
    );
  };

  const pinText = current.pin_locked_until
    ? t('giftCards.card.pinLocked', { time: formatDateTime(current.pin_locked_until) })
    : current.has_pin
      ? t('giftCards.card.pinSet')
      : t('giftCards.card.pinNone');
  const facts = [
    { label: t('giftCards.card.number'), value: <CardNumber cardNumber={current.card_number} /> },
    { label: t('giftCards.card.status'), value: <GiftCardStatusBadge status={current.status} /> },
    { label: t('giftCards.card.balance'), value: <Text weight="bold">{money(current.balance)}</Text> },
    { label: t('giftCards.card.initialBalance'), value: current.initial_balance ? money(current.initial_balance) : none },
    { label: t('giftCards.card.type'), value: t(`giftCards.types.${current.gift_card_type}`) },
    { label: t('giftCards.card.design'), value: t(`giftCards.designs.${current.design_template}`, { defaultValue: current.design_template }) },
    { label: t('giftCards.card.expires'), value: current.expires_on ? formatDate(current.expires_on) : t('giftCards.noExpiry') },
    { label: t('giftCards.card.pin'), value: <Text color={current.pin_locked_until ? 'red' : undefined}>{pinText}</Text> },
    { label: t('giftCards.card.customer'), value: customer ? <CustomerName name={customer} /> : none },
    ...(current.suspended_reason ? [{ label: t('giftCards.card.suspendedReason'), value: <Text dir="auto">{current.suspended_reason}</Text> }] : []),
    ...(current.reference_id ? [{ label: t('giftCards.card.reference'), value: <Text dir="auto">{current.reference_id}</Text> }] : []),
    ...(current.notes ? [{ label: t('giftCards.card.notes'), value: <Text dir="auto" style={{ whiteSpace: 'pre-wrap' }}>{current.notes}</Text> }] : []),
    { label: t('giftCards.card.activated'), value: current.activated_at ? formatDateTime(current.activated_at) : none },
    { label: t('giftCards.card.lastActivity'), value: current.last_activity_at ? formatDateTime(current.last_activity_at) : none },
  ];
  const anyAction = Object.values(can).some(Boolean);

  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title={t('giftCards.card.title', { number })}
        description={
          <Flex as="span" gap="2" align="center" wrap="wrap">
            <GiftCardStatusBadge status={current.status} />
            {t(`giftCards.types.${current.gift_card_type}`)}
          </Flex>
        }
        actions={back}
      />
      {problem ? <FormAlert message={problem} /> : null}
      {current.status === 'suspended' && current.suspended_reason ? <Notice color="amber">{`${t('giftCards.card.suspendedReason')}: ${current.suspended_reason}`}</Notice> : null}
      {anyAction ? (
        <Flex gap="2" wrap="wrap" role="group" aria-label={t('giftCards.card.actions')}>
          {can.activate ? <Button onClick={() => setDialog('activate')}>{t('giftCards.actions.activate')}</Button> : null}
          {can.load ? <Button onClick={() => setDialog('load')}>{t('giftCards.actions.load')}</Button> : null}
          {can.redeem ? (
            <Button variant="soft" onClick={() => setDialog('redeem')}>
              {t('giftCards.actions.redeem')}
            </Button>
          ) : null}
          {can.reactivate ? (
            <Button onClick={onReactivate} loading={reactivate.isPending}>
              {t('giftCards.actions.reactivate')}
            </Button>
          ) : null}
          {can.suspend ? (
            <Button variant="soft" color="amber" onClick={() => setDialog('suspend')}>
              {t('giftCards.actions.suspend')}
            </Button>
          ) : null}
          {can.refund ? (
            <Button variant="soft" color="red" onClick={() => setDialog('refund')}>
              {t('giftCards.actions.refund')}
            </Button>
          ) : null}
          {can.adjust ? (
            <Button variant="soft" color="gray" onClick={() => setDialog('adjust')}>
              {t('giftCards.actions.adjust')}
            </Button>
          ) : null}
          {can.edit ? (
            <Button variant="soft" color="gray" onClick={() => setDialog('edit')}>
              {t('giftCards.actions.edit')}
            </Button>
          ) : null}
          {can.deactivate ? (
            <ConfirmDialog
              trigger={
                <Button variant="soft" color="red">
                  {neverHeldMoney ? t('giftCards.actions.delete') : t('giftCards.actions.deactivate')}
                </Button>
              }
              title={neverHeldMoney ? t('giftCards.deactivate.deleteTitle', { number }) : t('giftCards.deactivate.title', { number })}
              description={neverHeldMoney ? t('giftCards.deactivate.deleteDescription') : t('giftCards.deactivate.description', { balance: money(current.balance) })}
              confirmLabel={neverHeldMoney ? t('giftCards.actions.delete') : t('giftCards.actions.deactivate')}
              onConfirm={onDeactivate}
              pending={remove.isPending}
            />
          ) : null}
        </Flex>
      ) : null}
      <Card size="3" asChild>
        <section aria-labelledby="gift-card-details">
          <Heading as="h2" size="4" mb="3" id="gift-card-details">
            {t('giftCards.card.details')}
          </Heading>
          <DocumentFacts facts={facts} />
        </section>
      </Card>
      <Card size="3" asChild>
        <section aria-labelledby="gift-card-ledger">
          <Heading as="h2" size="4" mb="3" id="gift-card-ledger">
            {t('giftCards.card.ledger')}
          </Heading>
          {ledger.isPending ? <Loading /> : null}
          {ledger.isError ? <QueryError error={ledger.error} onRetry={() => void ledger.refetch()} /> : null}
          {ledger.data && ledger.data.data.length === 0 ? <EmptyState>{t('giftCards.card.ledgerEmpty')}</EmptyState> : null}
          {ledger.data && ledger.data.data.length > 0 ? <LedgerTable lines={ledger.data.data} currency={current.currency} caption={t('giftCards.card.ledger')} /> : null}
          {ledger.data ? <Pagination skip={skip} limit={LEDGER_PAGE_SIZE} count={ledger.data.count} onChange={(next) => update({ skip: next ? String(next) : null })} /> : null}
        </section>
      </Card>
      {dialog === 'activate' || dialog === 'load' ? <MoneyDialog organizationId={organizationId} card={current} mode={dialog} onClose={() => setDialog(null)} /> : null}
      {dialog === 'redeem' ? <RedeemDialog organizationId={organizationId} card={current} onClose={() => setDialog(null)} /> : null}
      {dialog === 'suspend' ? <SuspendDialog organizationId={organizationId} card={current} onClose={() => setDialog(null)} /> : null}
      {dialog === 'refund' ? <RefundDialog organizationId={organizationId} card={current} onClose={() => setDialog(null)} /> : null}
      {dialog === 'adjust' ? <AdjustDialog organizationId={organizationId} card={current} onClose={() => setDialog(null)} /> : null}
      {dialog === 'edit' ? <EditCardDialog organizationId={organizationId} card={current} onClose={() => setDialog(null)} /> : null}
    </Flex>
  );
}
