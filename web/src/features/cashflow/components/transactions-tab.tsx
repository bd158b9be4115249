import { Pencil1Icon, PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { Badge, Button, Flex, Grid, IconButton, Link as RadixLink, Text, Tooltip } from '@radix-ui/themes';
import { CASH_FLOW_TYPES, type CashFlowType } from '@daftar/shared/cashflow/classify';
import { CASH_FLOW_DIRECTIONS } from '@daftar/shared/schemas/cashflow';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ColumnsTable } from '../../../components/columns-table';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListSearchField, useListParams } from '../../../components/documents/document-list';
import { EmptyState, Loading, Notice, QueryError } from '../../../components/feedback';
import { SelectInput, TextInput } from '../../../components/fields';
import { Pagination } from '../../../components/pagination';
import { formatDate, formatMoney } from '../../../lib/format';
import { notify, errorMessage } from '../../../lib/notify';
import { useDisplayName } from '../../../lib/names';
import { useLedgerAccounts } from '../../banking/api/get-ledger-accounts';
import { useDeleteCashFlowEntry } from '../api/delete-cash-flow-entry';
import { useCashFlowTransactions, type CashFlowListParams } from '../api/get-cash-flow-transactions';
import type { CashFlowLine } from '../api/keys';
import { useSearchCashFlow } from '../api/search-cash-flow-transactions';
import { CategoryDialog } from './category-dialog';
import { EntryDialog } from './entry-dialog';
import { CASH_FLOW_CATEGORY_KEYS, categoryLabel, describeLine, isCashAccount, sourceLabel, type CashFlowCategory } from './labels';

export const CASH_FLOW_PAGE_SIZE = 25;
const TYPING_DELAY_MS = 300;
/** An amount filter is sent only once it reads as an amount (the server refuses anything else with a 422). */
const AMOUNT = /^\d+(\.\d{1,3})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => (values.includes(value as T) ? (value as T) : undefined);

