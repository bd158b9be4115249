import { ArchiveIcon } from '@radix-ui/react-icons';
import { Button, Tabs } from '@radix-ui/themes';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Loading, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useCurrentOrganization } from '../../../lib/organizations';
import { usePosTransactions } from '../api/get-pos-transactions';
import { AllReportsTab, type AllReportsFilters } from '../components/all-reports-tab';
import { BulkExportDialog } from '../components/bulk-export-dialog';
import { CashFlowTab } from '../components/cash-flow-tab';
import { filterCatalogue } from '../utils/catalogue';
import { defaultPeriodChoice, periodProblem } from '../utils/periods';

const TABS = ['all', 'cash-flow'] as const;
type Tab = (typeof TABS)[number];

/** /accounting/reports — SPEC §2 Financial Reports: All Reports and Cash Flow Reports, Bulk Export in the header. */
export function ReportsRoute() {
  const { t } = useTranslation();
  const { organization, isLoading, error } = useCurrentOrganization();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'cash-flow' ? 'cash-flow' : 'all';
  const [filters, setFilters] = useState<AllReportsFilters>(() => ({ search: '', category: 'all', period: defaultPeriodChoice(organization?.timezone) }));
  const [bulkOpen, setBulkOpen] = useState(false);
  // Read as SPEC §2 has the screen do, though nothing here shows them (see get-pos-transactions.ts).
  usePosTransactions(organization?.id ?? null);

  const visible = useMemo(
    () => filterCatalogue((id) => ({ title: t(`reports.catalogue.${id}.title`), description: t(`reports.catalogue.${id}.description`) }), filters.search, filters.category),
    [t, filters.search, filters.category],
  );

  if (isLoading) return <Loading />;
  if (error) return <QueryError error={error} />;
  if (!organization) return <Loading />;

  const calendar = { timezone: organization.timezone, fiscal_year_start_month: organization.fiscal_year_start_month };
  const periodValid = periodProblem(filters.period, calendar) === null;

  const selectTab = (next: string) => {
    const params = new URLSearchParams(searchParams);
    if (next === 'cash-flow') params.set('tab', 'cash-flow');
    else params.delete('tab');
    setSearchParams(params, { replace: true });
  };

  return (
    <>
      <PageHeader
        title={t('reports.title')}
        description={t('reports.subtitle')}
        actions={
          <Button onClick={() => setBulkOpen(true)}>
            <ArchiveIcon />
            {t('reports.bulk.button')}
          </Button>
        }
      />
      <Tabs.Root value={tab} onValueChange={selectTab}>
        <Tabs.List>
          <Tabs.Trigger value="all">{t('reports.tabs.all')}</Tabs.Trigger>
          <Tabs.Trigger value="cash-flow">{t('reports.tabs.cashFlow')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="all">
          <AllReportsTab
            organization={organization}
            filters={filters}
            onFiltersChange={setFilters}
            reports={visible}
            periodValid={periodValid}
            onCustomReport={() => setBulkOpen(true)}
          />
        </Tabs.Content>
        <Tabs.Content value="cash-flow">
          <CashFlowTab organization={organization} />
        </Tabs.Content>
      </Tabs.Root>
      <BulkExportDialog organization={organization} open={bulkOpen} onOpenChange={setBulkOpen} visibleReports={visible.map((r) => r.id)} period={filters.period} />
    </>
  );
}
