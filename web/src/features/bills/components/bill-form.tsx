import { billCreate, billReplace } from '@daftar/shared/schemas/bills';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  billLineToInput,
  computeDocumentLines,
  emptyLine,
  errorsFromIssues,
  lineFromDocument,
  type DocumentErrors,
  type DocumentLine,
} from '../../../components/document-lines-editor';
import { DocumentForm, useContactChoice, incompleteLineErrors, useDraftSaving, type DocumentHeader } from '../../../components/documents/document-form';
import { lineTaxOptions } from '../../../components/documents/document-taxes';
import { TextInput } from '../../../components/fields';
import { currentLanguage } from '../../../lib/i18n';
import { useCreateBill } from '../api/create-bill';
import type { Account } from '../api/get-accounts';
import type { Bill } from '../api/get-bills';
import { useContactNames, useSuppliers } from '../api/get-suppliers';
import type { Tax } from '../api/get-taxes';
import { useReplaceBill } from '../api/replace-bill';
import { today } from '../../../components/documents/dates';
import { useBillMessages } from './form-errors';
import { accountLabel, lineAccountOptions, useBillLinesLabels } from './labels';

/** A bill also carries the supplier's own number for it. */
interface Header extends DocumentHeader {
  supplier_reference: string;
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

const NO_CONTACTS: readonly never[] = [];

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
  const saving = create.isPending || replace.isPending;
  const draft = useDraftSaving<Bill>({
    onReload,
    reset: (fresh) => {
      setHeader(headerOf(fresh));
      setLines(fresh.lines.map(lineFromDocument));
      setVersion(fresh.version);
    },
    conflictFallback: t('bills.form.conflict'),
    serverMessage: messages.server,
    setErrors,
  });
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

  const { options: supplierOptions, choose: chooseSupplier } = useContactChoice({
    header,
    setHeader,
    active: suppliers.data?.data ?? NO_CONTACTS,
    known: contactNames.data?.data ?? NO_CONTACTS,
    unknownLabel: t('bills.unknownSupplier'),
    chooseLabel: t('bills.form.chooseSupplier'),
  });

  const onSubmit = () => {
    draft.setConflict(null);
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
    const figures = computeDocumentLines(lines, { currency, priceIncludesTax: header.price_includes_tax, taxes: taxOptions });
    const next = incompleteLineErrors(lines, figures, { quantity: t('bills.lines.problems.quantity'), unitPrice: t('bills.lines.problems.unitPrice') });
    const parsed = bill ? billReplace.safeParse({ ...payload, version }) : billCreate.safeParse(payload);
    if (!parsed.success) Object.assign(next, { ...errorsFromIssues(parsed.error.issues, messages.client), ...next });
    const blocked = Object.keys(next).length > 0 || !figures.complete;
    setErrors(next);
    if (blocked || !parsed.success) return;
    if (bill) {
      replace.mutate(
        { organizationId, billId: bill.id, data: { ...payload, version: version ?? bill.version } },
        { onSuccess: onSaved, onError: draft.onFailure },
      );
    } else {
      create.mutate({ organizationId, data: payload }, { onSuccess: onSaved, onError: draft.onFailure });
    }
  };

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
      header={header}
      onHeaderChange={set}
      contact={{
        options: supplierOptions,
        hint: suppliers.isSuccess && suppliers.data.data.length === 0 ? t('bills.form.noSuppliers') : undefined,
        onChange: chooseSupplier,
      }}
      extraFields={
        <TextInput
          label={t('bills.form.supplierReference')}
          name="supplier_reference"
          value={header.supplier_reference}
          error={errors.supplier_reference}
          hint={t('bills.form.supplierReferenceHint')}
          onChange={(e) => set('supplier_reference', e.target.value)}
        />
      }
      errors={errors}
      conflict={draft.conflict}
      onReload={onReload ? () => void draft.reload() : undefined}
      reloading={draft.reloading}
      lines={{ lines, onChange: setLines, currency, taxes: taxOptions, accounts: accountOptions, newLine: nextLine, labels }}
      saving={saving}
      cancelTo={cancelTo}
      onSubmit={onSubmit}
    />
  );
}
