import { Button, Callout, Dialog, Flex, Grid, Switch, Text } from '@radix-ui/themes';
import { BANK_STATEMENT_DATE_FORMATS, bankStatementMapping, type BankStatementDateFormat } from '@daftar/shared/schemas/banking';
import { useId, useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FileInput, FormSelectInput, FormTextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { payloadSchema } from '../../../lib/form-schema';
import { fieldError, useZodForm } from '../../../lib/forms';
import { formatNumber } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useImportStatement, type StatementImportResult } from '../api/import-statement';
import { useBankingMessages } from './banking-messages';

const MAPPED_COLUMNS = ['date', 'description', 'reference', 'amount', 'debit', 'credit'] as const;
type MappedColumn = (typeof MAPPED_COLUMNS)[number];

/** Each mapped column is a field of its own (`column_date`, …), named as typed. */
type ColumnFields = Record<`column_${MappedColumn}`, string>;

interface Values extends ColumnFields {
  file: File | null;
  map_columns: boolean;
  date_format: BankStatementDateFormat;
  header: 'detect' | 'yes' | 'no';
}

const emptyForm = (): Values => ({
  file: null,
  map_columns: false,
  date_format: 'auto',
  header: 'detect',
  column_date: '',
  column_description: '',
  column_reference: '',
  column_amount: '',
  column_debit: '',
  column_credit: '',
});

/** What the upload sends: the file, the columns (when named here, checked by the shared schema), the format. */
const statementRequest = z.object({
  file: z.custom<File>((value) => typeof File !== 'undefined' && value instanceof File),
  mapping: bankStatementMapping.nullable(),
  date_format: z.enum(BANK_STATEMENT_DATE_FORMATS),
  has_header: z.boolean().nullable(),
});

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
  const [problems, setProblems] = useState<string[]>([]);
  const [result, setResult] = useState<StatementImportResult | null>(null);
  const importing = useImportStatement();
  const schema = useMemo(
    () =>
      payloadSchema(
        statementRequest,
        (values: Values) => ({
          // Checked by the form: a statement needs its file.
          file: values.file as File,
          mapping: values.map_columns
            ? (Object.fromEntries(MAPPED_COLUMNS.map((c) => [c, columnRef(values[`column_${c}`])]).filter(([, v]) => v !== undefined)) as z.input<typeof bankStatementMapping>)
            : null,
          date_format: values.date_format,
          has_header: values.header === 'detect' ? null : values.header === 'yes',
        }),
        (values) => (values.file ? [] : [{ path: ['file'], message: t('banking.import.fileRequired') }]),
        (path) => (path[0] === 'mapping' && path.length > 1 ? [`column_${String(path[1])}`] : path),
      ),
    [t],
  );
  const form = useZodForm(schema, {
    defaultValues: emptyForm(),
    messages: (issue) => (issue.path === 'column_date' ? t('banking.import.dateColumnRequired') : messages.client(issue)),
  });
  const mapColumns = useWatch({ control: form.control, name: 'map_columns' });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset(emptyForm());
      setProblems([]);
      setResult(null);
    }
  };

  const onSubmit = form.handleSubmit(async (data) => {
    setProblems([]);
    try {
      setResult(await importing.mutateAsync({ organizationId, bankAccountId, statement: data }));
    } catch (error) {
      const listed = error instanceof ApiError && error.status === 422 ? statementProblems(error.body) : [];
      if (listed.length) setProblems(listed);
      else notifyError(error);
    }
  });

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
          <form onSubmit={(event) => void onSubmit(event)} noValidate>
            <Flex direction="column" gap="4">
              <FileInput
                label={t('banking.import.file')}
                name="file"
                accept=".csv,.txt,text/csv,text/plain"
                error={fieldError(form, 'file')}
                hint={t('banking.import.fileHint')}
                onChange={(e) => {
                  form.setValue('file', e.target.files?.[0] ?? null);
                  setProblems([]);
                }}
              />
              <Grid columns={{ initial: '1', sm: '2' }} gap="4">
                <FormSelectInput
                  form={form}
                  name="date_format"
                  label={t('banking.import.dateFormat')}
                  options={BANK_STATEMENT_DATE_FORMATS.map((f) => ({ value: f, label: f === 'auto' ? t('banking.import.dateFormatAuto') : f }))}
                />
                <FormSelectInput
                  form={form}
                  name="header"
                  label={t('banking.import.header')}
                  options={[
                    { value: 'detect', label: t('banking.import.headerDetect') },
                    { value: 'yes', label: t('banking.import.headerYes') },
                    { value: 'no', label: t('banking.import.headerNo') },
                  ]}
                />
              </Grid>
              <Flex gap="2" align="center">
                <Controller
                  control={form.control}
                  name="map_columns"
                  render={({ field }) => <Switch id={switchId} ref={field.ref} checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />}
                />
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
                      <FormTextInput key={column} form={form} name={`column_${column}`} label={t(`banking.import.columns.${column}`)} />
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
                <Button type="submit" loading={form.formState.isSubmitting || importing.isPending}>
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
