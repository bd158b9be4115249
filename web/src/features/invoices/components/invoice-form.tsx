import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Button, Callout, Card, Checkbox, Flex, Grid, Text } from '@radix-ui/themes';
import { invoiceCreate, invoiceReplace } from '@daftar/shared/schemas/invoices';
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
  lineToInput,
  type DocumentErrors,
  type DocumentLine,
} from '../../../components/document-lines-editor';
import { SelectInput, TextAreaInput, TextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { useCreateInvoice } from '../api/create-invoice';
import { useContactNames, useCustomers } from '../api/get-customers';
import type { Invoice } from '../api/get-invoices';
import type { Tax } from '../api/get-taxes';
import { useReplaceInvoice } from '../api/replace-invoice';
import { addDays, today } from './dates';
import { useInvoiceMessages } from './form-errors';
import { lineTaxOptions, useInvoiceLinesLabels } from './labels';

interface Header {
  contact_id: string;
  issue_date: string;
  due_date: string;
  reference: string;
  notes: string;
  price_includes_tax: boolean;
}

const headerOf = (invoice?: Invoice): Header => ({
  contact_id: invoice?.contact_id ?? '',
  issue_date: invoice?.issue_date ?? today(),
  due_date: invoice?.due_date ?? '',
  reference: invoice?.reference ?? '',
  notes: invoice?.notes ?? '',
  price_includes_tax: invoice?.price_includes_tax ?? false,
});

interface InvoiceFormProps {
  organizationId: string;
  currency: string;
  taxes: readonly Tax[];
  /** The draft being edited; absent for a new invoice. */
  invoice?: Invoice;
  onSaved: (invoice: Invoice) => void;
  /** Reads the draft again after a version conflict; resolves with the fresh copy. */
  onReload?: () => Promise<Invoice | undefined>;
  cancelTo: string;
}

export function InvoiceForm({ organizationId, currency, taxes, invoice, onSaved, onReload, cancelTo }: InvoiceFormProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const labels = useInvoiceLinesLabels();
  const messages = useInvoiceMessages();
  const customers = useCustomers(organizationId);
  const contactNames = useContactNames(organizationId);
  const create = useCreateInvoice();
  const replace = useReplaceInvoice();
  const taxOptions = useMemo(() => lineTaxOptions(taxes, language), [taxes, language]);
  const defaultTaxId = taxOptions.find((option) => taxes.find((tax) => tax.id === option.id)?.is_default)?.id ?? '';
  const newLine = () => emptyLine({ tax_id: defaultTaxId });

  const [header, setHeader] = useState<Header>(() => headerOf(invoice));
  const [lines, setLines] = useState<DocumentLine[]>(() => (invoice ? invoice.lines.map(lineFromDocument) : [newLine()]));
  const [version, setVersion] = useState(invoice?.version);
  const [errors, setErrors] = useState<DocumentErrors>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const saving = create.isPending || replace.isPending;

  const set = <K extends keyof Header>(key: K, value: Header[K]) => setHeader((h) => ({ ...h, [key]: value }));

  const customerOptions = useMemo(() => {
    const active = customers.data?.data ?? [];
    const options = active.map((c) => ({ value: c.id, label: c.name }));
    // A draft keeps a customer who was deactivated since: it stays shown, by name.
    if (header.contact_id && !active.some((c) => c.id === header.contact_id)) {
      const known = contactNames.data?.data.find((c) => c.id === header.contact_id);
      options.unshift({ value: header.contact_id, label: known?.name ?? t('invoices.unknownCustomer') });
    }
    return [{ value: '', label: t('invoices.form.chooseCustomer') }, ...options];
  }, [customers.data, contactNames.data, header.contact_id, t]);

  const chooseCustomer = (contactId: string) => {
    const customer = customers.data?.data.find((c) => c.id === contactId);
    setHeader((h) => ({
      ...h,
      contact_id: contactId,
      // The customer's payment terms give the due date, unless one was typed.
      due_date: !h.due_date && customer?.payment_terms_days != null && h.issue_date ? addDays(h.issue_date, customer.payment_terms_days) : h.due_date,
    }));
  };

  const reset = (fresh: Invoice) => {
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
    if (error instanceof ApiError && error.status === 409) return setConflict(error.detail ?? t('invoices.form.conflict'));
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
      reference: header.reference.trim() || null,
      notes: header.notes.trim() || null,
      price_includes_tax: header.price_includes_tax,
      lines: lines.map(lineToInput),
    };
    const next: DocumentErrors = {};
    // Lines the calculator cannot compute would be refused by the server: say so before sending.
    const figures = computeDocumentLines(lines, { currency, priceIncludesTax: header.price_includes_tax, taxes: taxOptions });
    figures.lines.forEach((result, index) => {
      const line = lines[index]!;
      if (result.status === 'incomplete') {
        if (!line.quantity.trim()) next[`lines.${index}.quantity`] = t('invoices.lines.problems.quantity');
        if (!line.unit_price.trim()) next[`lines.${index}.unit_price`] = t('invoices.lines.problems.unitPrice');
      }
    });
    const parsed = invoice ? invoiceReplace.safeParse({ ...payload, version }) : invoiceCreate.safeParse(payload);
    if (!parsed.success) Object.assign(next, { ...errorsFromIssues(parsed.error.issues, messages.client), ...next });
    const blocked = Object.keys(next).length > 0 || !figures.complete;
    setErrors(next);
    if (blocked || !parsed.success) return;
    if (invoice) {
      replace.mutate(
        { organizationId, invoiceId: invoice.id, data: { ...payload, version: version ?? invoice.version } },
        { onSuccess: onSaved, onError: onFailure },
      );
    } else {
      create.mutate({ organizationId, data: payload }, { onSuccess: onSaved, onError: onFailure });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={invoice ? t('invoices.form.editTitle') : t('invoices.form.newTitle')}>
      <Flex direction="column" gap="5">
        {conflict ? (
          <Callout.Root color="red" role="alert">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>
              <Text weight="bold">{t('invoices.form.conflictTitle')}</Text> {conflict}
            </Callout.Text>
            {onReload ? (
              <Flex>
                <Button type="button" size="1" variant="soft" color="red" loading={reloading} onClick={() => void reload()}>
                  {t('invoices.form.reload')}
                </Button>
              </Flex>
            ) : null}
          </Callout.Root>
        ) : null}
        <Card size="3">
          <Grid columns={{ initial: '1', sm: '2', md: '3' }} gap="4">
            <SelectInput
              label={t('invoices.form.customer')}
              name="contact_id"
              required
              value={header.contact_id}
              error={errors.contact_id}
              hint={customers.isSuccess && customers.data.data.length === 0 ? t('invoices.form.noCustomers') : undefined}
              onChange={(e) => chooseCustomer(e.target.value)}
              options={customerOptions}
            />
            <TextInput
              label={t('invoices.form.issueDate')}
              name="issue_date"
              type="date"
              required
              value={header.issue_date}
              error={errors.issue_date}
              onChange={(e) => set('issue_date', e.target.value)}
            />
            <TextInput
              label={t('invoices.form.dueDate')}
              name="due_date"
              type="date"
              value={header.due_date}
              error={errors.due_date}
              onChange={(e) => set('due_date', e.target.value)}
            />
            <TextInput
              label={t('invoices.form.reference')}
              name="reference"
              value={header.reference}
              error={errors.reference}
              onChange={(e) => set('reference', e.target.value)}
            />
            <Flex align="end" pb="2">
              <Text as="label" size="2">
                <Flex gap="2" align="center">
                  <Checkbox checked={header.price_includes_tax} onCheckedChange={(checked) => set('price_includes_tax', checked === true)} />
                  {t('invoices.form.priceIncludesTax')}
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
          errors={errors}
          newLine={newLine}
          labels={labels}
          disabled={saving}
        />
        <TextAreaInput label={t('invoices.form.notes')} name="notes" value={header.notes} error={errors.notes} onChange={(e) => set('notes', e.target.value)} />
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
            {t('invoices.form.saveDraft')}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
