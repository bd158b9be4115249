import { PlusIcon, StackIcon } from '@radix-ui/react-icons';
import { Button, Flex, Grid, Link as RadixLink, Text } from '@radix-ui/themes';
import { GIFT_CARD_STATUSES, GIFT_CARD_TYPES, type GiftCardStatus, type GiftCardType } from '@daftar/shared/schemas/giftCards';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ColumnsTable } from '../../../components/columns-table';
import { ListSearchField, useListParams } from '../../../components/documents/document-list';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { SelectInput } from '../../../components/fields';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { useOrganizationRole } from '../../../lib/authorization';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useGiftCards } from '../api/get-gift-cards';
import { useGiftCardSummary } from '../api/get-gift-card-summary';
import { useSearchGiftCards } from '../api/search-gift-cards';
import { BatchDialog } from '../components/batch-dialog';
import { CardNumber, cardNumberText } from '../components/card-number';
import { CheckCard } from '../components/check-card';
import { CustomerName, useCustomerNames } from '../components/customer-name';
import { giftCardPath } from '../components/paths';
import { SellCardDialog } from '../components/sell-card-dialog';
import { GiftCardStatusBadge } from '../components/status-badge';
import { SummaryTiles } from '../components/summary-tiles';

export const GIFT_CARDS_PAGE_SIZE = 25;
const SEARCH_DELAY_MS = 300;

const isStatus = (value: string | null): value is GiftCardStatus => GIFT_CARD_STATUSES.includes(value as GiftCardStatus);
const isType = (value: string | null): value is GiftCardType => GIFT_CARD_TYPES.includes(value as GiftCardType);
const none = <Text color="gray">—</Text>;

/** What is typed in the search box, written to the address once typing pauses. */
function useDebouncedParam(value: string, onSettled: (value: string) => void) {
  const [draft, setDraft] = useState(value);
  const settled = useRef(onSettled);
  settled.current = onSettled;
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => settled.current(draft), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, value]);
  return [draft, setDraft] as const;
}

/**
 * The gift cards: what they owe together (beside the liability account), a check for the counter,
 * and the cards newest first, by status and type, or found by part of the number, the customer or
 * the notes. Members sell cards; admins print batches.
 */
