import { billCreate, billReplace, type BillReplace } from '@daftar/shared/schemas/bills';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  billLineToInput,
  computeDocumentLines,
  emptyLine,
  lineFromDocument,
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
import { lineTaxOptions } from '../../../components/documents/document-taxes';
import { FormTextInput } from '../../../components/fields';
import { payloadSchema, textOrNull } from '../../../lib/form-schema';
import { useZodForm } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { linesAfterScan, ProductCombobox, productName, ScanBarcodeField, useLineProducts, type LineProduct } from '../../products/components/line-product-picker';
import { useCreateBill } from '../api/create-bill';
import type { Account } from '../api/get-accounts';
import type { Bill } from '../api/get-bills';
import { useContactNames, useSuppliers } from '../api/get-suppliers';
import type { Tax } from '../api/get-taxes';
import { useReplaceBill } from '../api/replace-bill';
import { accountLabel, lineAccountOptions, useBillLinesLabels } from './labels';

/** A bill also carries the supplier's own number for it. */
interface Values extends DocumentFormValues {
  supplier_reference: string;
}

/** The form's values for a bill (or a new one, whose first line `newLine` gives). */
const valuesOf = (bill: Bill | undefined, newLine: () => DocumentLine): Values => ({
  ...headerValuesOf(bill, () => (bill ? bill.lines.map(lineFromDocument) : [newLine()])),
  supplier_reference: bill?.supplier_reference ?? '',
});

