import { Flex, Switch, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { EXPENSE_STATUSES, type ExpenseStatus } from '@daftar/shared/schemas/expenses';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentListHeader, StatusTabs, useListParams } from '../../../components/documents/document-list';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { SelectInput, TextInput } from '../../../components/fields';
import { Pagination } from '../../../components/pagination';
import { membersQueryOptions, useOrganizationRole } from '../../../lib/authorization';
import { currentLanguage } from '../../../lib/i18n';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useExpenseCategories } from '../api/get-expense-categories';
import { useExpenses } from '../api/get-expenses';
import { ExpensesTable } from '../components/expenses-table';
import { localName } from '../../../lib/names';

export const PAGE_SIZE = 25;

const isStatus = (value: string | null): value is ExpenseStatus => EXPENSE_STATUSES.includes(value as ExpenseStatus);
const isDay = (value: string | null) => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value);

export function ExpensesRoute() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const mineId = useId();
  const { organizationId } = useCurrentOrganization();
  const org = organizationId ?? '';
  const role = useOrganizationRole(organizationId);
  const { params, update, skip } = useListParams();
  const status = isStatus(params.get('status')) ? (params.get('status') as ExpenseStatus) : undefined;
  const mine = params.get('mine') === '1';
  const categoryId = params.get('category') ?? '';
  const dateFrom = params.get('from') ?? '';
  const dateTo = params.get('to') ?? '';
  const rangeBackwards = isDay(dateFrom) && isDay(dateTo) && dateFrom > dateTo;
  const expenses = useExpenses(
    org,
    {
      mine,
      status,
      categoryId: categoryId || undefined,
      dateFrom: isDay(dateFrom) ? dateFrom : undefined,
      dateTo: isDay(dateTo) ? dateTo : undefined,
      skip,
      limit: PAGE_SIZE,
    },
    !!organizationId && !rangeBackwards,
  );
  const categories = useExpenseCategories(org, true);
  const members = useQuery({ ...membersQueryOptions(org), enabled: !!organizationId && !mine });
  const categoryNames = new Map((categories.data?.data ?? []).map((c) => [c.id, localName(c, language)]));
  const memberNames = new Map((members.data?.data ?? []).map((m) => [m.user_id, m.full_name || m.email]));

  if (!organizationId) return <Loading />;
  const tab = status ?? 'all';
  const filtered = !!(status || categoryId || dateFrom || dateTo);
  return (
    <Flex direction="column" gap="4">
      <DocumentListHeader title={t('expenses.title')} description={t('expenses.intro')} newLabel={t('expenses.newExpense')} newTo="/purchases/expenses/new" canCreate={role.isMember} />
      <StatusTabs
        label={t('expenses.statusFilter')}
        value={tab}
        onChange={(value) => update({ status: value === 'all' ? null : value, skip: null })}
        tabs={[{ value: 'all', label: t('common.all') }, ...EXPENSE_STATUSES.map((s) => ({ value: s, label: t(`expenses.statuses.${s}`) }))]}
      >
        <Flex gap="4" align="end" wrap="wrap">
          <SelectInput
            label={t('expenses.fields.category')}
            value={categoryId}
            onChange={(e) => update({ category: e.target.value, skip: null })}
            options={[{ value: '', label: t('expenses.allCategories') }, ...(categories.data?.data ?? []).map((c) => ({ value: c.id, label: localName(c, language) }))]}
          />
          <TextInput label={t('expenses.dateFrom')} type="date" value={dateFrom} onChange={(e) => update({ from: e.target.value, skip: null })} />
          <TextInput
            label={t('expenses.dateTo')}
            type="date"
            value={dateTo}
            error={rangeBackwards ? t('validation.dateRange') : undefined}
            onChange={(e) => update({ to: e.target.value, skip: null })}
          />
          <Flex gap="2" align="center" pb="2">
            <Switch id={mineId} checked={mine} onCheckedChange={(checked) => update({ mine: checked ? '1' : null, skip: null })} />
            <Text as="label" htmlFor={mineId} size="2">
              {t('expenses.mine')}
            </Text>
          </Flex>
        </Flex>
        {expenses.isPending && !rangeBackwards ? <Loading /> : null}
        {expenses.isError ? <QueryError error={expenses.error} onRetry={() => void expenses.refetch()} /> : null}
        {expenses.data && expenses.data.data.length === 0 ? (
          <EmptyState>{filtered ? t('expenses.noMatches') : mine ? t('expenses.noneOfMine') : t('expenses.empty')}</EmptyState>
        ) : null}
        {expenses.data && expenses.data.data.length > 0 ? (
          <ExpensesTable
            expenses={expenses.data.data}
            caption={mine ? t('expenses.mineCaption') : t('expenses.title')}
            categoryName={(id) => categoryNames.get(id) ?? (categories.isPending ? '…' : t('expenses.unknownCategory'))}
            filerName={mine ? undefined : (userId) => memberNames.get(userId) ?? (members.isPending ? '…' : t('expenses.formerMember'))}
          />
        ) : null}
        {expenses.data ? <Pagination skip={skip} limit={PAGE_SIZE} count={expenses.data.count} onChange={(next) => update({ skip: next ? String(next) : null })} /> : null}
      </StatusTabs>
    </Flex>
  );
}
