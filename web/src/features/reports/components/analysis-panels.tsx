import { Badge, Button, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { EXPORT_FORMATS, type ExportFormat } from '@daftar/shared/schemas/reportCatalogue';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnsTable } from '../../../components/columns-table';
import { EmptyState } from '../../../components/feedback';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { useDisplayName } from '../../../lib/names';
import { notify } from '../../../lib/notify';
import type { Organization } from '../../../lib/organizations';
import { useExportAnalysis, type AnalysisReport } from '../api/export-analysis';
import type { PayablesAnalysis } from '../api/get-payables-analysis';
import type { ReceivablesAnalysis } from '../api/get-receivables-analysis';
import type { WorkingCapital } from '../api/get-working-capital';
import { isZero, signColor } from '../utils/amounts';
import { exportFileName } from '../utils/files';
import { useReportLanguage } from '../utils/use-report-language';

const AGING_BUCKETS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'over_90'] as const;
const RISK_COLOURS = { Low: 'green', Medium: 'amber', High: 'red' } as const;

function Figure({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card role="group" aria-labelledby={id}>
      <Text as="div" size="1" color="gray" id={id}>
        {label}
      </Text>
      <Text as="div" size="5" weight="bold">
        {children}
      </Text>
    </Card>
  );
}

/** The analysis as a file (pdf, excel, csv) as of today, named as the server names it. */
function AnalysisExport({ organization, report, label }: { organization: Organization | null; report: AnalysisReport; label: string }) {
  const { t } = useTranslation();
  const language = useReportLanguage();
  const exporter = useExportAnalysis();
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const onExport = (format: ExportFormat) => {
    if (!organization) return notify.error(t('reports.cashFlow.errors.noOrganization'));
    setExporting(format);
    exporter.mutate(
      { organizationId: organization.id, report, format, language, fileName: exportFileName(report, organization.name, format, organization.timezone) },
      {
        onSuccess: () => notify.success(t('reports.cashFlow.analyses.downloaded', { report: label, format: format.toUpperCase() })),
        onError: () => notify.error(t('reports.cashFlow.analyses.failed', { report: label, format: format.toUpperCase() })),
        onSettled: () => setExporting(null),
      },
    );
  };
  return (
    <Flex gap="2" role="group" aria-label={t('reports.cashFlow.analyses.export', { report: label })} data-export-state={exporting ? 'exporting' : 'idle'}>
      {EXPORT_FORMATS.map((format) => (
        <Button key={format} size="1" variant="soft" loading={exporting === format} disabled={exporting !== null} onClick={() => onExport(format)}>
          {t(`reports.formats.${format}`)}
        </Button>
      ))}
    </Flex>
  );
}

function Header({ title, asOf, children }: { title: string; asOf: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Flex justify="between" align="center" gap="3" wrap="wrap">
      <Flex direction="column" gap="1">
        <Heading as="h3" size="4">
          {title}
        </Heading>
        <Text size="1" color="gray">
          {t('reports.cashFlow.analyses.asOf', { date: formatDate(asOf) })}
        </Text>
      </Flex>
      {children}
    </Flex>
  );
}

/** What is owed by days past due, current first. */
function AgingTable({ aging, currency, caption }: { aging: ReceivablesAnalysis['aging']; currency: string; caption: string }) {
  const { t } = useTranslation();
  return (
    <ColumnsTable
      size="1"
      variant="surface"
      caption={caption}
      rows={AGING_BUCKETS.map((bucket) => ({ bucket, amount: aging[bucket] }))}
      rowKey={(row) => row.bucket}
      columns={[
        { header: t('reports.cashFlow.analyses.bucket'), rowHeader: true, cell: (row) => t(`reports.cashFlow.analyses.aging.${row.bucket}`) },
        { header: t('reports.cashFlow.analyses.amount'), end: true, cell: (row) => formatMoney(row.amount, currency) },
      ]}
    />
  );
}

interface OpenDocuments {
  as_of: string;
  currency: string;
  total_outstanding: string;
  overdue_amount: string;
  average_days_outstanding: number;
  aging: ReceivablesAnalysis['aging'];
}

