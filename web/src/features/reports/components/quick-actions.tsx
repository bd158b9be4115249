import { CalendarIcon, FileTextIcon, MixerHorizontalIcon } from '@radix-ui/react-icons';
import { Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import type { CatalogueReportId } from '@daftar/shared/schemas/reportCatalogue';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, notify } from '../../../lib/notify';
import type { Organization } from '../../../lib/organizations';
import { useBulkExport } from '../api/bulk-export';
import { MONTHLY_CLOSE_REPORTS, TAX_FILING_REPORTS } from '../utils/catalogue';
import { zipFileName } from '../utils/files';
import { periodQuery, type PeriodChoice } from '../utils/periods';
import { useReportLanguage } from '../utils/use-report-language';

/**
 * A whole card is the button, named by all the text it shows, title first (no aria-labelledby:
 * a name that leaves out visible text fails speech users who say what they see, WCAG 2.5.3).
 */
function Action({ icon, title, description, onClick, loading, disabled }: { icon: ReactNode; title: string; description: string; onClick: () => void; loading?: boolean; disabled?: boolean }) {
  return (
    <Card asChild variant="surface">
      <button
        type="button"
        onClick={onClick}
        disabled={disabled || loading}
        aria-busy={loading || undefined}
        style={{ textAlign: 'start', cursor: disabled || loading ? 'default' : 'pointer', opacity: disabled && !loading ? 0.6 : 1 }}
      >
        <Flex gap="3" align="start">
          <Text color="teal" aria-hidden style={{ paddingBlockStart: 2 }}>
            {loading ? <Spinner /> : icon}
          </Text>
          <Flex direction="column" gap="1">
            <Text size="2" weight="medium">
              {title}
            </Text>
            <Text size="1" color="gray">
              {description}
            </Text>
          </Flex>
        </Flex>
      </button>
    </Card>
  );
}

type Package = 'monthlyClose' | 'taxFiling';

/**
 * SPEC §2 Quick Actions. Monthly Close downloads last month's closing package (P&L, balance sheet,
 * cash flow, trial balance) as PDF; Tax Filing the VAT return, tax summary and e-invoice compliance
 * for the chosen period; Custom Report opens Bulk Export.
 */
export function QuickActions({ organization, period, periodValid, onCustomReport }: { organization: Organization; period: PeriodChoice; periodValid: boolean; onCustomReport: () => void }) {
  const { t } = useTranslation();
  const language = useReportLanguage();
  const exporting = useBulkExport();
  const [running, setRunning] = useState<Package | null>(null);

  const run = (pack: Package, reportIds: CatalogueReportId[], chosenPeriod: PeriodChoice, filePrefix: string) => {
    setRunning(pack);
    exporting.mutate(
      {
        organizationId: organization.id,
        body: { report_ids: reportIds, format: 'pdf', ...periodQuery(chosenPeriod), lang: language },
        fileName: zipFileName(filePrefix, organization.name, organization.timezone),
      },
      {
        onSuccess: () => notify.success(t(`reports.quickActions.${pack}.done`)),
        onError: (error) => notify.error(t('reports.bulk.failed', { detail: errorMessage(error) })),
        onSettled: () => setRunning(null),
      },
    );
  };

  return (
    <Card size="2" asChild>
      <section aria-labelledby="reports-quick-actions">
        <Heading as="h2" size="4" mb="3" id="reports-quick-actions">
          {t('reports.quickActions.title')}
        </Heading>
        <Flex direction="column" gap="3">
          <Action
            icon={<CalendarIcon />}
            title={t('reports.quickActions.monthlyClose.title')}
            description={t('reports.quickActions.monthlyClose.description')}
            loading={running === 'monthlyClose'}
            disabled={running !== null}
            onClick={() => run('monthlyClose', MONTHLY_CLOSE_REPORTS, { ...period, period: 'last_month' }, 'month-end-close')}
          />
          <Action
            icon={<FileTextIcon />}
            title={t('reports.quickActions.taxFiling.title')}
            description={t('reports.quickActions.taxFiling.description')}
            loading={running === 'taxFiling'}
            disabled={running !== null || !periodValid}
            onClick={() => run('taxFiling', TAX_FILING_REPORTS, period, 'tax-filing')}
          />
          <Action
            icon={<MixerHorizontalIcon />}
            title={t('reports.quickActions.customReport.title')}
            description={t('reports.quickActions.customReport.description')}
            onClick={onCustomReport}
          />
        </Flex>
      </section>
    </Card>
  );
}
