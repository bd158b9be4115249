import { Flex, Link as RadixLink, Table } from '@radix-ui/themes';
import { BUDGET_STATUSES, type BudgetStatus } from '@daftar/shared/schemas/budgets';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { TableCaption } from '../../../components/document-lines-editor';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { SelectInput, TextInput } from '../../../components/fields';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { useOrganizationRole } from '../../../lib/authorization';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useBudgets, type BudgetListItem } from '../api/get-budgets';
import { BudgetStatusBadge } from '../components/budget-status-badge';
import { CreateBudgetDialog } from '../components/create-budget-dialog';

export const PAGE_SIZE = 25;

const isStatus = (value: string | null): value is BudgetStatus => BUDGET_STATUSES.includes(value as BudgetStatus);
const yearOf = (value: string | null) => (value && /^\d{4}$/.test(value) ? Number(value) : undefined);

function BudgetsTable({ budgets }: { budgets: BudgetListItem[] }) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll">
      <Table.Root variant="surface">
        <TableCaption>{t('budgets.title')}</TableCaption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('budgets.list.name')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('budgets.list.fiscalYear')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('budgets.list.status')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('budgets.list.lines')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('budgets.totals.income')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('budgets.totals.expense')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('budgets.totals.net')}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {budgets.map((budget) => (
            <Table.Row key={budget.id}>
              <Table.RowHeaderCell>
                <RadixLink asChild>
                  <Link to={`/accounting/budgets/${budget.id}`}>{budget.name}</Link>
                </RadixLink>
              </Table.RowHeaderCell>
              <Table.Cell>{budget.fiscal_year}</Table.Cell>
              <Table.Cell>
                <BudgetStatusBadge status={budget.status} />
              </Table.Cell>
              <Table.Cell justify="end">{formatNumber(budget.line_count)}</Table.Cell>
              <Table.Cell justify="end">{formatMoney(budget.totals.income.total, budget.currency)}</Table.Cell>
              <Table.Cell justify="end">{formatMoney(budget.totals.expense.total, budget.currency)}</Table.Cell>
              <Table.Cell justify="end">{formatMoney(budget.totals.net.total, budget.currency)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}

export function BudgetsRoute() {
  const { t } = useTranslation();
  const { organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const [params, setParams] = useSearchParams();
  const status = isStatus(params.get('status')) ? (params.get('status') as BudgetStatus) : undefined;
  const yearText = params.get('year') ?? '';
  const fiscalYear = yearOf(yearText);
  const skip = Math.max(0, Number(params.get('skip')) || 0);
  const budgets = useBudgets(organizationId ?? '', { fiscalYear, status, skip, limit: PAGE_SIZE });

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

  if (!organizationId) return <Loading />;
  return (
    <Flex direction="column" gap="4">
      <PageHeader title={t('budgets.title')} description={t('budgets.intro')} actions={role.isMember ? <CreateBudgetDialog organizationId={organizationId} /> : null} />
      <Flex gap="4" align="end" wrap="wrap">
        <TextInput
          label={t('budgets.list.fiscalYear')}
          inputMode="numeric"
          placeholder={String(new Date().getFullYear())}
          value={yearText}
          error={yearText && !fiscalYear ? t('budgets.errors.fiscalYear') : undefined}
          onChange={(e) => update({ year: e.target.value.trim(), skip: null })}
        />
        <SelectInput
          label={t('budgets.list.status')}
          value={status ?? ''}
          onChange={(e) => update({ status: e.target.value, skip: null })}
          options={[{ value: '', label: t('common.all') }, ...BUDGET_STATUSES.map((s) => ({ value: s, label: t(`budgets.statuses.${s}`) }))]}
        />
      </Flex>
      {budgets.isPending ? <Loading /> : null}
      {budgets.isError ? <QueryError error={budgets.error} onRetry={() => void budgets.refetch()} /> : null}
      {budgets.data && budgets.data.data.length === 0 ? <EmptyState>{fiscalYear || status ? t('budgets.list.noMatches') : t('budgets.list.empty')}</EmptyState> : null}
      {budgets.data && budgets.data.data.length > 0 ? <BudgetsTable budgets={budgets.data.data} /> : null}
      {budgets.data ? <Pagination skip={skip} limit={PAGE_SIZE} count={budgets.data.count} onChange={(next) => update({ skip: next ? String(next) : null })} /> : null}
    </Flex>
  );
}
