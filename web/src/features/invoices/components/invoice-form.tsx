import { salesInvoiceCreate, salesInvoiceReplace, type SalesInvoiceReplace } from '@daftar/shared/schemas/invoices';
import { Flex, Text } from '@radix-ui/themes';
import { useMemo, useState } from 'react';
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
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { linesAfterScan, ProductCombobox, productName, ScanBarcodeField, useLineProducts, type LineProduct } from '../../products/components/line-product-picker';
import { useCreateInvoice } from '../api/create-invoice';
import { useContactNames, useCustomers } from '../api/get-customers';
import type { Invoice } from '../api/get-invoices';
import type { Tax } from '../api/get-taxes';
import { useReplaceInvoice } from '../api/replace-invoice';
import { useApplyPromotions, type InvoicePromotions } from '../api/apply-promotions';
import { ApplyPromotions } from './invoice-promotions';
import { useInvoiceLinesLabels } from './labels';

/**
 * An invoice's form values: the shared ones, and the promotions "Apply promotions" chose — their
 * ids, and each line's share of their discount by the line's key (the share is also inside the
 * line's discount, which is what the totals show; the server checks it again at confirmation).
 */
interface InvoiceFormValues extends DocumentFormValues {
  promotion_ids: string[];
  promotion_shares: Record<string, string>;
}

const hasShare = (share: string | null | undefined) => !!share && Number(share) > 0;

/** The form's values for an invoice (or a new one, whose first line `newLine` gives). */
function valuesOf(invoice: Invoice | undefined, newLine: () => DocumentLine): InvoiceFormValues {
  const header = headerValuesOf(invoice, () => (invoice ? invoice.lines.map(lineFromDocument) : [newLine()]));
  const shares = invoice ? Object.fromEntries(header.lines.flatMap((line, i) => (hasShare(invoice.lines[i]?.promotion_discount) ? [[line.key, invoice.lines[i]!.promotion_discount]] : []))) : {};
  return { ...header, promotion_ids: invoice?.promotion_ids ?? [], promotion_shares: shares };
}

/** A line as the body takes it, with its promotion share. */
const lineOf = (values: InvoiceFormValues) => (line: DocumentLine) => {
  const share = values.promotion_shares[line.key];
  return { ...salesLineToInput(line), ...(hasShare(share) ? { promotion_discount: share } : {}) };
};

/** The body `salesInvoiceCreate` takes (and, with the version read, `salesInvoiceReplace`). */
const payloadOf = (values: InvoiceFormValues) => ({
  ...headerPayloadOf(values),
  ...(values.promotion_ids.length ? { promotion_ids: values.promotion_ids } : {}),
  lines: values.lines.map(lineOf(values)),
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
      ? payloadSchema(salesInvoiceReplace, (values: InvoiceFormValues) => ({ ...payloadOf(values), version: values.version ?? invoice.version }), linesCheck)
      : payloadSchema(salesInvoiceCreate, payloadOf, linesCheck);
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

  // "Apply promotions": the server evaluates the draft as it stands; each line's discount becomes
  // its own part plus the promotions' share (an amount), and the promotions are kept with the draft.
  const promotions = useApplyPromotions();
  const [promotionResult, setPromotionResult] = useState<InvoicePromotions | null>(null);
  const [promotionError, setPromotionError] = useState<string | null>(null);
  const applyPromotions = async () => {
    const values = form.getValues();
    setPromotionError(null);
    let answer: InvoicePromotions;
    try {
      answer = await promotions.mutateAsync({
        organizationId,
        data: { contact_id: values.contact_id || null, issue_date: values.issue_date, price_includes_tax: values.price_includes_tax, lines: values.lines.map(lineOf(values)) },
      });
    } catch (error) {
      setPromotionResult(null);
      return setPromotionError(error instanceof ApiError ? (error.detail ?? error.message) : t('invoices.promotions.unreachable'));
    }
    const lines = values.lines.map((line, i) => {
      const share = answer.lines[i]?.promotion_discount;
      if (!hasShare(share) && !hasShare(values.promotion_shares[line.key])) return line;
      const discount = answer.lines[i]!.discount;
      return { ...line, discount_type: 'amount' as const, discount: Number(discount) > 0 ? discount : '' };
    });
    form.setValue('lines', lines, { shouldDirty: true });
    form.setValue('promotion_ids', answer.applied.map((p) => p.promotion_id), { shouldDirty: true });
    form.setValue('promotion_shares', Object.fromEntries(lines.flatMap((line, i) => (hasShare(answer.lines[i]?.promotion_discount) ? [[line.key, answer.lines[i]!.promotion_discount]] : []))), { shouldDirty: true });
    setPromotionResult(answer);
  };

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
        ? await replace.mutateAsync({ organizationId, invoiceId: invoice.id, data: data as SalesInvoiceReplace })
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
      lines={{
        currency,
        taxes: taxOptions,
        specialTaxes: specialTaxOptions,
        newLine,
        labels,
        productCell,
        toolbar: (
          <Flex direction="column" gap="3">
            {scanField}
            <ApplyPromotions
              currency={currency}
              result={promotionResult}
              error={promotionError}
              applying={promotions.isPending}
              disabled={saving}
              onApply={() => void applyPromotions()}
            />
          </Flex>
        ),
      }}
      saving={saving}
      cancelTo={cancelTo}
      onSubmit={(event) => {
        draft.clear();
        return save(event);
      }}
    />
  );
}