/** What is typed, written to the address once typing pauses. */
function useSettledParam(value: string, onSettled: (value: string) => void) {
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

interface TransactionsTabProps {
  organizationId: string;
  currency: string;
  timezone?: string;
  /** Members change categories and manual entries; viewers read. */
  canEdit: boolean;
}

/**
 * Every movement of a cash or bank account with what it was for, filtered on the server (or
 * searched by words). Posted lines are their posting's record: only their category changes (never a
 * transfer's), and they link to their journal entry. Manual entries are added, changed and deleted here.
 */
export function TransactionsTab({ organizationId, currency, timezone, canEdit }: TransactionsTabProps) {
  const { t } = useTranslation();
  const lineName = (line: CashFlowLine) => describeLine(t, line);
  const { params, update, skip } = useListParams();
  const get = (key: string) => params.get(key) ?? '';
  const accounts = useLedgerAccounts(organizationId);
  const name = useDisplayName();
  const [search, setSearch] = useSettledParam(get('q'), (value) => update({ q: value, skip: null }));
  const [amountMin, setAmountMin] = useSettledParam(get('amount_min'), (value) => update({ amount_min: value, skip: null }));
  const [amountMax, setAmountMax] = useSettledParam(get('amount_max'), (value) => update({ amount_max: value, skip: null }));
  const q = get('q').trim();

  const filters: CashFlowListParams = {
    skip,
    limit: CASH_FLOW_PAGE_SIZE,
    cash_flow_type: oneOf<CashFlowType>(CASH_FLOW_TYPES, params.get('type')),
    cash_flow_category: oneOf<CashFlowCategory>(CASH_FLOW_CATEGORY_KEYS, params.get('category')),
    account_id: get('account') || undefined,
    direction: oneOf(CASH_FLOW_DIRECTIONS, params.get('direction')),
    amount_min: AMOUNT.test(get('amount_min')) ? get('amount_min') : undefined,
    amount_max: AMOUNT.test(get('amount_max')) ? get('amount_max') : undefined,
    date_from: DATE.test(get('from')) ? get('from') : undefined,
    date_to: DATE.test(get('to')) ? get('to') : undefined,
  };
  const listed = useCashFlowTransactions(organizationId, filters, !q);
  const found = useSearchCashFlow(organizationId, { skip, limit: CASH_FLOW_PAGE_SIZE, q }, !!q);
  const lines = q ? found : listed;
  const rows = lines.data?.data ?? [];
  const filtered = !!q || Object.entries(filters).some(([key, value]) => key !== 'skip' && key !== 'limit' && value !== undefined);

  const [dialog, setDialog] = useState<{ kind: 'category' | 'entry'; line: CashFlowLine | null } | null>(null);
  const remove = useDeleteCashFlowEntry();
  const onDelete = (line: CashFlowLine) =>
    remove.mutate({ organizationId, transactionId: line.id }, { onSuccess: () => notify.success(t('cashFlow.entry.deleted')), onError: (error) => notify.error(errorMessage(error)) });

  const accountOptions = [{ value: '', label: t('cashFlow.transactions.any') }, ...(accounts.data ?? []).filter(isCashAccount).map((a) => ({ value: a.id, label: `${a.code} · ${name(a.name, a.name_ar)}` }))];
  const accountName = new Map((accounts.data ?? []).map((a) => [a.id, name(a.name, a.name_ar)]));
  const any = { value: '', label: t('cashFlow.transactions.any') };

  return (
    <Flex direction="column" gap="4" pt="4">
      <Grid columns={{ initial: '1', xs: '2', md: '4' }} gap="3" align="end" role="group" aria-label={t('cashFlow.transactions.filters')}>
        <SelectInput
          label={t('cashFlow.transactions.type')}
          value={filters.cash_flow_type ?? ''}
          onChange={(e) => update({ type: e.target.value, skip: null })}
          options={[any, ...CASH_FLOW_TYPES.map((type) => ({ value: type, label: t(`cashFlow.types.${type}`) }))]}
        />
        <SelectInput
          label={t('cashFlow.transactions.category')}
          value={filters.cash_flow_category ?? ''}
          onChange={(e) => update({ category: e.target.value, skip: null })}
          options={[any, ...CASH_FLOW_CATEGORY_KEYS.map((c) => ({ value: c, label: categoryLabel(t, c) }))]}
        />
        <SelectInput label={t('cashFlow.transactions.account')} value={filters.account_id ?? ''} onChange={(e) => update({ account: e.target.value, skip: null })} options={accountOptions} />
        <SelectInput
          label={t('cashFlow.transactions.direction')}
          value={filters.direction ?? ''}
          onChange={(e) => update({ direction: e.target.value, skip: null })}
          options={[any, ...CASH_FLOW_DIRECTIONS.map((d) => ({ value: d, label: t(`cashFlow.directions.${d}`) }))]}
        />
        <TextInput label={t('cashFlow.transactions.amountMin')} value={amountMin} onChange={(e) => setAmountMin(e.target.value)} inputMode="decimal" dir="ltr" placeholder="0.000" />
        <TextInput label={t('cashFlow.transactions.amountMax')} value={amountMax} onChange={(e) => setAmountMax(e.target.value)} inputMode="decimal" dir="ltr" placeholder="0.000" />
        <TextInput label={t('cashFlow.transactions.dateFrom')} type="date" value={get('from')} onChange={(e) => update({ from: e.target.value, skip: null })} />
        <TextInput label={t('cashFlow.transactions.dateTo')} type="date" value={get('to')} onChange={(e) => update({ to: e.target.value, skip: null })} />
      </Grid>
      <Flex gap="3" align="center" wrap="wrap" justify="between">
        <Flex gap="3" align="center" wrap="wrap" style={{ flex: 1, minWidth: 260 }}>
          <ListSearchField label={t('cashFlow.transactions.search')} placeholder={t('cashFlow.transactions.searchPlaceholder')} value={search} onChange={setSearch} style={{ flex: 1 }} />
          {filtered ? (
            <Button variant="ghost" onClick={() => update({ q: null, type: null, category: null, account: null, direction: null, amount_min: null, amount_max: null, from: null, to: null, skip: null })}>
              {t('cashFlow.transactions.clear')}
            </Button>
          ) : null}
        </Flex>
        {canEdit ? (
          <Button onClick={() => setDialog({ kind: 'entry', line: null })}>
            <PlusIcon />
            {t('cashFlow.transactions.add')}
          </Button>
        ) : null}
      </Flex>
      {q ? <Notice color="gray">{t('cashFlow.transactions.searchNote')}</Notice> : null}
      {lines.isPending ? <Loading /> : null}
      {lines.isError ? <QueryError error={lines.error} onRetry={() => void lines.refetch()} /> : null}
      {lines.data && rows.length === 0 ? <EmptyState>{filtered ? t('cashFlow.transactions.noMatch') : t('cashFlow.transactions.empty')}</EmptyState> : null}
      {rows.length > 0 ? (
        <ColumnsTable
          variant="surface"
          scroll
          rowAlign="center"
          caption={t('cashFlow.transactions.caption')}
          rows={rows}
          rowKey={(line) => line.id}
          columns={[
            { header: t('cashFlow.transactions.date'), cell: (line) => formatDate(line.date) },
            {
              header: t('cashFlow.transactions.description'),
              rowHeader: true,
              cell: (line) => (
                <Flex direction="column" gap="1">
                  <Text dir="auto">{lineName(line)}</Text>
                  <Flex gap="1" wrap="wrap">
                    {line.is_manual_entry ? (
                      <Badge color={line.is_planned ? 'amber' : 'gray'}>{line.is_planned ? t('cashFlow.transactions.planned') : t('cashFlow.transactions.manual')}</Badge>
                    ) : null}
                    {line.account_id && accountName.get(line.account_id) ? (
                      <Text size="1" color="gray">
                        {accountName.get(line.account_id)}
                      </Text>
                    ) : null}
                  </Flex>
                </Flex>
              ),
            },
            {
              header: t('cashFlow.transactions.category'),
              cell: (line) => (
                <Flex direction="column" gap="1">
                  <Flex gap="1" align="center">
                    <Text>{categoryLabel(t, line.cash_flow_category)}</Text>
                    {canEdit && !line.is_manual_entry ? (
                      line.cash_flow_category === 'transfers' ? (
                        <Tooltip content={t('cashFlow.transactions.transferLocked')}>
                          <Text size="1" color="gray" aria-label={t('cashFlow.transactions.transferLocked')}>
                            🔒
                          </Text>
                        </Tooltip>
                      ) : (
                        <IconButton size="1" variant="ghost" aria-label={t('cashFlow.transactions.changeCategoryOf', { description: lineName(line) })} onClick={() => setDialog({ kind: 'category', line })}>
                          <Pencil1Icon />
                        </IconButton>
                      )
                    ) : null}
                  </Flex>
                  {line.original_category && line.original_category !== line.cash_flow_category ? (
                    <Text size="1" color="gray">
                      {t('cashFlow.transactions.from', { category: categoryLabel(t, line.original_category) })}
                    </Text>
                  ) : null}
                </Flex>
              ),
            },
            {
              header: t('cashFlow.transactions.source'),
              cell: (line) =>
                line.journal_entry_id ? (
                  <RadixLink asChild size="2">
                    <Link to={`/accounting/journal/${line.journal_entry_id}`} aria-label={t('cashFlow.transactions.openEntry', { name: line.entry_name ?? '' })}>
                      {line.entry_name ?? t('cashFlow.transactions.journalEntry')}
                    </Link>
                  </RadixLink>
                ) : (
                  <Text color="gray">{line.is_manual_entry ? t('cashFlow.transactions.manual') : sourceLabel(t, line.source_type)}</Text>
                ),
            },
            {
              header: t('cashFlow.transactions.amount'),
              end: true,
              cell: (line) => (
                <Text color={line.direction === 'in' ? 'green' : 'red'} data-direction={line.direction}>
                  {formatMoney(line.amount, currency)}
                </Text>
              ),
            },
            canEdit && {
              header: t('cashFlow.transactions.actions'),
              cell: (line) =>
                line.is_manual_entry ? (
                  <Flex gap="2">
                    <IconButton size="1" variant="soft" aria-label={t('cashFlow.transactions.editOf', { description: lineName(line) })} onClick={() => setDialog({ kind: 'entry', line })}>
                      <Pencil1Icon />
                    </IconButton>
                    <ConfirmDialog
                      trigger={
                        <IconButton size="1" variant="soft" color="red" aria-label={t('cashFlow.transactions.deleteOf', { description: lineName(line) })}>
                          <TrashIcon />
                        </IconButton>
                      }
                      title={t('cashFlow.entry.deleteTitle')}
                      description={t('cashFlow.entry.deleteText', { description: lineName(line), date: formatDate(line.date), amount: formatMoney(line.amount.replace(/^-/, ''), currency) })}
                      confirmLabel={t('cashFlow.transactions.delete')}
                      onConfirm={() => onDelete(line)}
                      pending={remove.isPending}
                    />
                  </Flex>
                ) : null,
            },
          ]}
        />
      ) : null}
      {lines.data ? <Pagination skip={skip} limit={CASH_FLOW_PAGE_SIZE} count={lines.data.count} onChange={(next) => update({ skip: next ? String(next) : null })} /> : null}
      {dialog?.kind === 'category' && dialog.line ? <CategoryDialog organizationId={organizationId} line={dialog.line} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'entry' ? <EntryDialog organizationId={organizationId} currency={currency} timezone={timezone} line={dialog.line} onClose={() => setDialog(null)} /> : null}
    </Flex>
  );
}
