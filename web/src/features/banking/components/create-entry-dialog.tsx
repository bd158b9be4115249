import { Button, Callout, Dialog, Flex } from '@radix-ui/themes';
import { ACCOUNT_TYPES } from '@daftar/shared/schemas/accounting';
import { bankReconcile } from '@daftar/shared/schemas/banking';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextInput } from '../../../components/fields';
import { formAlert, reportFormFailure } from '../../../lib/form-failure';
import { payloadSchema, textOrNull } from '../../../lib/form-schema';
import { useZodForm, type ServerIssue } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { formatDate, formatMoney } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useLedgerAccounts } from '../api/get-ledger-accounts';
import type { StatementLine } from '../api/get-statement-lines';
import { useBankingTaxes } from '../api/get-taxes';
import { useReconcileLine } from '../api/reconcile-line';
import { useBankingMessages } from './banking-messages';
import { accountLabel } from './labels';

interface Values {
  account_id: string;
  description: string;
  tax_id: string;
}

/** The request names the new posting `create`; its fields are this form's. */
const schema = payloadSchema(
  bankReconcile,
  (values: Values) => ({ create: { account_id: values.account_id, description: textOrNull(values.description), tax_id: values.tax_id || null } }),
  undefined,
  (path) => (path[0] === 'create' && path.length > 1 ? path.slice(1) : path),
);
const FROM_CREATE = { 'create.account_id': 'account_id', 'create.description': 'description', 'create.tax_id': 'tax_id' };

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
  const accounts = useLedgerAccounts(organizationId);
  const taxes = useBankingTaxes(organizationId);
  const reconcile = useReconcileLine({ handlesErrors: true });
  // The account is the other side of the bank's line: "choose the counter account".
  const client = (issue: { path: string; message: string }) =>
    issue.path === 'account_id' ? t('banking.errors.counterAccountRequired') : messages.client(issue);
  const server = (issue: ServerIssue) => messages.server({ ...issue, path: issue.path.replace(/^create\./, '') });
  const form = useZodForm(schema, { defaultValues: { account_id: '', description: line.description, tax_id: '' }, messages: client });

  const onSubmit = form.handleSubmit(async (data) => {
    try {
      await reconcile.mutateAsync({ organizationId, bankAccountId, lineId: line.id, data });
    } catch (error) {
      // What is not a field of this form (a closed period's date) is said above the buttons.
      return reportFormFailure(form, error, { rename: FROM_CREATE, message: server, unplaced: 'form' });
    }
    notify.success(t('banking.entry.posted', { description: line.description }));
    onClose();
  });

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
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Flex direction="column" gap="4">
            <FormSelectInput form={form} name="account_id" label={t('banking.entry.account')} hint={t('banking.entry.accountHint')} options={accountOptions} />
            <FormTextInput form={form} name="description" label={t('banking.lines.description')} />
            <FormSelectInput form={form} name="tax_id" label={t('banking.entry.tax')} hint={t('banking.entry.taxHint')} options={taxOptions} />
            {formAlert(form) ? (
              <Callout.Root color="red" role="alert">
                <Callout.Text>{formAlert(form)}</Callout.Text>
              </Callout.Root>
            ) : null}
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={form.formState.isSubmitting || reconcile.isPending}>
                {t('banking.entry.submit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
