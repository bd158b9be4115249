import { Button, Callout, Checkbox, Dialog, Flex, Grid, RadioGroup, Text } from '@radix-ui/themes';
import { bulkExportBody, EXPORT_FORMATS, REPORT_CATALOGUE, type CatalogueReportId, type ExportFormat } from '@daftar/shared/schemas/reportCatalogue';
import { useId, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError, useZodForm } from '../../../lib/forms';
import { errorMessage, notify } from '../../../lib/notify';
import type { Organization } from '../../../lib/organizations';
import { useBulkExport } from '../api/bulk-export';
import { zipFileName } from '../utils/files';
import { periodProblem, periodQuery, type PeriodChoice } from '../utils/periods';
import { useReportLanguage } from '../utils/use-report-language';
import { PeriodSelector } from './period-selector';

interface BulkExportFormProps {
  organization: Organization;
  exporting: ReturnType<typeof useBulkExport>;
  initialReports: readonly CatalogueReportId[];
  initialPeriod: PeriodChoice;
  onDone: () => void;
}

interface Values {
  report_ids: CatalogueReportId[];
  format: ExportFormat;
  period: PeriodChoice;
}

function BulkExportForm({ organization, exporting, initialReports, initialPeriod, onDone }: BulkExportFormProps) {
  const { t } = useTranslation();
  const language = useReportLanguage();
  const formatId = useId();
  const form = useZodForm<typeof bulkExportBody, Values>(bulkExportBody, {
    defaultValues: { report_ids: [...initialReports], format: 'pdf', period: initialPeriod },
    // The catalogue's order, whatever order the boxes were ticked in.
    prepare: ({ report_ids, format, period }) => ({
      report_ids: REPORT_CATALOGUE.map((r) => r.id).filter((id) => report_ids.includes(id)),
      format,
      ...periodQuery(period),
      lang: language,
    }),
    // The period is checked by its own selector; what the schema can still refuse is the choice of reports.
    messages: () => t('reports.bulk.chooseOne'),
  });
  const [reportIds, format, period] = useWatch({ control: form.control, name: ['report_ids', 'format', 'period'] });
  const chosen = new Set(reportIds);
  const error = fieldError(form, 'report_ids') ?? form.formState.errors.root?.message;
  const calendar = { timezone: organization.timezone, fiscal_year_start_month: organization.fiscal_year_start_month };

  const choose = (ids: CatalogueReportId[]) => {
    form.setValue('report_ids', ids);
    form.clearErrors();
  };
  const toggle = (id: CatalogueReportId, on: boolean) => choose(on ? [...reportIds.filter((r) => r !== id), id] : reportIds.filter((r) => r !== id));

  const save = form.handleSubmit((body) => {
    exporting.mutate(
      { organizationId: organization.id, body, fileName: zipFileName('reports', organization.name, organization.timezone) },
      {
        onSuccess: () => {
          notify.success(t('reports.bulk.downloaded', { count: body.report_ids.length }));
          onDone();
        },
        onError: (failure) => notify.error(t('reports.bulk.failed', { detail: errorMessage(failure) })),
      },
    );
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (periodProblem(period, calendar)) return;
    void save(event);
  };

  const allChosen = chosen.size === REPORT_CATALOGUE.length;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Flex direction="column" gap="4">
        <fieldset style={{ border: 0, padding: 0, margin: 0 }} aria-describedby={error ? `${formatId}-reports-error` : undefined}>
          <legend style={{ padding: 0, marginBlockEnd: 'var(--space-2)' }}>
            <Text size="2" weight="medium">
              {t('reports.bulk.reports')}
            </Text>
          </legend>
          <Grid columns={{ initial: '1', sm: '2' }} gap="2">
            {REPORT_CATALOGUE.map((report) => (
              <Text as="label" size="2" key={report.id}>
                <Flex gap="2" align="center">
                  <Checkbox checked={chosen.has(report.id)} onCheckedChange={(value) => toggle(report.id, value === true)} />
                  {t(`reports.catalogue.${report.id}.title`)}
                </Flex>
              </Text>
            ))}
          </Grid>
          <Flex mt="2">
            <Button
              type="button"
              size="1"
              variant="ghost"
              onClick={() => choose(allChosen ? [] : REPORT_CATALOGUE.map((r) => r.id))}
            >
              {allChosen ? t('reports.bulk.clearAll') : t('reports.bulk.selectAll')}
            </Button>
          </Flex>
          {error ? (
            <Text as="p" id={`${formatId}-reports-error`} size="1" color="red" role="alert" mt="2">
              {error}
            </Text>
          ) : null}
        </fieldset>
        <Flex direction="column" gap="2">
          <Text as="div" size="2" weight="medium" id={formatId}>
            {t('reports.bulk.format')}
          </Text>
          <RadioGroup.Root value={format} onValueChange={(value) => form.setValue('format', value as ExportFormat)} aria-labelledby={formatId}>
            <Flex gap="4">
              {EXPORT_FORMATS.map((f) => (
                <RadioGroup.Item key={f} value={f}>
                  {t(`reports.formats.${f}`)}
                </RadioGroup.Item>
              ))}
            </Flex>
          </RadioGroup.Root>
        </Flex>
        <PeriodSelector value={period} onChange={(next) => form.setValue('period', next)} calendar={calendar} />
        {exporting.isPending ? (
          <Callout.Root color="blue" role="status">
            <Callout.Text>{t('reports.bulk.exporting', { count: chosen.size })}</Callout.Text>
          </Callout.Root>
        ) : null}
        <Flex gap="3" justify="end">
          <Dialog.Close>
            <Button type="button" variant="soft" color="gray" disabled={exporting.isPending}>
              {t('common.cancel')}
            </Button>
          </Dialog.Close>
          <Button type="submit" loading={exporting.isPending} disabled={!!periodProblem(period, calendar)}>
            {t('reports.bulk.submit', { count: chosen.size })}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}

/**
 * Bulk Export: ticked reports (the visible cards by default) in one format and period, as a zip.
 * The form is mounted on open, so it starts from the screen's current filters every time.
 */
export function BulkExportDialog({
  organization,
  open,
  onOpenChange,
  visibleReports,
  period,
}: {
  organization: Organization;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  visibleReports: readonly CatalogueReportId[];
  period: PeriodChoice;
}) {
  const { t } = useTranslation();
  const exporting = useBulkExport();
  // The dialog stays open while the zip is being prepared: its outcome is reported from here.
  const onChange = (next: boolean) => {
    if (!next && exporting.isPending) return;
    onOpenChange(next);
  };
  return (
    <Dialog.Root open={open} onOpenChange={onChange}>
      <Dialog.Content maxWidth="640px">
        <Dialog.Title>{t('reports.bulk.title')}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {t('reports.bulk.description')}
        </Dialog.Description>
        {open ? <BulkExportForm organization={organization} exporting={exporting} initialReports={visibleReports} initialPeriod={period} onDone={() => onOpenChange(false)} /> : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}
