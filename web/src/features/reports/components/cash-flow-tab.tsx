import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Button, Callout, Flex, Spinner, Tabs, Text } from '@radix-ui/themes';
import { EXPORT_FORMATS, type ExportFormat } from '@daftar/shared/schemas/reportCatalogue';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectInput } from '../../../components/fields';
import { notify } from '../../../lib/notify';
import type { Organization } from '../../../lib/organizations';
import { CATEGORY_TYPES, useCashFlowCategories, type CategoryType } from '../api/get-cash-flow-categories';
import { useCashFlowStatement } from '../api/get-cash-flow-statement';
import { useExportCashFlowStatement } from '../api/export-cash-flow-statement';
import { usePayablesAnalysis } from '../api/get-payables-analysis';
import { useReceivablesAnalysis } from '../api/get-receivables-analysis';
import { useWorkingCapital } from '../api/get-working-capital';
import { exportFileName } from '../utils/files';
import { CASH_FLOW_PERIODS } from '../utils/periods';
import { useReportLanguage } from '../utils/use-report-language';
import { PayablesPanel, ReceivablesPanel, WorkingCapitalPanel } from './analysis-panels';
import { CashFlowStatementPanel } from './cash-flow-statement-panel';
import { CategoryAnalysisPanel } from './category-analysis-panel';

type CashFlowPeriod = (typeof CASH_FLOW_PERIODS)[number];

const INNER_TABS = ['statement', 'categories', 'receivables', 'payables', 'workingCapital'] as const;
type InnerTab = (typeof INNER_TABS)[number];

/**
 * SPEC §2 Cash Flow Reports tab. It loads the statement and the category report for the chosen
 * period, and (SPEC §7) the receivables, payables and working-capital analyses for the
 * organization (shown on their sub-tabs, each with its exports); any of them loading shows the
 * loading text, any failing the error alert.
 */
export function CashFlowTab({ organization }: { organization: Organization | null }) {
  const { t } = useTranslation();
  const language = useReportLanguage();
  const organizationId = organization?.id ?? null;
  const [period, setPeriod] = useState<CashFlowPeriod>('current_month');
  const [categoryType, setCategoryType] = useState<CategoryType>('all');
  const [tab, setTab] = useState<InnerTab>('statement');
  const [exporting, setExporting] = useState<ExportFormat | null>(null);

  const statement = useCashFlowStatement(organizationId, period, language);
  const categories = useCashFlowCategories(organizationId, period, categoryType, language);
  const receivables = useReceivablesAnalysis(organizationId);
  const payables = usePayablesAnalysis(organizationId);
  const workingCapital = useWorkingCapital(organizationId);
  const exportStatement = useExportCashFlowStatement();

  const loads = [statement, categories, receivables, payables, workingCapital];
  const loading = loads.some((load) => load.isLoading);
  const failed = !loading && loads.some((load) => load.isError);
  const currency = organization?.base_currency ?? 'JOD';

  const onExport = (format: ExportFormat) => {
    if (!organization) return notify.error(t('reports.cashFlow.errors.noOrganization'));
    setExporting(format);
    exportStatement.mutate(
      { organizationId: organization.id, format, period, language, fileName: exportFileName('cash-flow-statement', organization.name, format, organization.timezone) },
      {
        onSuccess: () => notify.success(t('reports.cashFlow.export.downloaded', { format: format.toUpperCase() })),
        onError: () => notify.error(t('reports.cashFlow.export.failed', { format })),
        onSettled: () => setExporting(null),
      },
    );
  };

  return (
    <Flex direction="column" gap="4" pt="4">
      <Flex gap="4" wrap="wrap" align="end" justify="between">
        <Flex gap="3" wrap="wrap" align="end">
          <SelectInput
            label={t('reports.period.label')}
            name="cash-flow-period"
            value={period}
            onChange={(e) => setPeriod(e.target.value as CashFlowPeriod)}
            options={CASH_FLOW_PERIODS.map((p) => ({ value: p, label: t(`reports.period.options.${p}`) }))}
          />
          <SelectInput
            label={t('reports.cashFlow.categoryType.label')}
            name="category-type"
            value={categoryType}
            onChange={(e) => setCategoryType(e.target.value as CategoryType)}
            options={CATEGORY_TYPES.map((type) => ({ value: type, label: t(`reports.cashFlow.categoryType.options.${type}`) }))}
          />
        </Flex>
        <Flex gap="2" role="group" aria-label={t('reports.cashFlow.export.label')} data-export-state={exporting ? 'exporting' : 'idle'}>
          {EXPORT_FORMATS.map((format) => (
            <Button key={format} variant="soft" loading={exporting === format} disabled={exporting !== null} onClick={() => onExport(format)}>
              {t(`reports.formats.${format}`)}
            </Button>
          ))}
        </Flex>
      </Flex>

      {loading ? (
        <Flex direction="column" align="center" gap="2" py="8" role="status" aria-live="polite">
          <Spinner size="3" />
          <Text weight="medium">{t('reports.cashFlow.loading.title')}</Text>
          <Text size="2" color="gray">
            {t('reports.cashFlow.loading.text')}
          </Text>
        </Flex>
      ) : failed ? (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text weight="bold">{t('reports.cashFlow.error.title')}</Callout.Text>
          <Callout.Text>{t('reports.cashFlow.error.text')}</Callout.Text>
          <Flex>
            <Button
              size="1"
              variant="soft"
              color="red"
              onClick={() => loads.filter((load) => load.isError).forEach((load) => void load.refetch())}
            >
              {t('common.retry')}
            </Button>
          </Flex>
        </Callout.Root>
      ) : (
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value as InnerTab)}>
          <Tabs.List wrap="wrap">
            {INNER_TABS.map((inner) => (
              <Tabs.Trigger key={inner} value={inner}>
                {t(`reports.cashFlow.tabs.${inner}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="statement">
            <Flex direction="column" pt="4">
              <CashFlowStatementPanel statement={statement.data} currency={currency} />
            </Flex>
          </Tabs.Content>
          <Tabs.Content value="categories">
            <Flex direction="column" pt="4">
              <CategoryAnalysisPanel report={categories.data} categoryType={categoryType} currency={currency} />
            </Flex>
          </Tabs.Content>
          <Tabs.Content value="receivables">
            <Flex direction="column" pt="4">
              {receivables.data ? <ReceivablesPanel organization={organization} analysis={receivables.data} /> : null}
            </Flex>
          </Tabs.Content>
          <Tabs.Content value="payables">
            <Flex direction="column" pt="4">
              {payables.data ? <PayablesPanel organization={organization} analysis={payables.data} /> : null}
            </Flex>
          </Tabs.Content>
          <Tabs.Content value="workingCapital">
            <Flex direction="column" pt="4">
              {workingCapital.data ? <WorkingCapitalPanel organization={organization} report={workingCapital.data} /> : null}
            </Flex>
          </Tabs.Content>
        </Tabs.Root>
      )}
    </Flex>
  );
}
