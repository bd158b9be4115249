import { ExclamationTriangleIcon, PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { Badge, Box, Button, Callout, Card, DataList, Flex, Grid, Heading, IconButton, Text, TextField, VisuallyHidden } from '@radix-ui/themes';
import { isZero, formatMoney as moneyText, abs } from '@daftar/shared/money';
import { journalEntryCreate, type JournalEntryCreate } from '@daftar/shared/schemas/accounting';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorsFromIssues, errorsFromValidationDetail, type DocumentErrors } from '../../../components/document-lines-editor';
import { TextAreaInput, TextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
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
  const [header, setHeader] = useState({ date: today(), reference: '', memo: '' });
  const [lines, setLines] = useState<EntryLine[]>(() => [emptyEntryLine(), emptyEntryLine()]);
  const [errors, setErrors] = useState<DocumentErrors>({});
  const [submitting, setSubmitting] = useState<'draft' | 'posted' | null>(null);

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

  const updateLine = (index: number, changes: Partial<EntryLine>) => {
    setLines((current) => current.map((line, i) => (i === index ? { ...line, ...changes } : line)));
    const fields = Object.keys(changes);
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !(key === `lines.${index}` || fields.some((f) => key === `lines.${index}.${f}`) || key === 'lines'))));
  };
  const removeLine = (index: number) => {
    setLines((current) => current.filter((_, i) => i !== index));
    setErrors({});
  };

  const localErrors = (): DocumentErrors => {
    const next: DocumentErrors = {};
    lines.forEach((line, index) => {
      const problems = lineProblems(line, currency);
      if (problems.includes('account')) next[`lines.${index}.account_id`] = messages.problem('account');
      const amountProblem = problems.find((p) => p !== 'account');
      if (amountProblem) next[`lines.${index}`] = messages.problem(amountProblem);
    });
    if (figures.readable && !isZero(figures.difference)) {
      next.lines = t('journal.errors.unbalanced', { difference: formatMoney(moneyText(abs(figures.difference)), currency) });
    }
    return next;
  };

  const onFailure = (error: unknown) => {
    if (error instanceof ApiError && error.status === 422) {
      const fieldErrors = errorsFromValidationDetail(error.body, messages.message);
      if (fieldErrors) return setErrors(fieldErrors);
    }
    if (error instanceof ApiError && error.status === 409) {
      return setErrors({ form: /is closed/.test(error.detail ?? '') ? t('journal.errors.closedPeriod', { date: header.date }) : (error.detail ?? t('errors.generic')) });
    }
    notifyError(error);
  };

  const submit = (status: 'draft' | 'posted') => {
    const payload = {
      date: header.date,
      memo: header.memo.trim() || null,
      reference: header.reference.trim() || null,
      status,
      lines: lines.map((line) => ({
        account_id: line.account_id,
        debit: amountForRequest(line.debit, currency),
        credit: amountForRequest(line.credit, currency),
        description: line.description.trim() || null,
        contact_id: line.contact_id || null,
      })),
    };
    const next = localErrors();
    const parsed = journalEntryCreate.safeParse(payload);
    if (!parsed.success) Object.assign(next, { ...errorsFromIssues(parsed.error.issues, messages.message), ...next });
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    setSubmitting(status);
    create.mutate({ organizationId, data: parsed.data satisfies JournalEntryCreate }, { onSuccess: onSaved, onError: onFailure, onSettled: () => setSubmitting(null) });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit('draft');
  };

  const lineError = (index: number, field?: string) => errors[field ? `lines.${index}.${field}` : `lines.${index}`];
  const lineErrorId = (index: number) => `${hintId}-line-${index}`;
  const money = (amount: typeof figures.debits) => formatMoney(moneyText(amount), currency);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('journal.form.title')}>
      <Flex direction="column" gap="5">
        {errors.form ? (
          <Callout.Root color="red" role="alert">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>{errors.form}</Callout.Text>
          </Callout.Root>
        ) : null}
        <Card size="3">
          <Grid columns={{ initial: '1', sm: '2' }} gap="4">
            <TextInput label={t('journal.fields.date')} type="date" name="date" required value={header.date} error={errors.date} onChange={(e) => setHeader({ ...header, date: e.target.value })} />
            <TextInput label={t('journal.fields.reference')} name="reference" value={header.reference} error={errors.reference} onChange={(e) => setHeader({ ...header, reference: e.target.value })} />
          </Grid>
          <Box mt="4">
            <TextAreaInput label={t('journal.fields.memo')} name="memo" value={header.memo} error={errors.memo} onChange={(e) => setHeader({ ...header, memo: e.target.value })} />
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
              <Button type="button" variant="soft" onClick={() => setLines((current) => [...current, emptyEntryLine()])}>
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
