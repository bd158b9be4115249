import { Button, Card, DataList, Flex, Link as RadixLink, Tabs, Text } from '@radix-ui/themes';
import type { BudgetStatus } from '@daftar/shared/schemas/budgets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ActionButton, ActionDialog } from '../../../components/documents/confirm-action-dialog';
import { EmptyState, Loading, Notice, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useCalculateBudgetTotals } from '../api/calculate-budget-totals';
import { useDeleteBudget } from '../api/delete-budget';
import { useBudget, type Budget } from '../api/get-budget';
import { useBudgetVsActual } from '../api/get-budget-vs-actual';
import { useUpdateBudget } from '../api/update-budget';
import { AddLineDialog } from '../components/add-line-dialog';
import { BudgetGrid } from '../components/budget-grid';
import { BudgetStatusBadge } from '../components/budget-status-badge';
import { BudgetVsActualTable } from '../components/budget-vs-actual';
import { monthLabel } from '../components/figures';

/** Where an admin may move a budget from each status (one active budget per fiscal year, checked by the API). */
const MOVES: Record<BudgetStatus, { to: BudgetStatus; label: string }[]> = {
  draft: [{ to: 'active', label: 'budgets.actions.activate' }],
  active: [
    { to: 'closed', label: 'budgets.actions.close' },
    { to: 'draft', label: 'budgets.actions.backToDraft' },
  ],
  closed: [{ to: 'draft', label: 'budgets.actions.reopen' }],
};

function BudgetActions({ organizationId, budget, isAdmin, isMember }: { organizationId: string; budget: Budget; isAdmin: boolean; isMember: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const calculate = useCalculateBudgetTotals();
  const update = useUpdateBudget();
  const remove = useDeleteBudget();
  const ids = { organizationId, budgetId: budget.id };
  return (
    <Flex gap="2" wrap="wrap" justify="end">
      {isMember && budget.status !== 'closed' ? (
        <ActionButton
          variant="soft"
          pending={calculate.isPending}
          onAction={async () => {
            await calculate.mutateAsync(ids);
            notify.success(t('budgets.actions.calculated'));
          }}
        >
          {t('budgets.actions.calculate')}
        </ActionButton>
      ) : null}
      {isAdmin
        ? MOVES[budget.status].map((move) => (
            <ActionButton
              key={move.to}
              variant={move.to === 'active' ? 'solid' : 'soft'}
              pending={update.isPending && update.variables?.data.status === move.to}
              disabled={update.isPending}
              onAction={async () => {
                const changed = await update.mutateAsync({ ...ids, data: { status: move.to, version: budget.version } });
                notify.success(t('budgets.actions.statusChanged', { status: t(`budgets.statuses.${changed.status}`) }));
              }}
            >
              {t(move.label)}
            </ActionButton>
          ))
        : null}
      {isAdmin && budget.status !== 'active' ? (
        <ActionDialog
          trigger={
            <Button variant="soft" color="red">
              {t('common.delete')}
            </Button>
          }
          title={t('budgets.actions.deleteTitle', { name: budget.name })}
          description={t('budgets.actions.deleteDescription')}
          confirmLabel={t('common.delete')}
          color="red"
          pending={remove.isPending}
          onConfirm={async () => {
            await remove.mutateAsync({ ...ids, version: budget.version });
            notify.success(t('budgets.actions.deleted', { name: budget.name }));
            navigate('/accounting/budgets');
          }}
        />
      ) : null}
    </Flex>
  );
}

export function BudgetRoute() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { budgetId = '' } = useParams();
  const { organizationId } = useCurrentOrganization();
  const org = organizationId ?? '';
  const role = useOrganizationRole(organizationId);
  const [tab, setTab] = useState('lines');
  const budget = useBudget(org, budgetId);
  const comparison = useBudgetVsActual(org, budgetId, tab === 'vs-actual');

  if (!organizationId || budget.isPending) return <Loading />;
  if (budget.isError) return <QueryError error={budget.error} onRetry={() => void budget.refetch()} />;
  const doc = budget.data;
  const editable = role.isMember && doc.status !== 'closed';
  const first = doc.months[0];
  const last = doc.months[doc.months.length - 1];

  return (
    <Flex direction="column" gap="4">
      <RadixLink asChild size="2">
        <Link to="/accounting/budgets">{t('budgets.backToList')}</Link>
      </RadixLink>
      <PageHeader
        title={doc.name}
        description={<BudgetStatusBadge status={doc.status} />}
        actions={role.isLoading ? null : <BudgetActions organizationId={organizationId} budget={doc} isAdmin={role.isAdmin} isMember={role.isMember} />}
      />
      <Card size="2">
        <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
          <DataList.Item>
            <DataList.Label>{t('budgets.list.fiscalYear')}</DataList.Label>
            <DataList.Value>{doc.fiscal_year}</DataList.Value>
          </DataList.Item>
          {first && last ? (
            <DataList.Item>
              <DataList.Label>{t('budgets.view.months')}</DataList.Label>
              <DataList.Value>{t('budgets.view.monthRange', { from: monthLabel(first, language), to: monthLabel(last, language) })}</DataList.Value>
            </DataList.Item>
          ) : null}
          <DataList.Item>
            <DataList.Label>{t('budgets.view.totalsCalculated')}</DataList.Label>
            <DataList.Value>{doc.totals_calculated_at ? formatDateTime(doc.totals_calculated_at) : t('budgets.view.never')}</DataList.Value>
          </DataList.Item>
          {doc.notes ? (
            <DataList.Item>
              <DataList.Label>{t('budgets.create.notes')}</DataList.Label>
              <DataList.Value>
                <Text style={{ whiteSpace: 'pre-wrap' }}>{doc.notes}</Text>
              </DataList.Value>
            </DataList.Item>
          ) : null}
        </DataList.Root>
      </Card>
      {doc.status === 'closed' ? <Notice color="gray">{t('budgets.view.closedNotice')}</Notice> : null}
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List aria-label={t('budgets.view.tabs')}>
          <Tabs.Trigger value="lines">{t('budgets.view.linesTab')}</Tabs.Trigger>
          <Tabs.Trigger value="vs-actual">{t('budgets.view.vsActualTab')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="lines">
          <Flex direction="column" gap="3" pt="4">
            {editable ? (
              <Flex justify="between" align="center" gap="3" wrap="wrap">
                <Text size="2" color="gray">
                  {t('budgets.view.gridHint')}
                </Text>
                <AddLineDialog organizationId={organizationId} budget={doc} />
              </Flex>
            ) : null}
            {doc.lines.length === 0 ? <EmptyState>{t('budgets.view.noLines')}</EmptyState> : <BudgetGrid key={doc.id} organizationId={organizationId} budget={doc} editable={editable} />}
          </Flex>
        </Tabs.Content>
        <Tabs.Content value="vs-actual">
          <Flex direction="column" gap="3" pt="4">
            {comparison.isPending ? <Loading /> : null}
            {comparison.isError ? <QueryError error={comparison.error} onRetry={() => void comparison.refetch()} /> : null}
            {comparison.data && comparison.data.lines.length === 0 ? <EmptyState>{t('budgets.view.noLines')}</EmptyState> : null}
            {comparison.data && comparison.data.lines.length > 0 ? <BudgetVsActualTable comparison={comparison.data} /> : null}
          </Flex>
        </Tabs.Content>
      </Tabs.Root>
    </Flex>
  );
}
