import { readerMessage } from '../../../lib/form-errors';
import { Badge, Button, Card, Flex, Heading, Progress, Table, Text } from '@radix-ui/themes';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Notice, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { currentLanguage } from '../../../lib/i18n';
import { errorMessage, notifyError } from '../../../lib/notify';
import { useCurrentOrganization } from '../../../lib/organizations';
import { downloadExport, downloadTemplate, isRunning, useImportJob, useStartImport, type ImportJob, type SheetFormat } from './api';

/** The steps: choose a file; its columns and the dry run's errors; the import running; what it did. */
type Step = 'file' | 'check' | 'import';

const FORMATS: SheetFormat[] = ['xlsx', 'csv'];

function RowErrors({ job }: { job: ImportJob }) {
  const { t } = useTranslation();
  if (!job.errors.length) return null;
  return (
    <Flex direction="column" gap="2">
      <Heading as="h3" size="3">
        {t('products.import.errorsTitle', { n: job.errors_total })}
      </Heading>
      {job.errors_total > job.errors.length ? <Text color="gray">{t('products.import.errorsShown', { shown: job.errors.length, total: job.errors_total })}</Text> : null}
      <Table.Root variant="surface">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('products.import.row')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('products.import.column')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('products.import.message')}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {job.errors.map((e, i) => (
            <Table.Row key={`${e.row}-${e.column}-${i}`}>
              <Table.Cell>{e.row}</Table.Cell>
              {/* The header as the file wrote it and the server's message may be in the other script: isolated, an English sentence keeps its order in an Arabic table. */}
              <Table.Cell>
                <span dir="auto">{e.column}</span>
              </Table.Cell>
              <Table.Cell>
                <span dir="auto">{readerMessage(e.message)}</span>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Flex>
  );
}

/** The file's header row as the server matched it: each column and the field it fills, the ignored ones apart. */
function ColumnMapping({ job }: { job: ImportJob }) {
  const { t } = useTranslation();
  const recognized = job.columns.filter((c) => c.field);
  const unknown = job.columns.filter((c) => !c.field);
  return (
    <Flex direction="column" gap="2">
      <Heading as="h3" size="3">
        {t('products.import.mappingTitle')}
      </Heading>
      <Table.Root variant="surface">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('products.import.fileColumn')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('products.import.field')}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {recognized.map((c) => (
            <Table.Row key={c.header}>
              <Table.Cell>
                <span dir="auto">{c.header}</span>
              </Table.Cell>
              <Table.Cell>{t(`products.import.fields.${c.field}`)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {unknown.length ? (
        <Flex gap="2" wrap="wrap" align="center">
          <Text>{t('products.import.unknownColumns')}</Text>
          {unknown.map((c) => (
            <Badge key={c.header} color="amber">
              {c.header}
            </Badge>
          ))}
        </Flex>
      ) : null}
    </Flex>
  );
}

function JobProgress({ job, label }: { job: ImportJob; label: ReactNode }) {
  const id = useId();
  const percent = job.rows_total ? Math.round((job.rows_done / job.rows_total) * 100) : 0;
  return (
    <Flex direction="column" gap="2">
      <Text id={id}>{label}</Text>
      <Progress aria-labelledby={id} value={percent} max={100} />
    </Flex>
  );
}

export function ImportProductsRoute() {
  const { t } = useTranslation();
  const language = currentLanguage() === 'ar' ? 'ar' : 'en';
  const inputId = useId();
  const { organizationId } = useCurrentOrganization();
  const org = organizationId ?? '';
  const role = useOrganizationRole(organizationId);
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>('file');
  const [checkId, setCheckId] = useState<string | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const start = useStartImport();
  const check = useImportJob(org, checkId);
  const run = useImportJob(org, importId);

  const begin = (dryRun: boolean) => {
    if (!file) return;
    start.mutate(
      { organizationId: org, file, dryRun },
      {
        onSuccess: (job) => {
          if (dryRun) {
            setCheckId(job.id);
            setStep('check');
          } else {
            setImportId(job.id);
            setStep('import');
          }
        },
      },
    );
  };
  const restart = () => {
    setFile(null);
    setCheckId(null);
    setImportId(null);
    setStep('file');
    start.reset();
  };
  const download = async (what: 'template' | 'export', format: SheetFormat) => {
    setDownloading(`${what}-${format}`);
    try {
      await (what === 'template' ? downloadTemplate : downloadExport)(org, format, language);
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(null);
    }
  };

  const checked = check.data;
  const imported = run.data;
  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title={t('products.import.title')}
        description={t('products.import.intro')}
        actions={
          <Button variant="soft" asChild>
            <Link to="/products">{t('products.import.backToList')}</Link>
          </Button>
        }
      />
      <Card>
        <Flex gap="2" wrap="wrap" align="center">
          <Text weight="medium">{t('products.import.templateTitle')}</Text>
          {FORMATS.map((format) => (
            <Button key={`t-${format}`} variant="soft" loading={downloading === `template-${format}`} onClick={() => void download('template', format)}>
              {t(`products.import.template.${format}`)}
            </Button>
          ))}
          <Text weight="medium">{t('products.import.exportTitle')}</Text>
          {FORMATS.map((format) => (
            <Button key={`e-${format}`} variant="soft" loading={downloading === `export-${format}`} onClick={() => void download('export', format)}>
              {t(`products.import.export.${format}`)}
            </Button>
          ))}
        </Flex>
      </Card>

      {!role.isMember ? <Notice color="gray">{t('products.membersOnly')}</Notice> : null}

      {step === 'file' && role.isMember ? (
        <Card>
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4">
              {t('products.import.stepFile')}
            </Heading>
            <Text as="label" htmlFor={inputId}>
              {t('products.import.fileLabel')}
            </Text>
            <input
              id={inputId}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            {start.error ? <Notice color="amber">{errorMessage(start.error)}</Notice> : null}
            <Flex>
              <Button disabled={!file} loading={start.isPending} onClick={() => begin(true)}>
                {t('products.import.check')}
              </Button>
            </Flex>
          </Flex>
        </Card>
      ) : null}

      {step === 'check' ? (
        <Card>
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4">
              {t('products.import.stepCheck', { file: file?.name ?? '' })}
            </Heading>
            {check.error ? <QueryError error={check.error} onRetry={() => void check.refetch()} /> : null}
            {!checked || isRunning(checked) ? (
              <JobProgress job={checked ?? ({ rows_done: 0, rows_total: 0 } as ImportJob)} label={t('products.import.checking')} />
            ) : (
              <>
                <ColumnMapping job={checked} />
                {checked.state === 'failed' || checked.errors_total ? (
                  <Notice color="amber">{t('products.import.fixErrors', { n: checked.errors_total })}</Notice>
                ) : (
                  <Notice color="green">{t('products.import.ready', { n: checked.rows_total })}</Notice>
                )}
                <RowErrors job={checked} />
                {start.error ? <Notice color="amber">{errorMessage(start.error)}</Notice> : null}
                <Flex gap="2">
                  <Button variant="soft" onClick={restart}>
                    {t('products.import.chooseAnother')}
                  </Button>
                  <Button disabled={checked.state !== 'validated' || checked.errors_total > 0} loading={start.isPending} onClick={() => begin(false)}>
                    {t('products.import.import', { n: checked.rows_total })}
                  </Button>
                </Flex>
              </>
            )}
          </Flex>
        </Card>
      ) : null}

      {step === 'import' ? (
        <Card>
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4">
              {t('products.import.stepImport')}
            </Heading>
            {run.error ? <QueryError error={run.error} onRetry={() => void run.refetch()} /> : null}
            {!imported || isRunning(imported) ? (
              <JobProgress
                job={imported ?? ({ rows_done: 0, rows_total: 0 } as ImportJob)}
                label={t('products.import.importing', { done: imported?.rows_done ?? 0, total: imported?.rows_total ?? 0 })}
              />
            ) : (
              <>
                <Notice color={imported.state === 'completed' && !imported.errors_total ? 'green' : 'amber'}>
                  {imported.state === 'completed' ? t('products.import.done') : t('products.import.failed')}
                </Notice>
                <Flex gap="4" wrap="wrap" aria-label={t('products.import.summary')}>
                  <Text>{t('products.import.created', { n: imported.created })}</Text>
                  <Text>{t('products.import.updated', { n: imported.updated })}</Text>
                  <Text>{t('products.import.unchanged', { n: Math.max(0, imported.rows_done - imported.created - imported.updated - imported.errors_total) })}</Text>
                </Flex>
                <RowErrors job={imported} />
                <Flex gap="2">
                  <Button variant="soft" onClick={restart}>
                    {t('products.import.another')}
                  </Button>
                  <Button asChild>
                    <Link to="/products">{t('products.import.backToList')}</Link>
                  </Button>
                </Flex>
              </>
            )}
          </Flex>
        </Card>
      ) : null}
    </Flex>
  );
}
