import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Button, Callout, Card, Checkbox, Flex, Grid, Text } from '@radix-ui/themes';
import { billCreate, billReplace } from '@daftar/shared/schemas/bills';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  computeDocumentLines,
  DocumentLinesEditor,
  emptyLine,
  errorsFromIssues,
  errorsFromValidationDetail,
  lineFromDocument,
  billLineToInput,
  type DocumentErrors,
  type DocumentLine,
} from '../../../components/document-lines-editor';
import { SelectInput, TextAreaInput, TextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { useCreateBill } from '../api/create-bill';
import { useContactNames, useSuppliers } from '../api/get-suppliers';
import type { Bill } from '../api/get-bills';
import type { Account } from '../api/get-accounts';
import type { Tax } from '../api/get-taxes';
import { useReplaceBill } from '../api/replace-bill';
import { addDays, today } from './dates';
import { useBillMessages } from './form-errors';
import { accountLabel, lineAccountOptions, lineTaxOptions, useBillLinesLabels } from './labels';

interface Header {
  contact_id: string;
  issue_date: string;
  due_date: string;
  supplier_reference: string;
  reference: string;
  notes: string;
  price_includes_tax: boolean;
}

const headerOf = (bill?: Bill): Header => ({
  contact_id: bill?.contact_id ?? '',
  issue_date: bill?.issue_date ?? today(),
  due_date: bill?.due_date ?? '',
  supplier_reference: bill?.supplier_reference ?? '',
  reference: bill?.reference ?? '',
  notes: bill?.notes ?? '',
  price_includes_tax: bill?.price_includes_tax ?? false,
});

interface BillFormProps {
  organizationId: string;
  currency: string;
  taxes: readonly Tax[];
  accounts: readonly Account[];
  /** The draft being edited; absent for a new bill. */
  bill?: Bill;
  onSaved: (bill: Bill) => void;
  /** Reads the draft again after a version conflict; resolves with the fresh copy. */
  onReload?: () => Promise<Bill | undefined>;
  cancelTo: string;
}

export function BillForm({ organizationId, currency, taxes, accounts, bill, onSaved, onReload, cancelTo }: BillFormProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const labels = useBillLinesLabels();
  const messages = useBillMessages();
  const suppliers = useSuppliers(organizationId);
  const contactNames = useContactNames(organizationId);
  const create = useCreateBill();
  const replace = useReplaceBill();
  const taxOptions = useMemo(() => lineTaxOptions(taxes, language), [taxes, language]);
  const defaultTaxId = taxOptions.find((option) => taxes.find((tax) => tax.id === option.id)?.is_default)?.id ?? '';
  const newLine = () => emptyLine({ tax_id: defaultTaxId });

  const [header, setHeader] = useState<Header>(() => headerOf(bill));
  const [lines, setLines] = useState<DocumentLine[]>(() => (bill ? bill.lines.map(lineFromDocument) : [newLine()]));
  const [version, setVersion] = useState(bill?.version);
  const [errors, setErrors] = useState<DocumentErrors>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const saving = create.isPending || replace.isPending;
  /** A new line is usually booked like the one above it. */
  const nextLine = () => emptyLine({ tax_id: defaultTaxId, account_id: lines[lines.length - 1]?.account_id ?? '' });
  const accountOptions = useMemo(() => {
    const options = lineAccountOptions(accounts, language, { expense: t('bills.lines.expenseAccounts'), asset: t('bills.lines.assetAccounts') });
    // A draft keeps an account deactivated since: shown by name, so the person sees what to change.
    for (const line of lines) {
      const kept = line.account_id && !options.some((o) => o.id === line.account_id) ? accounts.find((a) => a.id === line.account_id) : undefined;
      if (kept && !options.some((o) => o.id === kept.id)) options.push({ id: kept.id, label: `${accountLabel(kept, language)} (${t('bills.lines.inactiveAccount')})` });
    }
    return options;
  }, [accounts, language, lines, t]);

  const set = <K extends keyof Header>(key: K, value: Header[K]) => setHeader((h) => ({ ...h, [key]: value }));

  const supplierOptions = useMemo(() => {
    const active = suppliers.data?.data ?? [];
    const options = active.map((c) => ({ value: c.id, label: c.name }));
    // A draft keeps a supplier who was deactivated since: it stays shown, by name.
    if (header.contact_id && !active.some((c) => c.id === header.contact_id)) {
      const known = contactNames.data?.data.find((c) => c.id === header.contact_id);
      options.unshift({ value: header.contact_id, label: known?.name ?? t('bills.unknownSupplier') });
    }
    return [{ value: '', label: t('bills.form.chooseSupplier') }, ...options];
  }, [suppliers.data, contactNames.data, header.contact_id, t]);

  const chooseSupplier = (contactId: string) => {
    const supplier = suppliers.data?.data.find((c) => c.id === contactId);
    setHeader((h) => ({
      ...h,
      contact_id: contactId,
      // The supplier's payment terms give the due date, unless one was typed.
      due_date: !h.due_date && supplier?.payment_terms_days != null && h.issue_date ? addDays(h.issue_date, supplier.payment_terms_days) : h.due_date,
    }));
  };

  const reset = (fresh: Bill) => {
    setHeader(headerOf(fresh));
    setLines(fresh.lines.map(lineFromDocument));
    setVersion(fresh.version);
    setErrors({});
    setConflict(null);
  };

  const reload = async () => {
    if (!onReload) return;
    setReloading(true);
    try {
      const fresh = await onReload();
      if (fresh) reset(fresh);
    } finally {
      setReloading(false);
    }
  };

  const onFailure = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) return setConflict(error.detail ?? t('bills.form.conflict'));
    if (error instanceof ApiError && error.status === 422) {
      const fieldErrors = errorsFromValidationDetail(error.body, messages.server);
      if (fieldErrors) return setErrors(fieldErrors);
    }
    notifyError(error);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setConflict(null);
    const payload = {
      contact_id: header.contact_id,
      issue_date: header.issue_date,
      due_date: header.due_date || null,
      supplier_reference: header.supplier_reference.trim() || null,
      reference: header.reference.trim() || null,
      notes: header.notes.trim() || null,
      price_includes_tax: header.price_includes_tax,
      lines: lines.map(billLineToInput),
    };
    const next: DocumentErrors = {};
    // Lines the calculator cannot compute would be refused by the server: say so before sending.
    const figures = computeDocumentLines(lines, { currency, priceIncludesTax: header.price_includes_tax, taxes: taxOptions });
    figures.lines.forEach((result, index) => {
      const line = lines[index]!;
      if (result.status === 'incomplete') {
        if (!line.quantity.trim()) next[`lines.${index}.quantity`] = t('bills.lines.problems.quantity');
        if (!line.unit_price.trim()) next[`lines.${index}.unit_price`] = t('bills.lines.problems.unitPrice');
      }
    });
    const parsed = bill ? billReplace.safeParse({ ...payload, version }) : billCreate.safeParse(payload);
    if (!parsed.success) Object.assign(next, { ...errorsFromIssues(parsed.error.issues, messages.client), ...next });
    const blocked = Object.keys(next).length > 0 || !figures.complete;
    setErrors(next);
    if (blocked || !parsed.success) return;
    if (bill) {
      replace.mutate(
        { organizationId, billId: bill.id, data: { ...payload, version: version ?? bill.version } },
        { onSuccess: onSaved, onError: onFailure },
      );
    } else {
      create.mutate({ organizationId, data: payload }, { onSuccess: onSaved, onError: onFailure });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={bill ? t('bills.form.editTitle') : t('bills.form.newTitle')}>
      <Flex direction="column" gap="5">
        {conflict ? (
          <Callout.Root color="red" role="alert">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>
              <Text weight="bold">{t('bills.form.conflictTitle')}</Text> {conflict}
            </Callout.Text>
            {onReload ? (
              <Flex>
                <Button type="button" size="1" variant="soft" color="red" loading={reloading} onClick={() => void reload()}>
                  {t('bills.form.reload')}
                </Button>
              </Flex>
            ) : null}
          </Callout.Root>
        ) : null}
        <Card size="3">
          <Grid columns={{ initial: '1', sm: '2', md: '3' }} gap="4">
            <SelectInput
              label={t('bills.form.supplier')}
              name="contact_id"
              required
              value={header.contact_id}
              error={errors.contact_id}
              hint={suppliers.isSuccess && suppliers.data.data.length === 0 ? t('bills.form.noSuppliers') : undefined}
              onChange={(e) => chooseSupplier(e.target.value)}
              options={supplierOptions}
            />
            <TextInput
              label={t('bills.form.issueDate')}
              name="issue_date"
              type="date"
              required
              value={header.issue_date}
              error={errors.issue_date}
              onChange={(e) => set('issue_date', e.target.value)}
            />
            <TextInput
              label={t('bills.form.dueDate')}
              name="due_date"
              type="date"
              value={header.due_date}
              error={errors.due_date}
              onChange={(e) => set('due_date', e.target.value)}
            />
            <TextInput
              label={t('bills.form.supplierReference')}
              name="supplier_reference"
              value={header.supplier_reference}
              error={errors.supplier_reference}
              hint={t('bills.form.supplierReferenceHint')}
              onChange={(e) => set('supplier_reference', e.target.value)}
            />
            <TextInput
              label={t('bills.form.reference')}
              name="reference"
              value={header.reference}
              error={errors.reference}
              onChange={(e) => set('reference', e.target.value)}
            />
            <Flex align="end" pb="2">
              <Text as="label" size="2">
                <Flex gap="2" align="center">
                  <Checkbox checked={header.price_includes_tax} onCheckedChange={(checked) => set('price_includes_tax', checked === true)} />
                  {t('bills.form.priceIncludesTax')}
                </Flex>
              </Text>
            </Flex>
          </Grid>
        </Card>
        <DocumentLinesEditor
          lines={lines}
          onChange={setLines}
          currency={currency}
          priceIncludesTax={header.price_includes_tax}
          taxes={taxOptions}
          accounts={accountOptions}
          errors={errors}
          newLine={nextLine}
          labels={labels}
          disabled={saving}
        />
        <TextAreaInput label={t('bills.form.notes')} name="notes" value={header.notes} error={errors.notes} onChange={(e) => set('notes', e.target.value)} />
        {errors.form ? (
          <Text size="2" color="red" role="alert">
            {errors.form}
          </Text>
        ) : null}
        <Flex gap="3" justify="end">
          <Button asChild variant="soft" color="gray">
            <Link to={cancelTo}>{t('common.cancel')}</Link>
          </Button>
          <Button type="submit" loading={saving}>
            {t('bills.form.saveDraft')}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