export function GiftCardsRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organization, organizationId } = useCurrentOrganization();
  const org = organizationId ?? '';
  const role = useOrganizationRole(organizationId);
  const { params, update, skip } = useListParams();
  const statusParam = params.get('status');
  const typeParam = params.get('type');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const type = isType(typeParam) ? typeParam : undefined;
  const q = params.get('q')?.trim() ?? '';
  const [search, setSearch] = useDebouncedParam(params.get('q') ?? '', (value) => update({ q: value, skip: null }));
  const page = { skip, limit: GIFT_CARDS_PAGE_SIZE, status, gift_card_type: type };
  const summary = useGiftCardSummary(org, !!organizationId);
  const listed = useGiftCards(org, page, !!organizationId && !q);
  const found = useSearchGiftCards(org, { ...page, q }, !!organizationId && !!q);
  const cards = q ? found : listed;
  const customerOf = useCustomerNames(organizationId);
  const [dialog, setDialog] = useState<'sell' | 'batch' | null>(null);

  if (!organizationId) return <Loading />;
  const currency = organization?.base_currency ?? 'JOD';
  const rows = cards.data?.data ?? [];
  const filtered = !!(q || status || type);
  const actions =
    role.isMember ? (
      <>
        {role.isAdmin ? (
          <Button variant="soft" onClick={() => setDialog('batch')}>
            <StackIcon />
            {t('giftCards.list.batch')}
          </Button>
        ) : null}
        {role.isMember ? (
          <Button onClick={() => setDialog('sell')}>
            <PlusIcon />
            {t('giftCards.list.sell')}
          </Button>
        ) : null}
      </>
    ) : null;

  return (
    <Flex direction="column" gap="4">
      <PageHeader title={t('giftCards.list.title')} description={t('giftCards.list.intro')} actions={actions} />
      {summary.isError ? <QueryError error={summary.error} onRetry={() => void summary.refetch()} /> : null}
      {summary.data ? <SummaryTiles figures={summary.data} /> : summary.isPending ? <Loading /> : null}
      {role.isMember ? <CheckCard organizationId={organizationId} /> : null}
      <Grid columns={{ initial: '1', sm: '3' }} gap="3" align="end" role="group" aria-label={t('giftCards.list.filters')}>
        <SelectInput
          label={t('giftCards.columns.status')}
          value={status ?? ''}
          onChange={(e) => update({ status: e.target.value, skip: null })}
          options={[{ value: '', label: t('giftCards.list.anyStatus') }, ...GIFT_CARD_STATUSES.map((s) => ({ value: s, label: t(`giftCards.status.${s}`) }))]}
        />
        <SelectInput
          label={t('giftCards.columns.type')}
          value={type ?? ''}
          onChange={(e) => update({ type: e.target.value, skip: null })}
          options={[{ value: '', label: t('giftCards.list.anyType') }, ...GIFT_CARD_TYPES.map((s) => ({ value: s, label: t(`giftCards.types.${s}`) }))]}
        />
        <ListSearchField label={t('giftCards.list.search')} placeholder={t('giftCards.list.searchPlaceholder')} value={search} onChange={setSearch} />
      </Grid>
      {cards.isPending ? <Loading /> : null}
      {cards.isError ? <QueryError error={cards.error} onRetry={() => void cards.refetch()} /> : null}
      {cards.data && rows.length === 0 ? <EmptyState>{filtered ? t('giftCards.list.noMatch') : t('giftCards.list.empty')}</EmptyState> : null}
      {rows.length > 0 ? (
        <ColumnsTable
          variant="surface"
          scroll
          rowAlign="center"
          caption={t('giftCards.list.title')}
          rows={rows}
          rowKey={(card) => card.id}
          columns={[
            {
              header: t('giftCards.columns.number'),
              rowHeader: true,
              cell: (card) => (
                <RadixLink asChild size="2" weight="medium">
                  <Link to={giftCardPath(card.id)} aria-label={t('giftCards.list.open', { number: cardNumberText(card.card_number) })}>
                    <CardNumber cardNumber={card.card_number} />
                  </Link>
                </RadixLink>
              ),
            },
            { header: t('giftCards.columns.type'), cell: (card) => t(`giftCards.types.${card.gift_card_type}`) },
            { header: t('giftCards.columns.status'), cell: (card) => <GiftCardStatusBadge status={card.status} /> },
            {
              header: t('giftCards.columns.customer'),
              cell: (card) => {
                const customer = customerOf(card);
                return customer ? <CustomerName name={customer} /> : none;
              },
            },
            { header: t('giftCards.columns.balance'), end: true, cell: (card) => formatMoney(card.balance, card.currency || currency) },
            { header: t('giftCards.columns.expires'), cell: (card) => (card.expires_on ? formatDate(card.expires_on) : <Text color="gray">{t('giftCards.noExpiry')}</Text>) },
            { header: t('giftCards.columns.lastActivity'), cell: (card) => (card.last_activity_at ? formatDateTime(card.last_activity_at) : none) },
          ]}
        />
      ) : null}
      {cards.data ? <Pagination skip={skip} limit={GIFT_CARDS_PAGE_SIZE} count={cards.data.count} onChange={(next) => update({ skip: next ? String(next) : null })} /> : null}
      {dialog === 'sell' ? <SellCardDialog organizationId={organizationId} currency={currency} onSold={(card) => navigate(giftCardPath(card.id))} onClose={() => setDialog(null)} /> : null}
      {dialog === 'batch' ? <BatchDialog organizationId={organizationId} onClose={() => setDialog(null)} /> : null}
    </Flex>
  );
}
