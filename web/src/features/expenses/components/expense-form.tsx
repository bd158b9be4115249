import { Box, Button, Callout, Card, DataList, Flex, Grid, Progress, RadioGroup, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { MAX_UPLOAD_BYTES } from '@daftar/shared/constants';
import { expenseAmount, expenseCreate, expenseUpdate, type ExpenseCreate } from '@daftar/shared/schemas/expenses';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FileInput, FormSelectInput, FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { formAlert, reportFormFailure } from '../../../lib/form-failure';
import { payloadSchema, sharedSchemaMessages, textOrNull, type FormIssue } from '../../../lib/form-schema';
import { fieldError, useZodForm } from '../../../lib/forms';
import { formatBytes, formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCreateExpense } from '../api/create-expense';
import { usePaymentAccounts } from '../api/get-accounts';
import { useExpenseCategories } from '../api/get-expense-categories';
import type { Expense } from '../api/get-expenses';
import { useReceipt } from '../api/get-receipt';
import { useContactNames } from '../api/get-suppliers';
import { useTaxes } from '../api/get-taxes';
import { useUpdateExpense } from '../api/update-expense';
import { useUploadReceipt } from '../api/upload-receipt';
import { amountText, grossAmount, splitExpense, today } from './figures';
import { expenseMessage } from './messages';
import { localName } from '../../../lib/names';

/** Receipts are photos or PDFs. */
const RECEIPT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'];

interface Values {
  date: string;
  category_id: string;
  description: string;
  amount: string;
  tax_id: string;
  payment: 'company' | 'reimbursable';
  paid_from_account_id: string;
  contact_id: string;
  reference: string;
  notes: string;
  file_id: string | null;
}

const valuesOf = (expense?: Expense): Values => ({
  date: expense?.date ?? today(),
  category_id: expense?.category_id ?? '',
  description: expense?.description ?? '',
  amount: expense?.amount ?? '',
  tax_id: expense?.tax_id ?? '',
  payment: expense?.reimbursable ? 'reimbursable' : 'company',
  paid_from_account_id: expense?.paid_from_account_id ?? '',
  contact_id: expense?.contact_id ?? '',
  reference: expense?.reference ?? '',
  notes: expense?.notes ?? '',
  file_id: expense?.file_id ?? null,
});

interface ExpenseFormProps {
  organizationId: string;
  currency: string;
  /** The draft (or rejected expense) being changed; absent for a new one. */
  expense?: Expense;
  onSaved: (expense: Expense) => void;
  cancelTo: string;
}

/**
 * An expense as paid: the gross amount (tax included), split into net and tax here exactly as the
 * API will split it; paid from a cash or bank account, or by the employee (reimbursable).
 */
export function ExpenseForm({ organizationId, currency, expense, onSaved, cancelTo }: ExpenseFormProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const paymentId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadedName, setUploadedName] = useState<string | null>(null);

  // The shared schema (the API's own) over the body, and what it cannot know: a category is
  // required, and the amount's decimals are the currency's.
  const schema = useMemo(() => {
    const payloadOf = (values: Values) => {
      const reimbursable = values.payment === 'reimbursable';
      return {
        date: values.date,
        category_id: values.category_id,
        description: values.description,
        amount: values.amount.trim(),
        tax_id: values.tax_id || null,
        paid_from_account_id: reimbursable ? null : values.paid_from_account_id || null,
        reimbursable,
        contact_id: values.contact_id || null,
        file_id: values.file_id,
        reference: textOrNull(values.reference),
        notes: textOrNull(values.notes),
      };
    };
    const ownChecks = (values: Values): FormIssue[] => [
      ...(values.category_id ? [] : [{ path: ['category_id'], message: t('expenses.errors.category') }]),
      // A well-formed amount finer than the currency (the schema says what is wrong with any other).
      ...(expenseAmount.safeParse(values.amount.trim()).success && !grossAmount(values.amount, currency)
        ? [{ path: ['amount'], message: t('expenses.errors.amountPrecision', { currency }) }]
        : []),
    ];
    return expense
      ? payloadSchema(expenseUpdate, (values: Values) => ({ ...payloadOf(values), version: expense.version }), ownChecks)
      : payloadSchema(expenseCreate, payloadOf, ownChecks);
  }, [expense, currency, t]);
  const form = useZodForm(schema, { defaultValues: valuesOf(expense), messages: sharedSchemaMessages(expenseMessage) });
  const values = useWatch({ control: form.control }) as Values;
  const categories = useExpenseCategories(organizationId, true);
  const accounts = usePaymentAccounts(organizationId);
  const taxes = useTaxes(organizationId);
  const contacts = useContactNames(organizationId);
  const receipt = useReceipt(organizationId, values.file_id && !uploadedName ? values.file_id : null);
  const create = useCreateExpense();
  const update = useUpdateExpense();
  const upload = useUploadReceipt();
  const saving = form.formState.isSubmitting || create.isPending || update.isPending;

  // A kept choice that is no longer offered (deactivated since) stays shown, so nothing changes silently.
  const keep = <T extends { id: string; is_active: boolean }>(items: readonly T[], selected: string, offered: (item: T) => boolean) =>
    items.filter((item) => (offered(item) && item.is_active) || item.id === selected);

  const categoryOptions = useMemo(
    () => [
      { value: '', label: t('expenses.form.chooseCategory') },
      ...keep(categories.data?.data ?? [], values.category_id, () => true).map((c) => ({ value: c.id, label: localName(c, language) })),
    ],
    [categories.data, values.category_id, language, t],
  );
  const accountOptions = useMemo(
    () => [
      { value: '', label: t('expenses.form.chooseAccount') },
      ...keep(accounts.data ?? [], values.paid_from_account_id, () => true).map((a) => ({ value: a.id, label: `${a.code} ${localName(a, language)}` })),
    ],
    [accounts.data, values.paid_from_account_id, language, t],
  );
  const generalTaxes = useMemo(() => keep(taxes.data?.data ?? [], values.tax_id, (tax) => tax.tax_category !== 'special'), [taxes.data, values.tax_id]);
  const taxOptions = [{ value: '', label: t('expenses.form.noTax') }, ...generalTaxes.map((tax) => ({ value: tax.id, label: localName(tax, language) }))];
  const supplierOptions = useMemo(
    () => [
      { value: '', label: t('expenses.form.noSupplier') },
      ...keep(contacts.data?.data ?? [], values.contact_id, (c) => c.contact_type === 'supplier' || c.contact_type === 'both').map((c) => ({ value: c.id, label: localName(c, language) })),
    ],
    [contacts.data, values.contact_id, language, t],
  );

  const selectedTax = generalTaxes.find((tax) => tax.id === values.tax_id) ?? null;
  const split = splitExpense(values.amount, selectedTax, currency);
  const receiptName = uploadedName ?? receipt.data?.filename ?? null;

  const chooseReceipt = (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) return form.setError('file_id', { type: 'custom', message: t('expenses.form.receiptTooLarge', { max: formatBytes(MAX_UPLOAD_BYTES) }) });
    if (!RECEIPT_TYPES.includes(file.type)) return form.setError('file_id', { type: 'custom', message: t('expenses.form.receiptType') });
    form.clearErrors('file_id');
    setProgress(0);
    upload.mutate(
      { organizationId, file, onProgress: setProgress },
      {
        onSuccess: (uploaded) => {
          form.setValue('file_id', uploaded.id);
          setUploadedName(uploaded.filename);
        },
        onSettled: () => {
          setProgress(null);
          if (fileInput.current) fileInput.current.value = '';
        },
      },
    );
  };

  const removeReceipt = () => {
    form.setValue('file_id', null);
    setUploadedName(null);
  };

  const save = form.handleSubmit(async (data) => {
    let saved: Expense;
    try {
      saved = expense ? await update.mutateAsync({ organizationId, expenseId: expense.id, data }) : await create.mutateAsync({ organizationId, data: data as ExpenseCreate });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) return setConflict(error.detail ?? t('errors.generic'));
      return reportFormFailure(form, error, { message: expenseMessage, unplaced: 'form' });
    }
    notify.success(t(expense ? 'expenses.form.saved' : 'expenses.form.created'));
    onSaved(saved);
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setConflict(null);
    void save(event);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Flex direction="column" gap="4">
        {conflict ? (
          <Callout.Root color="red" role="alert">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>{conflict}</Callout.Text>
          </Callout.Root>
        ) : null}
        {expense?.status === 'rejected' && expense.rejection_reason ? (
          <Callout.Root color="amber" role="note">
            <Callout.Text>{t('expenses.form.rejectedBecause', { reason: expense.rejection_reason })}</Callout.Text>
          </Callout.Root>
        ) : null}
        <Card size="3">
          <Grid columns={{ initial: '1', sm: '2' }} gap="4">
            <FormTextInput form={form} name="date" label={t('expenses.form.date')} type="date" required />
            <FormSelectInput form={form} name="category_id" label={t('expenses.form.category')} options={categoryOptions} />
            <FormTextInput form={form} name="description" label={t('expenses.form.description')} required />
            <FormSelectInput form={form} name="contact_id" label={t('expenses.form.supplier')} options={supplierOptions} />
            <FormTextInput
              form={form}
              name="amount"
              label={t('expenses.form.amount', { currency })}
              inputMode="decimal"
              required
              placeholder="0.000"
              hint={t('expenses.form.amountHint')}
            />
            <FormSelectInput form={form} name="tax_id" label={t('expenses.form.tax')} options={taxOptions} />
          </Grid>
          <DataList.Root mt="4" aria-label={t('expenses.form.split')}>
            <DataList.Item>
              <DataList.Label>{t('expenses.fields.net')}</DataList.Label>
              <DataList.Value>{split ? formatMoney(amountText(split.net), currency) : '—'}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{t('expenses.fields.tax')}</DataList.Label>
              <DataList.Value>{split ? formatMoney(amountText(split.tax), currency) : '—'}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{t('expenses.fields.total')}</DataList.Label>
              <DataList.Value>
                <Text weight="bold">{split ? formatMoney(amountText(split.gross), currency) : '—'}</Text>
              </DataList.Value>
            </DataList.Item>
          </DataList.Root>
        </Card>
        <Card size="3">
          <Flex direction="column" gap="4">
            <Flex direction="column" gap="2">
              <Text id={paymentId} size="2" weight="medium">
                {t('expenses.form.paidBy')}
              </Text>
              <Controller
                control={form.control}
                name="payment"
                render={({ field }) => (
                  <RadioGroup.Root ref={field.ref} name={field.name} value={field.value} onValueChange={field.onChange} onBlur={field.onBlur} aria-labelledby={paymentId}>
                    <RadioGroup.Item value="company">{t('expenses.form.paidByCompany')}</RadioGroup.Item>
                    <RadioGroup.Item value="reimbursable">{t('expenses.form.paidByEmployee')}</RadioGroup.Item>
                  </RadioGroup.Root>
                )}
              />
            </Flex>
            {values.payment === 'company' ? (
              <FormSelectInput
                form={form}
                name="paid_from_account_id"
                label={t('expenses.form.paidFrom')}
                hint={t('expenses.form.paidFromHint')}
                options={accountOptions}
              />
            ) : (
              <Text size="2" color="gray">
                {t('expenses.form.reimbursableHint')}
              </Text>
            )}
          </Flex>
        </Card>
        <Card size="3">
          <Grid columns={{ initial: '1', sm: '2' }} gap="4">
            <FormTextInput form={form} name="reference" label={t('expenses.form.reference')} />
            <Flex direction="column" gap="2">
              <FileInput
                ref={fileInput}
                label={t('expenses.form.receipt')}
                name="receipt"
                accept={RECEIPT_TYPES.join(',')}
                error={fieldError(form, 'file_id')}
                hint={t('expenses.form.receiptHint', { max: formatBytes(MAX_UPLOAD_BYTES) })}
                disabled={upload.isPending}
                onChange={(e) => chooseReceipt(e.target.files?.[0] ?? null)}
              />
              {progress !== null ? (
                <Progress aria-label={t('expenses.form.uploading')} value={Math.round(progress * 100)} max={100} />
              ) : null}
              {values.file_id ? (
                <Flex gap="2" align="center">
                  <Text size="2">{t('expenses.form.receiptAttached', { name: receiptName ?? '…' })}</Text>
                  <Button type="button" size="1" variant="soft" color="gray" onClick={removeReceipt}>
                    {t('expenses.form.removeReceipt')}
                  </Button>
                </Flex>
              ) : null}
            </Flex>
          </Grid>
          <Box mt="4">
            <FormTextAreaInput form={form} name="notes" label={t('expenses.form.notes')} />
          </Box>
        </Card>
        {formAlert(form) ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{formAlert(form)}</Callout.Text>
          </Callout.Root>
        ) : null}
        <Flex gap="3" justify="end">
          <Button asChild variant="soft" color="gray">
            <Link to={cancelTo}>{t('common.cancel')}</Link>
          </Button>
          <Button type="submit" loading={saving} disabled={saving || upload.isPending}>
            {expense ? t('common.saveChanges') : t('expenses.form.saveDraft')}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
