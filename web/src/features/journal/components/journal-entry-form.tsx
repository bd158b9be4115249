import { ExclamationTriangleIcon, PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { Badge, Box, Button, Callout, Card, DataList, Flex, Grid, Heading, IconButton, Text, TextField, VisuallyHidden } from '@radix-ui/themes';
import { isZero, formatMoney as moneyText, abs } from '@daftar/shared/money';
import { journalEntryCreate } from '@daftar/shared/schemas/accounting';
import { useId, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { formAlert, reportFormFailure } from '../../../lib/form-failure';
import { payloadSchema, textOrNull, type FormIssue } from '../../../lib/form-schema';
import { flattenErrors, useZodForm } from '../../../lib/forms';
import { formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useCreateJournalEntry } from '../api/create-journal-entry';
import { useLedgerAccounts } from '../api/get-accounts';
import { useContactOptions } from '../api/get-contacts';
import type { JournalEntry } from '../api/get-journal-entries';
import { AccountCombobox, type AccountChoice } from './account-combobox';
import { amountForRequest, emptyEntryLine, entryFigures, lineProblems, type EntryLine } from './entry-lines';
import { useEntryMessages } from './entry-messages';

/** Today in the person's own calendar day (not UTC's). */
export function today() {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The form's values: header and lines as typed, and the status the pressed button sends. */
interface Values {
  date: string;
  reference: string;
  memo: string;
  status: 'draft' | 'posted';
  lines: EntryLine[];
}

interface JournalEntryFormProps {
  organizationId: string;
  currency: string;
  /** Admins may post at once; members save drafts an admin posts later. */
  canPost: boolean;
  onSaved: (entry: JournalEntry) => void;
  cancelTo: string;
}

/**
 * A manual journal entry: any number of lines, each a debit or a credit to one account. Totals and
 * the difference are summed live in minor units with the shared money module, as the ledger will
 * sum them; Post stays disabled until debits equal credits to the fil.
 */
export function JournalEntryForm({ organizationId, currency, canPost, onSaved, cancelTo }: JournalEntryFormProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const hintId = useId();
  const messages = useEntryMessages(currency);
  const accounts = useLedgerAccounts(organizationId);
  const contacts = useContactOptions(organizationId);
  const create = useCreateJournalEntry();
  // Which button sent the entry: set within the click, so neither takes a second one meanwhile.
  const [submitting, setSubmitting] = useState<'draft' | 'posted' | null>(null);

  // The shared schema (the API's own) over the body, and what the form checks first, line by line:
  // a line-level problem sits at `lines.N.amounts`, the whole entry's at `lines.root`, so neither
  // hides a line's own field messages.
  const schema = useMemo(
    () =>
      payloadSchema(
        journalEntryCreate,
        (values: Values) => ({
          date: values.date,
          memo: textOrNull(values.memo),
          reference: textOrNull(values.reference),
          status: values.status,
          lines: values.lines.map((line) => ({
            account_id: line.account_id,
            debit: amountForRequest(line.debit, currency),
            credit: amountForRequest(line.credit, currency),
            description: textOrNull(line.description),
            contact_id: line.contact_id || null,
          })),
        }),
        (values) => {
          const issues: FormIssue[] = [];
          values.lines.forEach((line, index) => {
            const problems = lineProblems(line, currency);
            if (problems.includes('account')) issues.push({ path: ['lines', index, 'account_id'], message: messages.problem('account') });
            const amountProblem = problems.find((p) => p !== 'account');
            if (amountProblem) issues.push({ path: ['lines', index, 'amounts'], message: messages.problem(amountProblem) });
          });
          const figures = entryFigures(values.lines, currency);
          if (figures.readable && !isZero(figures.difference)) {
            issues.push({ path: ['lines', 'root'], message: t('journal.errors.unbalanced', { difference: formatMoney(moneyText(abs(figures.difference)), currency) }) });
          }
          return issues;
        },
        (path) => (path.length === 1 && path[0] === 'lines' ? ['lines', 'root'] : path),
      ),
    // `messages.problem` follows the language (`t`) and the currency.
    [currency, t],
  );
  const form = useZodForm(schema, {
    defaultValues: { date: today(), reference: '', memo: '', status: 'draft', lines: [emptyEntryLine(), emptyEntryLine()] },
    messages: (issue, values) => messages.message(issue, (values as Values | undefined)?.lines),
  });
  const lines = useWatch({ control: form.control, name: 'lines' });
  const errors = flattenErrors(form.formState.errors);

  const figures = entryFigures(lines, currency);
  const allLinesValid = lines.every((line) => lineProblems(line, currency).length === 0);
  const postable = figures.balanced && allLinesValid && lines.length >= 2;

  const choices = useMemo<AccountChoice[]>(
    () =>
      (accounts.data?.data ?? [])
        .filter((a) => a.is_active)
        .map((a) => {
          const name = language === 'ar' && a.name_ar ? a.name_ar : a.name;
          return { id: a.id, code: a.code, name, aliases: [a.name, a.name_ar ?? ''].filter((n) => n && n !== name) };
        }),
    [accounts.data, language],
  );
  const contactOptions = useMemo(
    () => [
      { value: '', label: t('journal.form.noContact') },
      ...(contacts.data?.data ?? []).filter((c) => c.is_active).map((c) => ({ value: c.id, label: language === 'ar' && c.name_ar ? c.name_ar : c.name })),
    ],
    [contacts.data, language, t],
  );

  /** A changed line loses the messages about what changed (and about the whole entry). */
  const updateLine = (index: number, changes: Partial<EntryLine>) => {
    form.setValue(
      'lines',
      form.getValues('lines').map((line, i) => (i === index ? { ...line, ...changes } : line)),
    );
    form.clearErrors([`lines.${index}.amounts`, ...Object.keys(changes).map((field) => `lines.${index}.${field}`), 'lines.root'] as never);
  };
  const removeLine = (index: number) => {
    form.setValue(
      'lines',
      form.getValues('lines').filter((_, i) => i !== index),
    );
    form.clearErrors();
  };

  const save = form.handleSubmit(async (data) => {
    let saved: JournalEntry;
    try {
      saved = await create.mutateAsync({ organizationId, data });
    } catch (error) {
      // A new entry meets one conflict: its date is in a closed period.
      if (error instanceof ApiError && error.status === 409) {
        form.setError('root.server', { type: 'conflict', message: t('journal.errors.closedPeriod', { date: data.date }) });
        return;
      }
      // `lines` and `lines.2` are the entry's and the line's own messages.
      const rename = { lines: 'lines.root', ...Object.fromEntries(data.lines.map((_, index) => [`lines.${index}`, `lines.${index}.amounts`])) };
      const fields = [
        'date',
        'reference',
        'memo',
        'lines.root',
        ...data.lines.flatMap((_, index) => ['amounts', 'account_id', 'debit', 'credit', 'description', 'contact_id'].map((field) => `lines.${index}.${field}`)),
      ];
      const values = form.getValues();
      return reportFormFailure(form, error, { rename, fields, message: (issue) => messages.message(issue, values.lines), unplaced: 'form' });
    }
    onSaved(saved);
  });

  const submit = (status: Values['status']) => {
    if (submitting) return;
    setSubmitting(status);
    form.setValue('status', status);
    void save().finally(() => setSubmitting(null));
  };

  const lineError = (index: number, field?: string) => errors[`lines.${index}.${field ?? 'amounts'}`];
  const lineErrorId = (index: number) => `${hintId}-line-${index}`;
  const money = (amount: typeof figures.debits) => formatMoney(moneyText(amount), currency);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit('draft');
      }}
      noValidate
      aria-label={t('journal.form.title')}
    >
      <Flex direction="column" gap="5">
        {formAlert(form) ? (
          <Callout.Root color="red" role="alert">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>{formAlert(form)}</Callout.Text>
          </Callout.Root>
        ) : null}
        <Card size="3">
          <Grid columns={{ initial: '1', sm: '2' }} gap="4">
            <FormTextInput form={form} name="date" label={t('journal.fields.date')} type="date" required />
            <FormTextInput form={form} name="reference" label={t('journal.fields.reference')} />
          </Grid>
          <Box mt="4">
            <FormTextAreaInput form={form} name="memo" label={t('journal.fields.memo')} />
          </Box>
        </Card>

        <Flex direction="column" gap="3" asChild>
          <section aria-labelledby={`${hintId}-lines`}>
            <Heading as="h2" size="4" id={`${hintId}-lines`}>
              {t('journal.form.lines')}
            </Heading>
            <Grid columns="minmax(200px, 3fr) minmax(140px, 2fr) minmax(140px, 2fr) minmax(110px, 1fr) minmax(110px, 1fr) 32px" gap="2" display={{ initial: 'none', md: 'grid' }} aria-hidden>
              <Text size="1" weight="medium" color="gray">{t('journal.fields.account')}</Text>
              <Text size="1" weight="medium" color="gray">{t('journal.fields.description')}</Text>
              <Text size="1" weight="medium" color="gray">{t('journal.fields.contact')}</Text>
              <Text size="1" weight="medium" color="gray" style={{ textAlign: 'end' }}>{t('journal.fields.debit')}</Text>
              <Text size="1" weight="medium" color="gray" style={{ textAlign: 'end' }}>{t('journal.fields.credit')}</Text>
              <span />
            </Grid>
            {lines.map((line, index) => {
              const n = index + 1;
              const problem = lineError(index) ?? lineError(index, 'debit') ?? lineError(index, 'credit');
              const accountProblem = lineError(index, 'account_id');
              const describedBy = problem || accountProblem ? lineErrorId(index) : undefined;
              const fallback = accounts.data?.data.find((a) => a.id === line.account_id);
              return (
                <fieldset key={line.key} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
                  <VisuallyHidden asChild>
                    <legend>{t('journal.form.line', { line: n })}</legend>
                  </VisuallyHidden>
                  <Grid columns={{ initial: '1', md: 'minmax(200px, 3fr) minmax(140px, 2fr) minmax(140px, 2fr) minmax(110px, 1fr) minmax(110px, 1fr) 32px' }} gap="2" align="center">
                    <AccountCombobox
                      label={t('journal.form.fieldOfLine', { field: t('journal.fields.account'), line: n })}
                      placeholder={t('journal.form.searchAccount')}
                      noMatches={t('journal.form.noAccountMatches')}
                      choices={choices}
                      value={line.account_id}
                      fallbackLabel={fallback ? `${fallback.code} · ${fallback.name}` : undefined}
                      onChange={(accountId) => updateLine(index, { account_id: accountId })}
                      invalid={!!accountProblem}
                      describedBy={describedBy}
                    />
                    <TextField.Root
                      aria-label={t('journal.form.fieldOfLine', { field: t('journal.fields.description'), line: n })}
                      placeholder={t('journal.fields.description')}
                      value={line.description}
                      onChange={(e) => updateLine(index, { description: e.target.value })}
                    />
                    <select
                      className="native-select"
                      aria-label={t('journal.form.fieldOfLine', { field: t('journal.fields.contact'), line: n })}
                      value={line.contact_id}
                      onChange={(e) => updateLine(index, { contact_id: e.target.value })}
                    >
                      {contactOptions.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                    <TextField.Root
                      aria-label={t('journal.form.fieldOfLine', { field: t('journal.fields.debit'), line: n })}
                      placeholder={t('journal.fields.debit')}
                      inputMode="decimal"
                      dir="ltr"
                      style={{ textAlign: 'end' }}
                      value={line.debit}
                      aria-invalid={problem ? true : undefined}
                      aria-describedby={describedBy}
                      onChange={(e) => updateLine(index, { debit: e.target.value })}
                    />
                    <TextField.Root
                      aria-label={t('journal.form.fieldOfLine', { field: t('journal.fields.credit'), line: n })}
                      placeholder={t('journal.fields.credit')}
                      inputMode="decimal"
                      dir="ltr"
                      style={{ textAlign: 'end' }}
                      value={line.credit}
                      aria-invalid={problem ? true : undefined}
                      aria-describedby={describedBy}
                      onChange={(e) => updateLine(index, { credit: e.target.value })}
                    />
                    <IconButton
                      type="button"
                      variant="ghost"
                      color="red"
                      aria-label={t('journal.form.removeLine', { line: n })}
                      disabled={lines.length <= 2}
                      onClick={() => removeLine(index)}
                    >
                      <TrashIcon />
                    </IconButton>
                  </Grid>
                  {problem || accountProblem ? (
                    <Text as="p" id={lineErrorId(index)} size="1" color="red" role="alert" mt="1">
                      {[accountProblem, problem].filter(Boolean).map((m) => t('journal.form.lineProblem', { line: n, problem: m })).join(' ')}
                    </Text>
                  ) : null}
                </fieldset>
              );
            })}
            <Flex>
              <Button type="button" variant="soft" onClick={() => form.setValue('lines', [...form.getValues('lines'), emptyEntryLine()])}>
                <PlusIcon /> {t('journal.form.addLine')}
              </Button>
            </Flex>
          </section>
        </Flex>

        <Card size="2">
          <Flex justify="between" align="center" gap="4" wrap="wrap">
            <DataList.Root orientation="horizontal" aria-label={t('journal.form.totals')}>
              <DataList.Item>
                <DataList.Label minWidth="120px">{t('journal.form.totalDebits')}</DataList.Label>
                <DataList.Value>{money(figures.debits)}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label minWidth="120px">{t('journal.form.totalCredits')}</DataList.Label>
                <DataList.Value>{money(figures.credits)}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label minWidth="120px">{t('journal.form.difference')}</DataList.Label>
                <DataList.Value>
                  <Text color={isZero(figures.difference) ? undefined : 'red'} weight="bold">
                    {money(abs(figures.difference))}
                  </Text>
                </DataList.Value>
              </DataList.Item>
            </DataList.Root>
            <Box role="status" aria-live="polite">
              {!figures.readable ? (
                <Badge color="red" size="2">{t('journal.form.unreadable')}</Badge>
              ) : figures.balanced ? (
                <Badge color="green" size="2">{t('journal.form.balanced')}</Badge>
              ) : isZero(figures.debits) && isZero(figures.credits) ? (
                <Badge color="gray" size="2">{t('journal.form.nothingYet')}</Badge>
              ) : (
                <Badge color="amber" size="2">
                  {figures.difference.amount < 0
                    ? t('journal.form.creditsExceed', { difference: money(abs(figures.difference)) })
                    : t('journal.form.debitsExceed', { difference: money(abs(figures.difference)) })}
                </Badge>
              )}
            </Box>
          </Flex>
          {errors.lines ? (
            <Text as="p" size="2" color="red" role="alert" mt="3">
              {errors.lines}
            </Text>
          ) : null}
        </Card>

        <Flex gap="3" justify="end" align="center" wrap="wrap">
          {canPost && !postable ? (
            <Text id={`${hintId}-post`} size="2" color="gray">
              {t('journal.form.postHint')}
            </Text>
          ) : null}
          <Button asChild variant="soft" color="gray">
            <Link to={cancelTo}>{t('common.cancel')}</Link>
          </Button>
          <Button type="submit" variant={canPost ? 'soft' : 'solid'} loading={submitting === 'draft'} disabled={!!submitting}>
            {t('journal.form.saveDraft')}
          </Button>
          {canPost ? (
            <Button
              type="button"
              disabled={!postable || !!submitting}
              loading={submitting === 'posted'}
              aria-describedby={!postable ? `${hintId}-post` : undefined}
              onClick={() => submit('posted')}
            >
              {t('journal.form.post')}
            </Button>
          ) : null}
        </Flex>
      </Flex>
    </form>
  );
}
