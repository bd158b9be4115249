import { Button, Callout, Dialog, Flex, Grid, Switch, Text } from '@radix-ui/themes';
import { BANK_STATEMENT_DATE_FORMATS, bankStatementMapping, type BankStatementDateFormat } from '@daftar/shared/schemas/banking';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorsFromIssues, type DocumentErrors } from '../../../components/document-lines-editor';
import { FileInput, SelectInput, TextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useImportStatement, type StatementImportResult } from '../api/import-statement';
import { useBankingMessages } from './banking-messages';

const MAPPED_COLUMNS = ['date', 'description', 'reference', 'amount', 'debit', 'credit'] as const;
type MappedColumn = (typeof MAPPED_COLUMNS)[number];

const emptyMapping = (): Record<MappedColumn, string> => ({ date: '', description: '', reference: '', amount: '', debit: '', credit: '' });

/** A column named by the person: digits are its 1-based position, anything else its header text. */
const columnRef = (text: string) => {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
};

/** The rows a refused statement names (`loc: ['body', 'rows', 3, 'date']`), or its other problems, as the server wrote them. */
function statementProblems(body: unknown): string[] {
  if (!body || typeof body !== 'object' || !('detail' in body) || !Array.isArray(body.detail)) return [];
  return (body.detail as unknown[]).flatMap((entry) => (entry && typeof entry === 'object' && 'msg' in entry && typeof entry.msg === 'string' ? [entry.msg] : []));
}

/** Imports a CSV bank statement: columns found by their headers, or named here. */
export function ImportStatementDialog({ organizationId, bankAccountId }: { organizationId: string; bankAccountId: string }) {
  const { t } = useTranslation();
  const messages = useBankingMessages();
  const switchId = useId();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [mapColumns, setMapColumns] = useState(false);
  const [mapping, setMapping] = useState(emptyMapping);
  const [dateFormat, setDateFormat] = useState<BankStatementDateFormat>('auto');
  const [header, setHeader] = useState<'detect' | 'yes' | 'no'>('detect');
  const [errors, setErrors] = useState<DocumentErrors>({});
  const [problems, setProblems] = useState<string[]>([]);
  const [result, setResult] = useState<StatementImportResult | null>(null);
  const importing = useImportStatement();

  const reset = () => {
    setFile(null);
    setMapColumns(false);
    setMapping(emptyMapping());
    setDateFormat('auto');
    setHeader('detect');
    setErrors({});
    setProblems([]);
    setResult(null);
  };
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblems([]);
    const found: DocumentErrors = {};
    if (!file) found.file = t('banking.import.fileRequired');
    let parsedMapping = null;
    if (mapColumns) {
      const parsed = bankStatementMapping.safeParse(Object.fromEntries(MAPPED_COLUMNS.map((c) => [c, columnRef(mapping[c])]).filter(([, v]) => v !== undefined)));
      if (parsed.success) parsedMapping = parsed.data;
      else Object.assign(found, errorsFromIssues(parsed.error.issues, (message, path) => (path === 'date' ? t('banking.import.dateColumnRequired') : messages.client(message, path))));
    }
    setErrors(found);
    if (Object.keys(found).length || !file) return;
    importing.mutate(
      {
        organizationId,
        bankAccountId,
        statement: { file, mapping: parsedMapping, date_format: dateFormat, has_header: header === 'detect' ? null : header === 'yes' },
      },
      {
        onSuccess: setResult,
        onError: (error) => {
          const listed = error instanceof ApiError && error.status === 422 ? statementProblems(error.body) : [];
          if (listed.length) setProblems(listed);
          else notifyError(error);
        },
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger>
        <Button variant="soft">{t('banking.import.open')}</Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="620px">
        <Dialog.Title>{t('banking.import.title')}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {t('banking.import.description')}
        </Dialog.Description>
        {result ? (
          <Flex direction="column" gap="4">
            <Callout.Root color="green" role="status">
              <Callout.Text>
                {t('banking.import.result', {
                  imported: formatNumber(result.imported),
                  skipped: formatNumber(result.skipped_duplicates),
                  rows: formatNumber(result.rows),
                })}
              </Callout.Text>
            </Callout.Root>
            <Text size="2" color="gray">
              {t('banking.import.columnsUsed', {
                date: result.columns.date,
                amount: result.columns.amount ?? [result.columns.debit, result.columns.credit].filter(Boolean).join(' / '),
              })}
            </Text>
            <Flex justify="end">
              <Dialog.Close>
                <Button>{t('common.done')}</Button>
              </Dialog.Close>
            </Flex>
          </Flex>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <Flex direction="column" gap="4">
              <FileInput
                label={t('banking.import.file')}
                name="file"
                accept=".csv,.txt,text/csv,text/plain"
                error={errors.file}
                hint={t('banking.import.fileHint')}
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setProblems([]);
                }}
              />
              <Grid columns={{ initial: '1', sm: '2' }} gap="4">
                <SelectInput
                  label={t('banking.import.dateFormat')}
                  value={dateFormat}
                  onChange={(e) => setDateFormat(e.target.value as BankStatementDateFormat)}
                  options={BANK_STATEMENT_DATE_FORMATS.map((f) => ({ value: f, label: f === 'auto' ? t('banking.import.dateFormatAuto') : f }))}
                />
                <SelectInput
                  label={t('banking.import.header')}
                  value={header}
                  onChange={(e) => setHeader(e.target.value as 'detect' | 'yes' | 'no')}
                  options={[
                    { value: 'detect', label: t('banking.import.headerDetect') },
                    { value: 'yes', label: t('banking.import.headerYes') },
                    { value: 'no', label: t('banking.import.headerNo') },
                  ]}
                />
              </Grid>
              <Flex gap="2" align="center">
                <Switch id={switchId} checked={mapColumns} onCheckedChange={setMapColumns} />
                <Text as="label" htmlFor={switchId} size="2">
                  {t('banking.import.mapColumns')}
                </Text>
              </Flex>
              {mapColumns ? (
                <Flex direction="column" gap="2">
                  <Text size="2" color="gray">
                    {t('banking.import.mappingHint')}
                  </Text>
                  <Grid columns={{ initial: '2', sm: '3' }} gap="3">
                    {MAPPED_COLUMNS.map((column) => (
                      <TextInput
                        key={column}
                        label={t(`banking.import.columns.${column}`)}
                        value={mapping[column]}
                        error={errors[column]}
                        onChange={(e) => setMapping((m) => ({ ...m, [column]: e.target.value }))}
                      />
                    ))}
                  </Grid>
                </Flex>
              ) : null}
              {problems.length ? (
                <Callout.Root color="red" role="alert">
                  <Callout.Text>{t('banking.import.refused')}</Callout.Text>
                  <ul aria-label={t('banking.import.problems')} style={{ margin: 0, paddingInlineStart: 'var(--space-5)' }}>
                    {problems.map((problem, index) => (
                      <li key={index}>
                        <Text size="2">{problem}</Text>
                      </li>
                    ))}
                  </ul>
                </Callout.Root>
              ) : null}
              <Flex gap="3" justify="end">
                <Dialog.Close>
                  <Button type="button" variant="soft" color="gray">
                    {t('common.cancel')}
                  </Button>
                </Dialog.Close>
                <Button type="submit" loading={importing.isPending}>
                  {t('banking.import.submit')}
                </Button>
              </Flex>
            </Flex>
          </form>
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}