function OpenDocumentsPanel({
  organization,
  report,
  title,
  analysis,
  count,
  countLabel,
  risk,
  riskLabel,
  top,
  topTitle,
  partyLabel,
  emptyText,
}: {
  organization: Organization | null;
  report: AnalysisReport;
  title: string;
  analysis: OpenDocuments;
  count: number;
  countLabel: string;
  risk: keyof typeof RISK_COLOURS;
  riskLabel: string;
  top: { id: string; name: string; amount: string }[];
  topTitle: string;
  partyLabel: string;
  emptyText: string;
}) {
  const { t } = useTranslation();
  const currency = analysis.currency;
  return (
    <Flex direction="column" gap="4">
      <Header title={title} asOf={analysis.as_of}>
        <AnalysisExport organization={organization} report={report} label={title} />
      </Header>
      <Grid columns={{ initial: '1', xs: '2', md: '5' }} gap="3">
        <Figure label={t('reports.cashFlow.analyses.outstanding')}>{formatMoney(analysis.total_outstanding, currency)}</Figure>
        <Figure label={t('reports.cashFlow.analyses.overdue')}>
          <Text color={isZero(analysis.overdue_amount) ? undefined : 'red'}>{formatMoney(analysis.overdue_amount, currency)}</Text>
        </Figure>
        <Figure label={countLabel}>{formatNumber(count)}</Figure>
        <Figure label={t('reports.cashFlow.analyses.averageDays')}>{t('reports.cashFlow.analyses.days', { count: Math.round(analysis.average_days_outstanding) })}</Figure>
        <Figure label={riskLabel}>
          <Badge size="2" color={RISK_COLOURS[risk]}>
            {t(`reports.cashFlow.analyses.risk.${risk}`)}
          </Badge>
        </Figure>
      </Grid>
      {count === 0 ? (
        <EmptyState>{emptyText}</EmptyState>
      ) : (
        <Grid columns={{ initial: '1', md: '2' }} gap="4">
          <Card size="2">
            <Heading as="h4" size="3" mb="3">
              {t('reports.cashFlow.analyses.agingTitle')}
            </Heading>
            <AgingTable aging={analysis.aging} currency={currency} caption={`${title}: ${t('reports.cashFlow.analyses.agingTitle')}`} />
          </Card>
          <Card size="2">
            <Heading as="h4" size="3" mb="3">
              {topTitle}
            </Heading>
            <ColumnsTable
              size="1"
              variant="surface"
              caption={topTitle}
              rows={top}
              rowKey={(row) => row.id}
              columns={[
                { header: partyLabel, rowHeader: true, cell: (row) => <Text dir="auto">{row.name}</Text> },
                { header: t('reports.cashFlow.analyses.amount'), end: true, cell: (row) => formatMoney(row.amount, currency) },
              ]}
            />
          </Card>
        </Grid>
      )}
    </Flex>
  );
}

/** SPEC §7 receivables analysis: what customers owe, how late, and who owes most. */
export function ReceivablesPanel({ organization, analysis }: { organization: Organization | null; analysis: ReceivablesAnalysis }) {
  const { t } = useTranslation();
  const name = useDisplayName();
  return (
    <OpenDocumentsPanel
      organization={organization}
      report="receivables-analysis"
      title={t('reports.cashFlow.analyses.receivablesTitle')}
      analysis={analysis}
      count={analysis.invoice_count}
      countLabel={t('reports.cashFlow.analyses.invoices')}
      risk={analysis.collection_risk_level}
      riskLabel={t('reports.cashFlow.analyses.collectionRisk')}
      top={analysis.top_customers.map((c) => ({ id: c.customer_id, name: name(c.customer_name, c.customer_name_ar), amount: c.outstanding_amount }))}
      topTitle={t('reports.cashFlow.analyses.topCustomers')}
      partyLabel={t('reports.cashFlow.analyses.customer')}
      emptyText={t('reports.cashFlow.analyses.noReceivables')}
    />
  );
}

