import { Button, Callout, Dialog, Flex, Grid } from '@radix-ui/themes';
import { PAYMENT_METHODS, paymentCreate, type PaymentCreate, type PaymentType } from '@daftar/shared/schemas/payments';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/feedback';
import { FormSelectInput, FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { payloadSchema, textOrNull, type FormIssue } from '../../../lib/form-schema';
import { applyServerErrors, flattenErrors, issueMessages, useZodForm } from '../../../lib/forms';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useDisplayName } from '../../../lib/names';
import { notify, notifyError } from '../../../lib/notify';
import { cashSideSubtypes, useCashAccounts } from '../api/get-cash-accounts';
import { usePayableContacts } from '../api/get-contacts';
import { useDocument } from '../api/get-document';
import { useOpenDocuments } from '../api/get-open-documents';
import type { Payment } from '../api/get-payments';
import { useRecordPayment } from '../api/record-payment';
import { autoAllocate, capAtBalance, minorUnits, oldestFirst, summarize, type AllocationInputs, type OpenDocument } from './allocation';
import { AllocationsEditor } from './allocations-editor';
import { accountLabel, today } from './labels';
import { usePaymentMessages } from './payment-messages';

interface RecordPaymentDialogProps {
  organizationId: string;
  type: PaymentType;
  currency: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** An invoice (received) or bill (sent) to preselect with its contact, from `?invoice_id=` / `?bill_id=`. */
  documentId?: string | null;
  onRecorded?: (payment: Payment) => void;
}

/**
 * Records a payment received or sent. The form lives only while the dialog is open, so each
 * opening starts clean with its own Idempotency-Key.
 */
export function RecordPaymentDialog({ open, onOpenChange, type, ...rest }: RecordPaymentDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="880px">
        <Dialog.Title>{t(`payments.record.title.${type}`)}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {t(`payments.record.description.${type}`)}
        </Dialog.Description>
        <RecordPaymentForm type={type} {...rest} onClose={() => onOpenChange(false)} />
      </Dialog.Content>
    </Dialog.Root>
  );
}

const emptyForm = () => ({
  contact_id: '',
  date: today(),
  amount: '',
  payment_method: 'bank_transfer' as string,
  account_id: '',
  reference: '',
  notes: '',
  /** A cheque's own date, when it can be cashed (shown and sent for cheques only). */
  cheque_due_date: '',
  /** What the person typed in each open document's amount box, by document id. */
  allocations: {} as AllocationInputs,
});

type FormValues = ReturnType<typeof emptyForm>;
const FORM_FIELDS = new Set(['contact_id', 'date', 'amount', 'payment_method', 'cheque_due_date', 'account_id', 'reference', 'notes']);

/** The allocations sent: documents with a positive amount, in the order shown. */
function allocationEntries(documents: readonly OpenDocument[], allocations: AllocationInputs, currency: string) {
  return documents.filter((d) => {
    const text = (allocations[d.id] ?? '').trim();
    return text !== '' && minorUnits(text, currency) !== 0;
  });
}

const OVER_ALLOCATED = 'unallocated';

/** The messages of an error tree by dotted path: allocations by document id, fields, and the rest for the form. */
function placeErrors(errors: Record<string, string>) {
  const byDocument: Record<string, string> = {};
  const placed: Record<string, string> = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(errors)) {
    // Allocated beyond the amount: the running remainder says so.
    if (path === OVER_ALLOCATED) continue;
    const document = /^allocations\.(.+)$/.exec(path)?.[1];
    if (document) byDocument[document] ??= message;
    else if (path === 'allocations') placed.allocations ??= message;
    else if (FORM_FIELDS.has(path)) placed[path] ??= message;
    else other.push(message);
  }
  return { placed, byDocument, form: [...new Set(other)].join(' ') };
}

