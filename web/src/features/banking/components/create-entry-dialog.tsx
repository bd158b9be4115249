import { Button, Callout, Dialog, Flex } from '@radix-ui/themes';
import { ACCOUNT_TYPES } from '@daftar/shared/schemas/accounting';
import { bankReconcile } from '@daftar/shared/schemas/banking';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorsFromIssues, errorsFromValidationDetail, type DocumentErrors } from '../../../components/document-lines-editor';
import { SelectInput, TextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { formatDate, formatMoney } from '../../../lib/format';
import { notify, notifyError } from '../../../lib/notify';
import { useLedgerAccounts } from '../api/get-ledger-accounts';
import type { StatementLine } from '../api/get-statement-lines';
import { useBankingTaxes } from '../api/get-taxes';
import { useReconcileLine } from '../api/reconcile-line';
import { useBankingMessages } from './banking-messages';
import { accountLabel } from './labels';

interface CreateEntryDialogProps {
  organizationId: string;
  bankAccountId: string;
  /** The bank's own ledger account: never the other side of its line. */
  ledgerAccountId: string;
  line: StatementLine;
  onClose: () => void;
}

/**
 * Reconciles a line that has no posting yet (bank charges, interest, a transfer fee) by posting
 * one: the bank's ledger account against the account chosen here, dated as the line.
 */
export function CreateEntryDialog({ organizationId, bankAccountId, ledgerAccountId, line, onClose }: CreateEntryDialogProps) {
  const { t } = useTranslation();
  const messages = useBankingMessages();
  const [values, setValues] = useState({ account_id: '', description: line.description, tax_id: '' });
  const [errors, setErrors] = useState<DocumentErrors>({});
  const accounts = useLedgerAccounts(organizationId);
  const taxes = useBankingTaxes(organizationId);
  const reconcile = useReconcileLine({ handlesErrors: true });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = bankReconcile.safeParse({
      create: { account_id: values.account_id, description: values.description.trim() || null, tax_id: values.tax_id || null },
    });
    if (!parsed.success) return setErrors(fieldsOf(errorsFromIssues(parsed.error.issues, messages.client)));
    setErrors({});
    reconcile.mutate(
      { organizationId, bankAccountId, lineId: line.id, data: parsed.data },
      {
        onSuccess: () => {
          notify.success(t('banking.entry.posted', { description: line.description }));
          onClose();
        },
        onError: (error) => {
          const fieldErrors = error instanceof ApiError && error.status === 422 ? errorsFromValidationDetail(error.body, messages.server) : null;
          if (fieldErrors) setErrors(fieldsOf(fieldErrors));
          else notifyError(error);
        },
      },
    );
  };

  const order = (type: string) => ACCOUNT_TYPES.indexOf(type as (typeof ACCOUNT_TYPES)[number]);
  const accountOptions = [
    { value: '', label: t('banking.entry.chooseAccount') },
    ...[...(accounts.data ?? [])]
      .filter((a) => a.is_active && a.id !== ledgerAccountId)
      .sort((a, b) => order(b.type) - order(a.type) || a.code.localeCompare(b.code))
      .map((a) => ({ value: a.id, label: `${accountLabel(a)} (${t(`banking.entry.accountTypes.${a.type}`)})` })),
  ];
  const arabic = currentLanguage() === 'ar';
  const taxOptions = [
    { value: '', label: t('banking.entry.noTax') },
    ...(taxes.data ?? []).map((tax) => ({ value: tax.id, label: arabic && tax.name_ar ? tax.name_ar : tax.name })),
  ];

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>{t('banking.entry.title')}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {t('banking.entry.description', { date: formatDate(line.date), description: line.description, amount: formatMoney(line.amount, line.currency) })}
        </Dialog.Description>
        <form onSubmit={onSubmit} noValidate>
          <Flex direction="column" gap="4">
            <SelectInput
              label={t('banking.entry.account')}
              name="account_id"
              value={values.account_id}
              error={errors.account_id}
              hint={t('banking.entry.accountHint')}
              onChange={(e) => setValues({ ...values, account_id: e.target.value })}
              options={accountOptions}
            />
            <TextInput
              label={t('banking.lines.description')}
              name="description"
              value={values.description}
              error={errors.description}
              onChange={(e) => setValues({ ...values, description: e.target.value })}
            />
            <SelectInput
              label={t('banking.entry.tax')}
              name="tax_id"
              value={values.tax_id}
              error={errors.tax_id}
              hint={t('banking.entry.taxHint')}
              onChange={(e) => setValues({ ...values, tax_id: e.target.value })}
              options={taxOptions}
            />
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
              <Button type="submit" loading={reconcile.isPending}>
                {t('banking.entry.submit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** `create.account_id` → `account_id`; anything not a field of this form (a closed period's date) is shown above the buttons. */
function fieldsOf(errors: DocumentErrors): DocumentErrors {
  const fields: DocumentErrors = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(errors)) {
    const field = path.replace(/^create\./, '');
    if (field === 'account_id' || field === 'description' || field === 'tax_id') fields[field] ??= message;
    else other.push(message);
  }
  if (other.length) fields.form = other.join(' ');
  return fields;
}

