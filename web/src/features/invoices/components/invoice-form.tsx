import { invoiceCreate, invoiceReplace, type InvoiceReplace } from '@daftar/shared/schemas/invoices';
import { Flex, Text } from '@radix-ui/themes';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  computeDocumentLines,
  emptyLine,
  lineFromDocument,
  salesLineToInput,
  type DocumentLine,
  type ProductCellProps,
} from '../../../components/document-lines-editor';
import {
  DocumentForm,
  documentMessages,
  headerPayloadOf,
  headerValuesOf,
  lineIssues,
  useContactChoice,
  useDraftSaving,
  type DocumentFormValues,
} from '../../../components/documents/document-form';
import { lineSpecialTaxOptions, lineTaxOptions } from '../../../components/documents/document-taxes';
import { payloadSchema } from '../../../lib/form-schema';
import { useZodForm } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { linesAfterScan, ProductCombobox, productName, ScanBarcodeField, useLineProducts, type LineProduct } from '../../products/components/line-product-picker';
import { useCreateInvoice } from '../api/create-invoice';
import { useContactNames, useCustomers } from '../api/get-customers';
import type { Invoice } from '../api/get-invoices';
import type { Tax } from '../api/get-taxes';
import { useReplaceInvoice } from '../api/replace-invoice';
import { useInvoiceLinesLabels } from './labels';

/** The form's values for an invoice (or a new one, whose first line `newLine` gives). */
const valuesOf = (invoice: Invoice | undefined, newLine: () => DocumentLine): DocumentFormValues =>
  headerValuesOf(invoice, () => (invoice ? invoice.lines.map(lineFromDocument) : [newLine()]));