/** SPEC §7 payables analysis: what is owed to suppliers, how late, and to whom most. */
export function PayablesPanel({ organization, analysis }: { organization: Organization | null; analysis: PayablesAnalysis }) {
  const { t } = useTranslation();
  const name = useDisplayName();
  return (
    <OpenDocumentsPanel
      organization={organization}
      report="payables-analysis"
      title={t('reports.cashFlow.analyses.payablesTitle')}
      analysis={analysis}
      count={analysis.bill_count}
      countLabel={t('reports.cashFlow.analyses.bills')}
      risk={analysis.payment_risk_level}
      riskLabel={t('reports.cashFlow.analyses.paymentRisk')}
      top={analysis.top_suppliers.map((s) => ({ id: s.supplier_id, name: name(s.supplier_name, s.supplier_name_ar), amount: s.outstanding_amount }))}
      topTitle={t('reports.cashFlow.analyses.topSuppliers')}
      partyLabel={t('reports.cashFlow.analyses.supplier')}
      emptyText={t('reports.cashFlow.analyses.noPayables')}
    />
  );
}

/** Current assets against current liabilities, the ratios, and the accounts behind them. */
export function WorkingCapitalPanel({ organization, report }: { organization: Organization | null; report: WorkingCapital }) {
  const { t } = useTranslation();
  const name = useDisplayName();
  const currency = report.currency;
  const title = t('reports.cashFlow.analyses.workingCapitalTitle');
  const ratio = (value: string | null) => (value === null ? '—' : value);
  const lines = (rows: WorkingCapital['assets'], caption: string, total: string) => (
    <Card size="2">
      <Heading as="h4" size="3" mb="3">
        {caption}
      </Heading>
      {rows.length === 0 ? (
        <Text size="2" color="gray">
          {t('reports.cashFlow.analyses.noAccounts')}
        </Text>
      ) : (
        <ColumnsTable
          size="1"
          variant="surface"
          caption={caption}
          rows={[...rows, { account_id: 'total', code: null, name: t('reports.cashFlow.analyses.total'), name_ar: null, amount: total }]}
          rowKey={(row) => row.account_id ?? row.name}
          columns={[
            { header: t('reports.cashFlow.analyses.account'), rowHeader: true, cell: (row) => (row.account_id === 'total' ? <Text weight="bold">{row.name}</Text> : `${row.code ? `${row.code} · ` : ''}${name(row.name, row.name_ar)}`) },
            { header: t('reports.cashFlow.analyses.amount'), end: true, cell: (row) => (row.account_id === 'total' ? <Text weight="bold">{formatMoney(row.amount, currency)}</Text> : formatMoney(row.amount, currency)) },
          ]}
        />
      )}
    </Card>
  );
  return (
    <Flex direction="column" gap="4">
      <Header title={title} asOf={report.as_of}>
        <AnalysisExport organization={organization} report="working-capital" label={title} />
      </Header>
      <Grid columns={{ initial: '1', xs: '3' }} gap="3">
        <Figure label={t('reports.cashFlow.analyses.currentAssets')}>{formatMoney(report.current_assets, currency)}</Figure>
        <Figure label={t('reports.cashFlow.analyses.currentLiabilities')}>{formatMoney(report.current_liabilities, currency)}</Figure>
        <Figure label={t('reports.cashFlow.analyses.workingCapital')}>
          <Text color={signColor(report.working_capital)} data-sign={signColor(report.working_capital)}>
            {formatMoney(report.working_capital, currency)}
          </Text>
        </Figure>
      </Grid>
      <Grid columns={{ initial: '1', xs: '2', md: '6' }} gap="3">
        <Figure label={t('reports.cashFlow.analyses.currentRatio')}>{ratio(report.current_ratio)}</Figure>
        <Figure label={t('reports.cashFlow.analyses.quickRatio')}>{ratio(report.quick_ratio)}</Figure>
        <Figure label={t('reports.cashFlow.analyses.cash')}>{formatMoney(report.cash, currency)}</Figure>
        <Figure label={t('reports.cashFlow.analyses.receivables')}>{formatMoney(report.receivables, currency)}</Figure>
        <Figure label={t('reports.cashFlow.analyses.inventory')}>{formatMoney(report.inventory, currency)}</Figure>
        <Figure label={t('reports.cashFlow.analyses.payables')}>{formatMoney(report.payables, currency)}</Figure>
      </Grid>
      <Text size="1" color="gray">
        {t('reports.cashFlow.analyses.ratiosNote')}
      </Text>
      <Grid columns={{ initial: '1', md: '2' }} gap="4">
        {lines(report.assets, t('reports.cashFlow.analyses.assets'), report.current_assets)}
        {lines(report.liabilities, t('reports.cashFlow.analyses.liabilities'), report.current_liabilities)}
      </Grid>
    </Flex>
  );
}
