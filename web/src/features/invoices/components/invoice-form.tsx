import { invoiceCreate, invoiceReplace } from '@daftar/shared/schemas/invoices';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  computeDocumentLines,
  emptyLine,
  errorsFromIssues,
  lineFromDocument,
  salesLineToInput,
  type DocumentErrors,
  type DocumentLine,
} from '../../../components/document-lines-editor';
import { DocumentForm, useContactChoice, incompleteLineErrors, useDraftSaving, type DocumentHeader } from '../../../components/documents/document-form';
import { lineSpecialTaxOptions, lineTaxOptions } from '../../../components/documents/document-taxes';
import { currentLanguage } from '../../../lib/i18n';
import { useCreateInvoice } from '../api/create-invoice';
import { useContactNames, useCustomers } from '../api/get-customers';
import type { Invoice } from '../api/get-invoices';
import type { Tax } from '../api/get-taxes';
import { useReplaceInvoice } from '../api/replace-invoice';
import { today } from '../../../components/documents/dates';
import { useInvoiceMessages } from './form-errors';
import { useInvoiceLinesLabels } from './labels';

const headerOf = (invoice?: Invoice): DocumentHeader => ({
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

const NO_CONTACTS: readonly never[] = [];

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
  const specialTaxOptions = useMemo(() => lineSpecialTaxOptions(taxes, language), [taxes, language]);
  const defaultTaxId = taxOptions.find((option) => taxes.find((tax) => tax.id === option.id)?.is_default)?.id ?? '';
  const newLine = () => emptyLine({ tax_id: defaultTaxId });

  const [header, setHeader] = useState<DocumentHeader>(() => headerOf(invoice));
  const [lines, setLines] = useState<DocumentLine[]>(() => (invoice ? invoice.lines.map(lineFromDocument) : [newLine()]));
  const [version, setVersion] = useState(invoice?.version);
  const [errors, setErrors] = useState<DocumentErrors>({});
  const saving = create.isPending || replace.isPending;
  const draft = useDraftSaving<Invoice>({
    onReload,
    reset: (fresh) => {
      setHeader(headerOf(fresh));
      setLines(fresh.lines.map(lineFromDocument));
      setVersion(fresh.version);
    },
    conflictFallback: t('invoices.form.conflict'),
    serverMessage: messages.server,
    setErrors,
  });

  const set = <K extends keyof DocumentHeader>(key: K, value: DocumentHeader[K]) => setHeader((h) => ({ ...h, [key]: value }));

  const { options: customerOptions, choose: chooseCustomer } = useContactChoice({
    header,
    setHeader,
    active: customers.data?.data ?? NO_CONTACTS,
    known: contactNames.data?.data ?? NO_CONTACTS,
    unknownLabel: t('invoices.unknownCustomer'),
    chooseLabel: t('invoices.form.chooseCustomer'),
  });

  const onSubmit = () => {
    draft.setConflict(null);
    const payload = {
      contact_id: header.contact_id,
      issue_date: header.issue_date,
      due_date: header.due_date || null,
      reference: header.reference.trim() || null,
      notes: header.notes.trim() || null,
      price_includes_tax: header.price_includes_tax,
      lines: lines.map(salesLineToInput),
    };
    const figures = computeDocumentLines(lines, { currency, priceIncludesTax: header.price_includes_tax, taxes: taxOptions, specialTaxes: specialTaxOptions });
    const next = incompleteLineErrors(lines, figures, { quantity: t('invoices.lines.problems.quantity'), unitPrice: t('invoices.lines.problems.unitPrice') });
    const parsed = invoice ? invoiceReplace.safeParse({ ...payload, version }) : invoiceCreate.safeParse(payload);
    if (!parsed.success) Object.assign(next, { ...errorsFromIssues(parsed.error.issues, messages.client), ...next });
    const blocked = Object.keys(next).length > 0 || !figures.complete;
    setErrors(next);
    if (blocked || !parsed.success) return;
    if (invoice) {
      replace.mutate(
        { organizationId, invoiceId: invoice.id, data: { ...payload, version: version ?? invoice.version } },
        { onSuccess: onSaved, onError: draft.onFailure },
      );
    } else {
      create.mutate({ organizationId, data: payload }, { onSuccess: onSaved, onError: draft.onFailure });
    }
  };

  return (
    <DocumentForm
      texts={{
        title: invoice ? t('invoices.form.editTitle') : t('invoices.form.newTitle'),
        conflictTitle: t('invoices.form.conflictTitle'),
        reload: t('invoices.form.reload'),
        contact: t('invoices.form.customer'),
        issueDate: t('invoices.form.issueDate'),
        dueDate: t('invoices.form.dueDate'),
        reference: t('invoices.form.reference'),
        priceIncludesTax: t('invoices.form.priceIncludesTax'),
        notes: t('invoices.form.notes'),
        saveDraft: t('invoices.form.saveDraft'),
      }}
      header={header}
      onHeaderChange={set}
      contact={{
        options: customerOptions,
        hint: customers.isSuccess && customers.data.data.length === 0 ? t('invoices.form.noCustomers') : undefined,
        onChange: chooseCustomer,
      }}
      errors={errors}
      conflict={draft.conflict}
      onReload={onReload ? () => void draft.reload() : undefined}
      reloading={draft.reloading}
      lines={{ lines, onChange: setLines, currency, taxes: taxOptions, specialTaxes: specialTaxOptions, newLine, labels }}
      saving={saving}
      cancelTo={cancelTo}
      onSubmit={onSubmit}
    />
  );
}