/** The body `invoiceCreate` takes (and, with the version read, `invoiceReplace`). */
const payloadOf = (values: DocumentFormValues) => ({
  ...headerPayloadOf(values),
  lines: values.lines.map(salesLineToInput),
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
  const customers = useCustomers(organizationId);
  const contactNames = useContactNames(organizationId);
  const create = useCreateInvoice();
  const replace = useReplaceInvoice();
  const taxOptions = useMemo(() => lineTaxOptions(taxes, language), [taxes, language]);
  const specialTaxOptions = useMemo(() => lineSpecialTaxOptions(taxes, language), [taxes, language]);
  const defaultTaxId = taxOptions.find((option) => taxes.find((tax) => tax.id === option.id)?.is_default)?.id ?? '';
  const newLine = () => emptyLine({ tax_id: defaultTaxId });
  const messages = documentMessages({
    lineDescription: t('invoices.errors.lineDescription'),
    linesRequired: t('invoices.errors.linesRequired'),
    dueBeforeIssue: t('invoices.errors.dueBeforeIssue'),
    contactRequired: t('invoices.errors.customerRequired'),
    issueDate: t('invoices.errors.issueDate'),
    dueDate: t('invoices.errors.dueDate'),
    lineFields: {
      quantity: t('invoices.lines.problems.quantity'),
      unit_price: t('invoices.lines.problems.unitPrice'),
      discount: t('invoices.lines.problems.discount'),
      tax_id: t('invoices.lines.problems.tax'),
      special_tax_id: t('invoices.lines.problems.specialTax'),
    },
  });

  // The shared schema (the API's own) over the body, and what only the form can tell: a line whose
  // figures the calculator cannot compute.
  const schema = useMemo(() => {
    const linesCheck = ({ lines, price_includes_tax }: DocumentFormValues) =>
      lineIssues(lines, computeDocumentLines(lines, { currency, priceIncludesTax: price_includes_tax, taxes: taxOptions, specialTaxes: specialTaxOptions }), {
        quantity: t('invoices.lines.problems.quantity'),
        unitPrice: t('invoices.lines.problems.unitPrice'),
      });
    return invoice
      ? payloadSchema(invoiceReplace, (values: DocumentFormValues) => ({ ...payloadOf(values), version: values.version ?? invoice.version }), linesCheck)
      : payloadSchema(invoiceCreate, payloadOf, linesCheck);
  }, [invoice, currency, taxOptions, specialTaxOptions, t]);
  const form = useZodForm(schema, { defaultValues: valuesOf(invoice, newLine), messages: messages.client });
  const draft = useDraftSaving({
    form,
    onReload,
    valuesOf: (fresh: Invoice) => valuesOf(fresh, newLine),
    conflictFallback: t('invoices.form.conflict'),
    serverMessage: messages.server,
  });
  const saving = form.formState.isSubmitting || create.isPending || replace.isPending;
  const priceIncludesTax = useWatch({ control: form.control, name: 'price_includes_tax' });

  // A product fills the line as the catalogue sells it; every field stays the person's to change.
  const { known, remember } = useLineProducts();
  const fill = (product: LineProduct): Partial<DocumentLine> => ({
    product_id: product.id,
    description: productName(product),
    unit_price: product.sale_price,
    tax_id: product.tax_id ?? '',
  });
  const productCell = ({ line, label, change, invalid, describedBy, disabled }: ProductCellProps) => {
    const product = line.product_id ? known[line.product_id] : undefined;
    // The catalogue price is taken as it is; said when the document counts tax the other way.
    const otherTaxBasis = product && product.price_includes_tax !== priceIncludesTax && line.unit_price.trim() === product.sale_price;
    return (
      <Flex direction="column" gap="1">
        <ProductCombobox
          organizationId={organizationId}
          currency={currency}
          label={label}
          value={line.product_id}
          known={product}
          priceOf={(p) => p.sale_price}
          onChange={(chosen) => {
            if (!chosen) return change({ product_id: null });
            remember(chosen);
            change(fill(chosen));
          }}
          texts={{ placeholder: t('invoices.lines.searchProduct'), noMatches: t('invoices.lines.productNoMatches'), searching: t('invoices.lines.productSearching') }}
          invalid={invalid}
          describedBy={describedBy}
          disabled={disabled}
        />
        {otherTaxBasis ? (
          <Text size="1" color="amber">
            {t(product.price_includes_tax ? 'invoices.lines.catalogueIncludesTax' : 'invoices.lines.catalogueExcludesTax')}
          </Text>
        ) : null}
      </Flex>
    );
  };
  const scanField = (
    <ScanBarcodeField
      organizationId={organizationId}
      texts={{
        label: t('invoices.scan.label'),
        hint: t('invoices.scan.hint'),
        notFound: (code) => t('invoices.scan.notFound', { code }),
        failed: t('invoices.scan.failed'),
      }}
      onFound={(lookup) => {
        remember(lookup.product);
        form.setValue('lines', linesAfterScan(form.getValues('lines'), lookup, { newLine, fill }), { shouldDirty: true });
      }}
      disabled={saving}
    />
  );

  const { options: customerOptions, choose: chooseCustomer } = useContactChoice({
    form,
    active: customers.data?.data ?? NO_CONTACTS,
    known: contactNames.data?.data ?? NO_CONTACTS,
    unknownLabel: t('invoices.unknownCustomer'),
    chooseLabel: t('invoices.form.chooseCustomer'),
  });

  const save = form.handleSubmit(async (data) => {
    let saved: Invoice;
    try {
      saved = invoice
        ? await replace.mutateAsync({ organizationId, invoiceId: invoice.id, data: data as InvoiceReplace })
        : await create.mutateAsync({ organizationId, data });
    } catch (error) {
      return draft.onFailure(error);
    }
    onSaved(saved);
  });

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
      form={form}
      contact={{
        options: customerOptions,
        hint: customers.isSuccess && customers.data.data.length === 0 ? t('invoices.form.noCustomers') : undefined,
        onChange: chooseCustomer,
      }}
      conflict={draft.conflict}
      formErrors={draft.formErrors}
      onReload={onReload ? () => void draft.reload() : undefined}
      reloading={draft.reloading}
      lines={{ currency, taxes: taxOptions, specialTaxes: specialTaxOptions, newLine, labels, productCell, toolbar: scanField }}
      saving={saving}
      cancelTo={cancelTo}
      onSubmit={(event) => {
        draft.clear();
        return save(event);
      }}
    />
  );
}
