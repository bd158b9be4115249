import { Box, Button, Callout, Card, DataList, Flex, Grid, Progress, RadioGroup, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { MAX_UPLOAD_BYTES } from '@daftar/shared/constants';
import { expenseCreate, expenseUpdate } from '@daftar/shared/schemas/expenses';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorsFromValidationDetail } from '../../../components/document-lines-editor';
import { FileInput, SelectInput, TextAreaInput, TextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { formatBytes, formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notify, notifyError } from '../../../lib/notify';
import { validateForm, type FieldErrors } from '../../../lib/validation';
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
import { expenseErrors, expenseMessage } from './messages';
import { localName } from './names';

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
  const [values, setValues] = useState<Values>(() => valuesOf(expense));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadedName, setUploadedName] = useState<string | null>(null);
  const categories = useExpenseCategories(organizationId, true);
  const accounts = usePaymentAccounts(organizationId);
  const taxes = useTaxes(organizationId);
  const contacts = useContactNames(organizationId);
  const receipt = useReceipt(organizationId, values.file_id && !uploadedName ? values.file_id : null);
  const create = useCreateExpense();
  const update = useUpdateExpense();
  const upload = useUploadReceipt();

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
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
    if (file.size > MAX_UPLOAD_BYTES) return setErrors((e) => ({ ...e, file_id: t('expenses.form.receiptTooLarge', { max: formatBytes(MAX_UPLOAD_BYTES) }) }));
    if (!RECEIPT_TYPES.includes(file.type)) return setErrors((e) => ({ ...e, file_id: t('expenses.form.receiptType') }));
    setErrors(({ file_id: _dropped, ...rest }) => rest);
    setProgress(0);
    upload.mutate(
      { organizationId, file, onProgress: setProgress },
      {
        onSuccess: (uploaded) => {
          setValues((v) => ({ ...v, file_id: uploaded.id }));
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
    setValues((v) => ({ ...v, file_id: null }));
    setUploadedName(null);
  };

  const onFailure = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) return setConflict(error.detail ?? t('errors.generic'));
    if (error instanceof ApiError && error.status === 422) {
      const fieldErrors = errorsFromValidationDetail(error.body, expenseMessage);
      if (fieldErrors) return setErrors(fieldErrors);
    }
    notifyError(error);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setConflict(null);
    const reimbursable = values.payment === 'reimbursable';
    const body = {
      date: values.date,
      category_id: values.category_id,
      description: values.description,
      amount: values.amount.trim(),
      tax_id: values.tax_id || null,
      paid_from_account_id: reimbursable ? null : values.paid_from_account_id || null,
      reimbursable,
      contact_id: values.contact_id || null,
      file_id: values.file_id,
      reference: values.reference.trim() || null,
      notes: values.notes.trim() || null,
    };
    // What the schema cannot know: a category is required, and the amount's decimals are the currency's.
    const withOwnChecks = (schemaErrors: FieldErrors): FieldErrors => {
      const found = { ...schemaErrors };
      if (!values.category_id) found.category_id = t('expenses.errors.category');
      if (!found.amount && !grossAmount(values.amount, currency)) found.amount = t('expenses.errors.amountPrecision', { currency });
      return found;
    };
    const handlers = {
      onSuccess: (saved: Expense) => {
        notify.success(t(expense ? 'expenses.form.saved' : 'expenses.form.created'));
        onSaved(saved);
      },
      onError: onFailure,
    };
    if (expense) {
      const result = validateForm(expenseUpdate, { ...body, version: expense.version });
      const found = withOwnChecks(result.success ? {} : expenseErrors(result.errors));
      if (!result.success || Object.keys(found).length) return setErrors(found);
      setErrors({});
      update.mutate({ organizationId, expenseId: expense.id, data: result.data }, handlers);
    } else {
      const result = validateForm(expenseCreate, body);
      const found = withOwnChecks(result.success ? {} : expenseErrors(result.errors));
      if (!result.success || Object.keys(found).length) return setErrors(found);
      setErrors({});
      create.mutate({ organizationId, data: result.data }, handlers);
    }
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
            <TextInput label={t('expenses.form.date')} name="date" type="date" required value={values.date} error={errors.date} onChange={(e) => set('date', e.target.value)} />
            <SelectInput label={t('expenses.form.category')} name="category_id" value={values.category_id} error={errors.category_id} onChange={(e) => set('category_id', e.target.value)} options={categoryOptions} />
            <TextInput
              label={t('expenses.form.description')}
              name="description"
              required
              value={values.description}
              error={errors.description}
              onChange={(e) => set('description', e.target.value)}
            />
            <SelectInput label={t('expenses.form.supplier')} name="contact_id" value={values.contact_id} error={errors.contact_id} onChange={(e) => set('contact_id', e.target.value)} options={supplierOptions} />
            <TextInput
              label={t('expenses.form.amount', { currency })}
              name="amount"
              inputMode="decimal"
              required
              placeholder="0.000"
              value={values.amount}
              error={errors.amount}
              hint={t('expenses.form.amountHint')}
              onChange={(e) => set('amount', e.target.value)}
            />
            <SelectInput label={t('expenses.form.tax')} name="tax_id" value={values.tax_id} error={errors.tax_id} onChange={(e) => set('tax_id', e.target.value)} options={taxOptions} />
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
              <RadioGroup.Root value={values.payment} onValueChange={(value) => set('payment', value as Values['payment'])} aria-labelledby={paymentId}>
                <RadioGroup.Item value="company">{t('expenses.form.paidByCompany')}</RadioGroup.Item>
                <RadioGroup.Item value="reimbursable">{t('expenses.form.paidByEmployee')}</RadioGroup.Item>
              </RadioGroup.Root>
            </Flex>
            {values.payment === 'company' ? (
              <SelectInput
                label={t('expenses.form.paidFrom')}
                name="paid_from_account_id"
                value={values.paid_from_account_id}
                error={errors.paid_from_account_id}
                hint={t('expenses.form.paidFromHint')}
                onChange={(e) => set('paid_from_account_id', e.target.value)}
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
            <TextInput label={t('expenses.form.reference')} name="reference" value={values.reference} error={errors.reference} onChange={(e) => set('reference', e.target.value)} />
            <Flex direction="column" gap="2">
              <FileInput
                ref={fileInput}
                label={t('expenses.form.receipt')}
                name="receipt"
                accept={RECEIPT_TYPES.join(',')}
                error={errors.file_id}
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
            <TextAreaInput label={t('expenses.form.notes')} name="notes" value={values.notes} error={errors.notes} onChange={(e) => set('notes', e.target.value)} />
          </Box>
        </Card>
        {errors.form ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{errors.form}</Callout.Text>
          </Callout.Root>
        ) : null}
        <Flex gap="3" justify="end">
          <Button asChild variant="soft" color="gray">
            <Link to={cancelTo}>{t('common.cancel')}</Link>
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending} disabled={upload.isPending}>
            {expense ? t('common.saveChanges') : t('expenses.form.saveDraft')}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
