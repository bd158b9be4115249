import { Button, Dialog, Flex, Text } from '@radix-ui/themes';
import type { CatalogueReportId } from '@daftar/shared/schemas/reportCatalogue';
import { useTranslation } from 'react-i18next';
import { Loading, QueryError } from '../../../components/feedback';
import { formatDateTime, locale } from '../../../lib/format';
import { useReportPreview } from '../api/get-report-preview';
import type { PeriodChoice } from '../utils/periods';
import { useReportLanguage } from '../utils/use-report-language';
import { GenerateMenu } from './generate-menu';
import { ReportTableView } from './report-table';

/** Preview: the report for the chosen period, rendered in the page from the same table the exports write. */
export function PreviewDialog({
  organizationId,
  reportId,
  title,
  period,
  open,
  onOpenChange,
}: {
  organizationId: string;
  reportId: CatalogueReportId;
  title: string;
  period: PeriodChoice;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = useReportLanguage();
  const preview = useReportPreview(organizationId, reportId, period, language, open);
  const report = preview.data;
  // Right to left, each value in its own isolate: a Latin organization name would otherwise pull
  // the period's leading day into its run ("Haddad Trading · 1" then "تشرين الثاني 2026").
  const isolate = (text: string) => (i18n.dir() === 'rtl' ? `\u2068${text}\u2069` : text);
  const currencyName = (code: string) => new Intl.DisplayNames(locale(), { type: 'currency' }).of(code) ?? code;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="960px">
        <Dialog.Title>{report?.title ?? title}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {report
            ? t('reports.preview.subtitle', { organization: isolate(report.organization_name), period: isolate(report.period_label), generatedAt: formatDateTime(report.generated_at) })
            : t('reports.preview.loadingSubtitle')}
        </Dialog.Description>
        {preview.isPending ? <Loading label={t('reports.preview.loading')} /> : null}
        {preview.isError ? <QueryError error={preview.error} onRetry={() => void preview.refetch()} /> : null}
        {report ? <ReportTableView report={report} /> : null}
        <Flex gap="3" justify="end" mt="5" align="center">
          {report ? (
            <Text size="1" color="gray" style={{ marginInlineEnd: 'auto' }}>
              {t('reports.preview.currency', { currency: currencyName(report.currency) })}
            </Text>
          ) : null}
          <GenerateMenu reportId={reportId} title={title} period={period} variant="soft" />
          <Dialog.Close>
            <Button variant="soft" color="gray">
              {t('reports.preview.close')}
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
