import { DownloadIcon } from '@radix-ui/react-icons';
import { Button, DropdownMenu } from '@radix-ui/themes';
import { EXPORT_FORMATS, type CatalogueReportId, type ExportFormat } from '@daftar/shared/schemas/reportCatalogue';
import { useTranslation } from 'react-i18next';
import { errorMessage, notify } from '../../../lib/notify';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useGenerateReport } from '../api/generate-report';
import { exportFileName } from '../utils/files';
import type { PeriodChoice } from '../utils/periods';
import { useReportLanguage } from '../utils/use-report-language';

/** Generate: the report downloaded as PDF, Excel or CSV for the chosen period. */
export function GenerateMenu({
  reportId,
  title,
  period,
  disabled,
  variant = 'solid',
}: {
  reportId: CatalogueReportId;
  title: string;
  period: PeriodChoice;
  disabled?: boolean;
  variant?: 'solid' | 'soft';
}) {
  const { t } = useTranslation();
  const { organization } = useCurrentOrganization();
  const language = useReportLanguage();
  const generate = useGenerateReport();

  const run = (format: ExportFormat) => {
    if (!organization) return notify.error(t('reports.cashFlow.errors.noOrganization'));
    generate.mutate(
      {
        organizationId: organization.id,
        reportId,
        format,
        period,
        language,
        fallbackName: exportFileName(reportId, organization.name, format, organization.timezone),
      },
      {
        onSuccess: () => notify.success(t('reports.generate.downloaded', { title, format: t(`reports.formats.${format}`) })),
        onError: (error) => notify.error(t('reports.generate.failed', { title, format: t(`reports.formats.${format}`), detail: errorMessage(error) })),
      },
    );
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger disabled={disabled || generate.isPending}>
        <Button size="2" variant={variant} loading={generate.isPending}>
          <DownloadIcon />
          {t('reports.generate.button')}
          <DropdownMenu.TriggerIcon />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content>
        <DropdownMenu.Label>{t('reports.generate.chooseFormat')}</DropdownMenu.Label>
        {EXPORT_FORMATS.map((format) => (
          <DropdownMenu.Item key={format} onSelect={() => run(format)}>
            {t(`reports.formats.${format}`)}
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
