import { Button, Callout, Dialog, Flex, Grid } from '@radix-ui/themes';
import { PAYMENT_METHODS, paymentCreate, type PaymentType } from '@daftar/shared/schemas/payments';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorsFromIssues, errorsFromValidationDetail, type DocumentErrors } from '../../../components/document-lines-editor';
import { Notice } from '../../../components/feedback';
import { SelectInput, TextAreaInput, TextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
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
});

type FormValues = ReturnType<typeof emptyForm>;
const FORM_FIELDS = new Set(['contact_id', 'date', 'amount', 'payment_method', 'account_id', 'reference', 'notes']);

/** The allocations sent: documents with a positive amount, in the order shown. */
function allocationEntries(documents: readonly OpenDocument[], allocations: AllocationInputs, currency: string) {
  return documents.filter((d) => {
    const text = (allocations[d.id] ?? '').trim();
    return text !== '' && minorUnits(text, currency) !== 0;
  });
}

/**
 * Path-keyed messages as the form shows them: `allocations.N…` becomes the N-th allocated
 * document's own message, known fields stay, anything else is shown above the buttons.
 */
function placeErrors(errors: DocumentErrors, sent: readonly OpenDocument[]) {
  const placed: DocumentErrors = {};
  const byDocument: Record<string, string> = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(errors)) {
    const index = /^allocations\.(\d+)/.exec(path)?.[1];
    const document = index === undefined ? undefined : sent[Number(index)];
    if (document) byDocument[document.id] ??= message;
    else if (path === 'allocations') placed.allocations ??= message;
    else if (FORM_FIELDS.has(path)) placed[path] ??= message;
    else other.push(message);
  }
  if (other.length) placed.form = other.join(' ');
  return { placed, byDocument };
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
  // One key per opened form: a double click, or a retry after an answer that never arrived, posts once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [values, setValues] = useState<FormValues>(emptyForm);
  const [allocations, setAllocations] = useState<AllocationInputs>({});
  const [errors, setErrors] = useState<DocumentErrors>({});
  const [documentErrors, setDocumentErrors] = useState<Record<string, string>>({});
  const contacts = usePayableContacts(organizationId, type);
  const accounts = useCashAccounts(organizationId);
  const openDocuments = useOpenDocuments(organizationId, type, values.contact_id);
  const preselected = useDocument(organizationId, type === 'received' ? 'invoice' : 'bill', documentId ?? null);
  const record = useRecordPayment();
  const submitting = useRef(false);

  // The document from the address picks its contact, then (once the contact's open documents are
  // read) takes its whole balance due; each step happens once, so the person can change both.
  const preselection = useRef<'contact' | 'document' | 'done'>(documentId ? 'contact' : 'done');
  useEffect(() => {
    if (preselection.current === 'contact' && preselected.data) {
      preselection.current = 'document';
      setValues((v) => ({ ...v, contact_id: preselected.data.contact_id }));
    }
  }, [preselected.data]);
  useEffect(() => {
    if (preselection.current !== 'document' || !openDocuments.data || values.contact_id !== preselected.data?.contact_id) return;
    preselection.current = 'done';
    const document = openDocuments.data.find((d) => d.id === documentId);
    if (!document) return;
    setValues((v) => ({ ...v, amount: v.amount || document.balance_due }));
    setAllocations({ [document.id]: document.balance_due });
  }, [openDocuments.data, values.contact_id, preselected.data, documentId]);

  // Shown and sent oldest first, so a 422's allocation index names the document the person sees there.
  const documents = oldestFirst(openDocuments.data ?? []);
  const summary = summarize(values.amount, Object.fromEntries(documents.map((d) => [d.id, allocations[d.id] ?? ''])), currency);
  const preselectedNotOpen =
    !!documentId && !!preselected.data && !!openDocuments.data && values.contact_id === preselected.data.contact_id && !openDocuments.data.some((d) => d.id === documentId);

  const set = (field: keyof FormValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const chooseContact = (contactId: string) => {
    set('contact_id')(contactId);
    setAllocations({});
    setDocumentErrors({});
  };

  const changeAllocation = (id: string, text: string) => {
    const document = documents.find((d) => d.id === id);
    setAllocations((a) => ({ ...a, [id]: document ? capAtBalance(text, document.balance_due, currency) : text }));
    setDocumentErrors(({ [id]: _dropped, ...rest }) => rest);
  };

  const allocateAutomatically = () => {
    if (minorUnits(values.amount, currency) === null) {
      setErrors((e) => ({ ...e, amount: t('payments.errors.amountFirst') }));
      return;
    }
    setAllocations(autoAllocate(values.amount, documents, currency));
    setDocumentErrors({});
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current) return;
    const sent = allocationEntries(documents, allocations, currency);
    const parsed = paymentCreate.safeParse({
      payment_type: type,
      contact_id: values.contact_id,
      payment_method: values.payment_method,
      date: values.date,
      amount: values.amount.trim(),
      account_id: values.account_id || null,
      reference: values.reference.trim() || null,
      notes: values.notes.trim() || null,
      allocations: sent.map((d) =>
        type === 'received' ? { invoice_id: d.id, amount: allocations[d.id]!.trim() } : { bill_id: d.id, amount: allocations[d.id]!.trim() },
      ),
    });
    const found = parsed.success ? {} : errorsFromIssues(parsed.error.issues, messages.client);
    const { placed, byDocument } = placeErrors(found, sent);
    // The schema checks the shape; the currency's precision is known here, as on the server.
    if (!placed.amount && minorUnits(values.amount, currency) === null) placed.amount = t('payments.errors.amount');
    for (const d of sent) {
      if (!byDocument[d.id] && minorUnits(allocations[d.id]!, currency) === null) byDocument[d.id] = t('payments.errors.allocationAmount');
    }
    const overAllocated = summary.unallocated !== null && summary.unallocated < 0;
    setErrors(placed);
    setDocumentErrors(byDocument);
    if (!parsed.success || Object.keys(placed).length || Object.keys(byDocument).length || overAllocated) return;

    submitting.current = true;
    record.mutate(
      { organizationId, data: parsed.data, idempotencyKey },
      {
        onSuccess: (payment) => {
          notify.success(t('payments.record.recorded', { number: payment.number }));
          onRecorded?.(payment);
          onClose();
        },
        onError: (error) => {
          const detail = error instanceof ApiError && error.status === 422 ? errorsFromValidationDetail(error.body, messages.server) : null;
          if (!detail) return notifyError(error);
          const server = placeErrors(detail, sent);
          setErrors(server.placed);
          setDocumentErrors(server.byDocument);
        },
        onSettled: () => {
          submitting.current = false;
        },
      },
    );
  };

  const contactOptions = [
    { value: '', label: t(`payments.record.chooseContact.${type}`) },
    ...[...(contacts.data?.data ?? [])].sort((a, b) => a.name.localeCompare(b.name)).map((c) => ({ value: c.id, label: c.name })),
  ];
  const allowed = cashSideSubtypes(type);
  const accountOptions = [
    { value: '', label: t('payments.record.defaultAccount') },
    ...(accounts.data ?? []).filter((a) => a.is_active && allowed.has(a.subtype)).map((a) => ({ value: a.id, label: accountLabel(a) })),
  ];

  return (
    <form onSubmit={onSubmit} noValidate>
      <Flex direction="column" gap="4">
        <Grid columns={{ initial: '1', sm: '2' }} gap="4">
          <SelectInput
            label={t(`payments.fields.contact.${type}`)}
            name="contact_id"
            value={values.contact_id}
            error={errors.contact_id}
            onChange={(e) => chooseContact(e.target.value)}
            options={contactOptions}
          />
          <TextInput label={t('payments.fields.date')} name="date" type="date" value={values.date} error={errors.date} onChange={(e) => set('date')(e.target.value)} />
          <TextInput
            label={t('payments.fields.amount')}
            name="amount"
            inputMode="decimal"
            dir="ltr"
            value={values.amount}
            error={errors.amount}
            onChange={(e) => set('amount')(e.target.value)}
          />
          <SelectInput
            label={t('payments.fields.method')}
            name="payment_method"
            value={values.payment_method}
            error={errors.payment_method}
            onChange={(e) => set('payment_method')(e.target.value)}
            options={PAYMENT_METHODS.map((method) => ({ value: method, label: t(`payments.methods.${method}`) }))}
          />
          <SelectInput
            label={t(`payments.fields.account.${type}`)}
            name="account_id"
            value={values.account_id}
            error={errors.account_id}
            hint={t('payments.fields.accountHint')}
            onChange={(e) => set('account_id')(e.target.value)}
            options={accountOptions}
          />
          <TextInput label={t('payments.fields.reference')} name="reference" value={values.reference} error={errors.reference} onChange={(e) => set('reference')(e.target.value)} />
        </Grid>
        {preselected.isError ? <Notice color="amber">{t(`payments.record.documentMissing.${type}`)}</Notice> : null}
        {preselectedNotOpen ? <Notice color="amber">{t(`payments.record.documentNotOpen.${type}`, { number: preselected.data?.number ?? '' })}</Notice> : null}
        <AllocationsEditor
          type={type}
          currency={currency}
          contactChosen={!!values.contact_id}
          documents={openDocuments.data}
          loading={openDocuments.isPending && !!values.contact_id}
          error={openDocuments.error}
          onRetry={() => void openDocuments.refetch()}
          allocations={allocations}
          summary={summary}
          errors={documentErrors}
          listError={errors.allocations}
          onChange={changeAllocation}
          onAutoAllocate={allocateAutomatically}
        />
        <TextAreaInput label={t('payments.fields.notes')} name="notes" value={values.notes} error={errors.notes} onChange={(e) => set('notes')(e.target.value)} />
        {errors.form ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{errors.form}</Callout.Text>
          </Callout.Root>
        ) : null}
        <Flex gap="3" justify="end">
          <Dialog.Close>
            <Button type="button" variant="soft" color="gray">
              {t('common.cancel')}
            </Button>
          </Dialog.Close>
          <Button type="submit" loading={record.isPending}>
            {t(`payments.record.submit.${type}`)}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