/** The body `billCreate` takes (and, with the version read, `billReplace`). */
const payloadOf = (values: Values) => ({
  ...headerPayloadOf(values),
  supplier_reference: textOrNull(values.supplier_reference),
  lines: values.lines.map(billLineToInput),
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

const NO_CONTACTS: readonly never[] = [];

export function BillForm({ organizationId, currency, taxes, accounts, bill, onSaved, onReload, cancelTo }: BillFormProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const labels = useBillLinesLabels();
  const suppliers = useSuppliers(organizationId);
  const contactNames = useContactNames(organizationId);
  const create = useCreateBill();
  const replace = useReplaceBill();
  const taxOptions = useMemo(() => lineTaxOptions(taxes, language), [taxes, language]);
  const defaultTaxId = taxOptions.find((option) => taxes.find((tax) => tax.id === option.id)?.is_default)?.id ?? '';
  const newLine = () => emptyLine({ tax_id: defaultTaxId });
  const messages = documentMessages({
    lineDescription: t('bills.errors.lineDescription'),
    linesRequired: t('bills.errors.linesRequired'),
    dueBeforeIssue: t('bills.errors.dueBeforeIssue'),
    contactRequired: t('bills.errors.supplierRequired'),
    issueDate: t('bills.errors.issueDate'),
    dueDate: t('bills.errors.dueDate'),
    lineFields: {
      quantity: t('bills.lines.problems.quantity'),
      unit_price: t('bills.lines.problems.unitPrice'),
      discount: t('bills.lines.problems.discount'),
      tax_id: t('bills.lines.problems.tax'),
      account_id: t('bills.lines.problems.account'),
    },
  });

  // The shared schema (the API's own) over the body, and what only the form can tell: a line whose
  // figures the calculator cannot compute.
  const schema = useMemo(() => {
    const linesCheck = ({ lines, price_includes_tax }: Values) =>
      lineIssues(lines, computeDocumentLines(lines, { currency, priceIncludesTax: price_includes_tax, taxes: taxOptions }), {
        quantity: t('bills.lines.problems.quantity'),
        unitPrice: t('bills.lines.problems.unitPrice'),
      });
    return bill
      ? payloadSchema(billReplace, (values: Values) => ({ ...payloadOf(values), version: values.version ?? bill.version }), linesCheck)
      : payloadSchema(billCreate, payloadOf, linesCheck);
  }, [bill, currency, taxOptions, t]);
  const form = useZodForm(schema, { defaultValues: valuesOf(bill, newLine), messages: messages.client });
  const draft = useDraftSaving({
    form,
    onReload,
    valuesOf: (fresh: Bill) => valuesOf(fresh, newLine),
    conflictFallback: t('bills.form.conflict'),
    serverMessage: messages.server,
  });
  const saving = form.formState.isSubmitting || create.isPending || replace.isPending;
  const lines = useWatch({ control: form.control, name: 'lines' });

  /** A new line is usually booked like the one above it. */
  const nextLine = () => {
    const current = form.getValues('lines');
    return emptyLine({ tax_id: defaultTaxId, account_id: current[current.length - 1]?.account_id ?? '' });
  };
  const accountOptions = useMemo(() => {
    const options = lineAccountOptions(accounts, language, { expense: t('bills.lines.expenseAccounts'), asset: t('bills.lines.assetAccounts') });
    // A draft keeps an account deactivated since: shown by name, so the person sees what to change.
    for (const line of lines) {
      const kept = line.account_id && !options.some((o) => o.id === line.account_id) ? accounts.find((a) => a.id === line.account_id) : undefined;
      if (kept && !options.some((o) => o.id === kept.id)) options.push({ id: kept.id, label: `${accountLabel(kept, language)} (${t('bills.lines.inactiveAccount')})` });
    }
    return options;
  }, [accounts, language, lines, t]);

  // A product fills the line as it is bought (its cost); stock bought goes to the Inventory account.
  // Every field stays the person's to change.
  const inventoryAccountId = accounts.find((a) => a.is_active && a.type === 'asset' && a.subtype === 'inventory')?.id;
  const { known, remember } = useLineProducts();
  const fill = (product: LineProduct): Partial<DocumentLine> => ({
    product_id: product.id,
    description: productName(product),
    unit_price: product.cost,
    tax_id: product.tax_id ?? '',
    ...(product.is_tracked_inventory && inventoryAccountId ? { account_id: inventoryAccountId } : {}),
  });
  const productCell = ({ line, label, change, invalid, describedBy, disabled }: ProductCellProps) => (
    <ProductCombobox
      organizationId={organizationId}
      currency={currency}
      label={label}
      value={line.product_id}
      known={line.product_id ? known[line.product_id] : undefined}
      priceOf={(p) => p.cost}
      onChange={(chosen) => {
        if (!chosen) return change({ product_id: null });
        remember(chosen);
        change(fill(chosen));
      }}
      texts={{ placeholder: t('bills.lines.searchProduct'), noMatches: t('bills.lines.productNoMatches'), searching: t('bills.lines.productSearching') }}
      invalid={invalid}
      describedBy={describedBy}
      disabled={disabled}
    />
  );
  const scanField = (
    <ScanBarcodeField
      organizationId={organizationId}
      texts={{
        label: t('bills.scan.label'),
        hint: t('bills.scan.hint'),
        notFound: (code) => t('bills.scan.notFound', { code }),
        failed: t('bills.scan.failed'),
      }}
      onFound={(lookup) => {
        remember(lookup.product);
        form.setValue('lines', linesAfterScan(form.getValues('lines'), lookup, { newLine: nextLine, fill }), { shouldDirty: true });
      }}
      disabled={saving}
    />
  );

  const { options: supplierOptions, choose: chooseSupplier } = useContactChoice({
    form,
    active: suppliers.data?.data ?? NO_CONTACTS,
    known: contactNames.data?.data ?? NO_CONTACTS,
    unknownLabel: t('bills.unknownSupplier'),
    chooseLabel: t('bills.form.chooseSupplier'),
  });

  const save = form.handleSubmit(async (data) => {
    let saved: Bill;
    try {
      saved = bill
        ? await replace.mutateAsync({ organizationId, billId: bill.id, data: data as BillReplace })
        : await create.mutateAsync({ organizationId, data });
    } catch (error) {
      return draft.onFailure(error);
    }
    onSaved(saved);
  });

  return (
    <DocumentForm
      texts={{
        title: bill ? t('bills.form.editTitle') : t('bills.form.newTitle'),
        conflictTitle: t('bills.form.conflictTitle'),
        reload: t('bills.form.reload'),
        contact: t('bills.form.supplier'),
        issueDate: t('bills.form.issueDate'),
        dueDate: t('bills.form.dueDate'),
        reference: t('bills.form.reference'),
        priceIncludesTax: t('bills.form.priceIncludesTax'),
        notes: t('bills.form.notes'),
        saveDraft: t('bills.form.saveDraft'),
      }}
      form={form}
      contact={{
        options: supplierOptions,
        hint: suppliers.isSuccess && suppliers.data.data.length === 0 ? t('bills.form.noSuppliers') : undefined,
        onChange: chooseSupplier,
      }}
      extraFields={<FormTextInput form={form} name="supplier_reference" label={t('bills.form.supplierReference')} hint={t('bills.form.supplierReferenceHint')} />}
      conflict={draft.conflict}
      formErrors={draft.formErrors}
      onReload={onReload ? () => void draft.reload() : undefined}
      reloading={draft.reloading}
      lines={{ currency, taxes: taxOptions, accounts: accountOptions, newLine: nextLine, labels, productCell, toolbar: scanField }}
      saving={saving}
      cancelTo={cancelTo}
      onSubmit={(event) => {
        draft.clear();
        return save(event);
      }}
    />
  );
}