function RecordPaymentForm({
  organizationId,
  type,
  currency,
  documentId,
  onRecorded,
  onClose,
}: Omit<RecordPaymentDialogProps, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const { t } = useTranslation();
  const messages = usePaymentMessages();
  const displayName = useDisplayName();
  // One key per opened form: a double click, or a retry after an answer that never arrived, posts once.
  const [idempotencyKey] = useState(() => newIdempotencyKey());
  // The contact's open documents as last shown: what the allocations are sent for, in that order.
  const documentsOf = useRef<readonly OpenDocument[]>([]);

  const schema = useMemo(
    () =>
      payloadSchema(
        paymentCreate,
        (values: FormValues) => ({
          payment_type: type,
          contact_id: values.contact_id,
          payment_method: values.payment_method as PaymentCreate['payment_method'],
          date: values.date,
          amount: values.amount.trim(),
          account_id: values.account_id || null,
          reference: textOrNull(values.reference),
          notes: textOrNull(values.notes),
          // A post-dated cheque's due date: the forecast counts the money on that day (issue 17).
          ...(values.payment_method === 'cheque' ? { cheque_due_date: values.cheque_due_date || null } : {}),
          allocations: allocationEntries(documentsOf.current, values.allocations, currency).map((d) =>
            type === 'received' ? { invoice_id: d.id, amount: values.allocations[d.id]!.trim() } : { bill_id: d.id, amount: values.allocations[d.id]!.trim() },
          ),
        }),
        // The schema checks the shape; the currency's precision is known here, as on the server. A
        // payment allocated beyond its amount is shown by the running remainder and goes nowhere.
        (values): FormIssue[] => {
          const issues: FormIssue[] = [];
          if (minorUnits(values.amount, currency) === null) issues.push({ path: ['amount'], message: t('payments.errors.amount') });
          for (const d of allocationEntries(documentsOf.current, values.allocations, currency)) {
            if (minorUnits(values.allocations[d.id]!, currency) === null) issues.push({ path: ['allocations', d.id], message: t('payments.errors.allocationAmount') });
          }
          const summary = summarize(values.amount, Object.fromEntries(documentsOf.current.map((d) => [d.id, values.allocations[d.id] ?? ''])), currency);
          if (summary.unallocated !== null && summary.unallocated < 0) issues.push({ path: [OVER_ALLOCATED], message: t('payments.errors.amount') });
          return issues;
        },
        // `allocations.2…` is the third document sent: shown on that document's own amount.
        (path, values) => {
          if (path[0] !== 'allocations' || typeof path[1] !== 'number') return path;
          const sent = allocationEntries(documentsOf.current, values.allocations, currency)[path[1]];
          return sent ? ['allocations', sent.id] : path;
        },
      ),
    [type, currency, t],
  );
  const form = useZodForm(schema, { defaultValues: emptyForm(), messages: messages.client });
  const [contactId, amount, allocations, method] = useWatch({ control: form.control, name: ['contact_id', 'amount', 'allocations', 'payment_method'] });
  const contacts = usePayableContacts(organizationId, type);
  const accounts = useCashAccounts(organizationId);
  const openDocuments = useOpenDocuments(organizationId, type, contactId);
  const preselected = useDocument(organizationId, type === 'received' ? 'invoice' : 'bill', documentId ?? null);
  const record = useRecordPayment();

  // The document from the address picks its contact, then (once the contact's open documents are
  // read) takes its whole balance due; each step happens once, so the person can change both.
  const preselection = useRef<'contact' | 'document' | 'done'>(documentId ? 'contact' : 'done');
  useEffect(() => {
    if (preselection.current === 'contact' && preselected.data) {
      preselection.current = 'document';
      form.setValue('contact_id', preselected.data.contact_id);
    }
  }, [preselected.data, form]);
  useEffect(() => {
    if (preselection.current !== 'document' || !openDocuments.data || contactId !== preselected.data?.contact_id) return;
    preselection.current = 'done';
    const document = openDocuments.data.find((d) => d.id === documentId);
    if (!document) return;
    form.setValue('amount', form.getValues('amount') || document.balance_due);
    form.setValue('allocations', { [document.id]: document.balance_due });
  }, [openDocuments.data, contactId, preselected.data, documentId, form]);

  // Shown and sent oldest first, so a 422's allocation index names the document the person sees there.
  const documents = useMemo(() => oldestFirst(openDocuments.data ?? []), [openDocuments.data]);
  documentsOf.current = documents;

  // Until the person edits an allocation by hand, the allocations follow the amount: the invoice
  // (or bill) opened from its own page takes min(amount, balance due); otherwise the contact's open
  // documents are filled oldest first. Choosing another contact or "Allocate automatically" follows again.
  const allocationsEdited = useRef(false);
  const preselectedContact = preselected.data?.contact_id;
  useEffect(() => {
    if (allocationsEdited.current || preselection.current !== 'done' || !openDocuments.data) return;
    const single = documentId && contactId === preselectedContact ? documents.find((d) => d.id === documentId) : undefined;
    form.setValue('allocations', autoAllocate(amount, single ? [single] : documents, currency));
  }, [amount, documents, documentId, contactId, preselectedContact, openDocuments.data, currency, form]);
  const summary = summarize(amount, Object.fromEntries(documents.map((d) => [d.id, allocations[d.id] ?? ''])), currency);
  const preselectedNotOpen =
    !!documentId && !!preselected.data && !!openDocuments.data && contactId === preselected.data.contact_id && !openDocuments.data.some((d) => d.id === documentId);
  const { placed: errors, byDocument: documentErrors, form: formError } = placeErrors(flattenErrors(form.formState.errors));

  /** A field's message goes once the person changes it. */
  const changed = (field: keyof FormValues) => () => form.clearErrors(field);

  const chooseContact = () => {
    allocationsEdited.current = false;
    form.clearErrors(['contact_id', 'allocations']);
    form.setValue('allocations', {});
  };

  const changeAllocation = (id: string, text: string) => {
    allocationsEdited.current = true;
    const document = documents.find((d) => d.id === id);
    form.setValue('allocations', { ...form.getValues('allocations'), [id]: document ? capAtBalance(text, document.balance_due, currency) : text });
    form.clearErrors(`allocations.${id}`);
  };

  const allocateAutomatically = () => {
    if (minorUnits(form.getValues('amount'), currency) === null) {
      form.setError('amount', { type: 'custom', message: t('payments.errors.amountFirst') });
      return;
    }
    allocationsEdited.current = false;
    form.setValue('allocations', autoAllocate(form.getValues('amount'), documents, currency));
    form.clearErrors('allocations');
  };

  const onSubmit = form.handleSubmit(async (data) => {
    let payment: Payment;
    try {
      payment = await record.mutateAsync({ organizationId, data, idempotencyKey });
    } catch (error) {
      // `allocations.0…` of the answer is the first document sent.
      const rename = Object.fromEntries(
        data.allocations.flatMap((allocation, index) => {
          const id = 'invoice_id' in allocation ? allocation.invoice_id : allocation.bill_id;
          return [`allocations.${index}`, `allocations.${index}.amount`, `allocations.${index}.invoice_id`, `allocations.${index}.bill_id`].map((path) => [path, `allocations.${id}`]);
        }),
      );
      const unplaced = applyServerErrors(form, error, { rename, message: messages.server });
      if (!unplaced) return notifyError(error);
      // What no field shows is said above the buttons.
      if (unplaced.length) form.setError('root.server', { type: 'server', message: issueMessages(unplaced).join(' ') });
      return;
    }
    notify.success(t('payments.record.recorded', { number: payment.number }));
    onRecorded?.(payment);
    onClose();
  });

  const contactOptions = [
    { value: '', label: t(`payments.record.chooseContact.${type}`) },
    ...(contacts.data?.data ?? []).map((c) => ({ value: c.id, label: displayName(c.name, c.name_ar) })).sort((a, b) => a.label.localeCompare(b.label)),
  ];
  const allowed = cashSideSubtypes(type);
  const accountOptions = [
    { value: '', label: t('payments.record.defaultAccount') },
    ...(accounts.data ?? []).filter((a) => a.is_active && allowed.has(a.subtype)).map((a) => ({ value: a.id, label: accountLabel(a) })),
  ];

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Flex direction="column" gap="4">
        <Grid columns={{ initial: '1', sm: '2' }} gap="4">
          <FormSelectInput form={form} name="contact_id" label={t(`payments.fields.contact.${type}`)} onChange={chooseContact} options={contactOptions} />
          <FormTextInput form={form} name="date" label={t('payments.fields.date')} type="date" onChange={changed('date')} />
          <FormTextInput form={form} name="amount" label={t('payments.fields.amount')} inputMode="decimal" dir="ltr" onChange={changed('amount')} />
          <FormSelectInput
            form={form}
            name="payment_method"
            label={t('payments.fields.method')}
            onChange={() => form.clearErrors(['payment_method', 'cheque_due_date'])}
            options={PAYMENT_METHODS.map((method) => ({ value: method, label: t(`payments.methods.${method}`) }))}
          />
          {method === 'cheque' ? (
            <FormTextInput
              form={form}
              name="cheque_due_date"
              label={t('payments.fields.chequeDueDate')}
              hint={t('payments.fields.chequeDueDateHint')}
              type="date"
              onChange={changed('cheque_due_date')}
            />
          ) : null}
          <FormSelectInput
            form={form}
            name="account_id"
            label={t(`payments.fields.account.${type}`)}
            hint={t('payments.fields.accountHint')}
            onChange={changed('account_id')}
            options={accountOptions}
          />
          <FormTextInput form={form} name="reference" label={t('payments.fields.reference')} onChange={changed('reference')} />
        </Grid>
        {preselected.isError ? <Notice color="amber">{t(`payments.record.documentMissing.${type}`)}</Notice> : null}
        {preselectedNotOpen ? <Notice color="amber">{t(`payments.record.documentNotOpen.${type}`, { number: preselected.data?.number ?? '' })}</Notice> : null}
        <AllocationsEditor
          type={type}
          currency={currency}
          contactChosen={!!contactId}
          documents={openDocuments.data}
          loading={openDocuments.isPending && !!contactId}
          error={openDocuments.error}
          onRetry={() => void openDocuments.refetch()}
          allocations={allocations}
          summary={summary}
          errors={documentErrors}
          listError={errors.allocations}
          onChange={changeAllocation}
          onAutoAllocate={allocateAutomatically}
        />
        <FormTextAreaInput form={form} name="notes" label={t('payments.fields.notes')} onChange={changed('notes')} />
        {formError ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{formError}</Callout.Text>
          </Callout.Root>
        ) : null}
        <Flex gap="3" justify="end">
          <Dialog.Close>
            <Button type="button" variant="soft" color="gray">
              {t('common.cancel')}
            </Button>
          </Dialog.Close>
          <Button type="submit" loading={form.formState.isSubmitting || record.isPending}>
            {t(`payments.record.submit.${type}`)}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
