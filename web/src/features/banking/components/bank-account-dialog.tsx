import { Button, Dialog, Flex, Grid } from '@radix-ui/themes';
import { bankAccountCreate, bankAccountUpdate, JORDAN_BANKS } from '@daftar/shared/schemas/banking';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorsFromIssues, errorsFromValidationDetail, type DocumentErrors } from '../../../components/document-lines-editor';
import { SelectInput, TextAreaInput, TextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { notify, notifyError } from '../../../lib/notify';
import { useCreateBankAccount } from '../api/create-bank-account';
import type { BankAccount } from '../api/get-bank-accounts';
import { isBankLedgerAccount, useLedgerAccounts } from '../api/get-ledger-accounts';
import { useUpdateBankAccount } from '../api/update-bank-account';
import { useBankingMessages } from './banking-messages';
import { accountLabel, today } from './labels';

const formFor = (bank?: BankAccount) => ({
  name: bank?.name ?? '',
  bank_name: bank?.bank_name ?? '',
  account_number: bank?.account_number ?? '',
  iban: bank?.iban ?? '',
  account_id: bank?.account_id ?? '',
  opening_balance: '',
  opening_balance_date: today(),
  notes: bank?.notes ?? '',
});

const isZeroText = (amount: string) => /^[+-]?0*(\.0*)?$/.test(amount.trim());

/**
 * Adds a bank account (no `bank`) or edits one. The linked ledger account can change only while
 * the bank account has no statement lines and no opening balance: its history is that account's.
 */
export function BankAccountDialog({ organizationId, bank, trigger }: { organizationId: string; bank?: BankAccount; trigger: ReactNode }) {
  const { t } = useTranslation();
  const messages = useBankingMessages();
  const banksListId = useId();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(() => formFor(bank));
  const [errors, setErrors] = useState<DocumentErrors>({});
  const ledger = useLedgerAccounts(organizationId);
  const create = useCreateBankAccount();
  const update = useUpdateBankAccount();
  const pending = create.isPending || update.isPending;
  const ledgerLocked = !!bank && (bank.transaction_count > 0 || !isZeroText(bank.opening_balance));

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setErrors({});
    if (next) setValues(formFor(bank));
  };
  const set = (field: keyof ReturnType<typeof formFor>) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const onFailed = (error: Error) => {
    const fieldErrors = error instanceof ApiError && error.status === 422 ? errorsFromValidationDetail(error.body, messages.server) : null;
    if (fieldErrors) setErrors(fieldErrors);
    else notifyError(error);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const shared = {
      name: values.name,
      bank_name: values.bank_name,
      account_number: values.account_number.trim(),
      iban: values.iban.trim(),
      notes: values.notes.trim(),
    };
    if (bank) {
      const parsed = bankAccountUpdate.safeParse({ ...shared, ...(ledgerLocked ? {} : { account_id: values.account_id }), version: bank.version });
      if (!parsed.success) return setErrors(errorsFromIssues(parsed.error.issues, messages.client));
      setErrors({});
      update.mutate(
        { organizationId, bankAccountId: bank.id, data: parsed.data },
        {
          onSuccess: (saved) => {
            notify.success(t('banking.form.saved', { name: saved.name }));
            setOpen(false);
          },
          onError: onFailed,
        },
      );
      return;
    }
    const opening = values.opening_balance.trim();
    const parsed = bankAccountCreate.safeParse({
      ...shared,
      account_id: values.account_id,
      opening_balance: opening || null,
      opening_balance_date: opening ? values.opening_balance_date : null,
    });
    if (!parsed.success) return setErrors(errorsFromIssues(parsed.error.issues, messages.client));
    setErrors({});
    create.mutate(
      { organizationId, data: parsed.data },
      {
        onSuccess: (created) => {
          notify.success(t('banking.form.created', { name: created.name }));
          setOpen(false);
        },
        onError: onFailed,
      },
    );
  };

  const ledgerOptions = [
    { value: '', label: t('banking.form.chooseLedgerAccount') },
    ...(ledger.data ?? []).filter((a) => isBankLedgerAccount(a) || a.id === bank?.account_id).map((a) => ({ value: a.id, label: accountLabel(a) })),
  ];
  const arabic = currentLanguage() === 'ar';

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger>{trigger}</Dialog.Trigger>
      <Dialog.Content maxWidth="640px">
        <Dialog.Title>{bank ? t('banking.form.editTitle', { name: bank.name }) : t('banking.form.createTitle')}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {t('banking.form.description')}
        </Dialog.Description>
        <form onSubmit={onSubmit} noValidate>
          <Flex direction="column" gap="4">
            <Grid columns={{ initial: '1', sm: '2' }} gap="4">
              <TextInput label={t('banking.fields.name')} name="name" value={values.name} error={errors.name} hint={t('banking.fields.nameHint')} onChange={(e) => set('name')(e.target.value)} />
              <TextInput label={t('banking.fields.bankName')} name="bank_name" list={banksListId} value={values.bank_name} error={errors.bank_name} onChange={(e) => set('bank_name')(e.target.value)} />
              <TextInput label={t('banking.fields.accountNumber')} name="account_number" dir="ltr" value={values.account_number} error={errors.account_number} onChange={(e) => set('account_number')(e.target.value)} />
              <TextInput
                label={t('banking.fields.iban')}
                name="iban"
                dir="ltr"
                autoComplete="off"
                value={values.iban}
                error={errors.iban}
                hint={t('banking.fields.ibanHint')}
                onChange={(e) => set('iban')(e.target.value)}
              />
            </Grid>
            <datalist id={banksListId}>
              {JORDAN_BANKS.map((b) => (
                <option key={b.name} value={arabic ? b.name_ar : b.name} />
              ))}
            </datalist>
            <SelectInput
              label={t('banking.fields.ledgerAccount')}
              name="account_id"
              value={values.account_id}
              error={errors.account_id}
              hint={ledgerLocked ? t('banking.fields.ledgerAccountLocked') : t('banking.fields.ledgerAccountHint')}
              disabled={ledgerLocked}
              onChange={(e) => set('account_id')(e.target.value)}
              options={ledgerOptions}
            />
            {bank ? null : (
              <Grid columns={{ initial: '1', sm: '2' }} gap="4">
                <TextInput
                  label={t('banking.fields.openingBalance')}
                  name="opening_balance"
                  inputMode="decimal"
                  dir="ltr"
                  value={values.opening_balance}
                  error={errors.opening_balance}
                  hint={t('banking.fields.openingBalanceHint')}
                  onChange={(e) => set('opening_balance')(e.target.value)}
                />
                <TextInput
                  label={t('banking.fields.openingBalanceDate')}
                  name="opening_balance_date"
                  type="date"
                  value={values.opening_balance_date}
                  error={errors.opening_balance_date}
                  onChange={(e) => set('opening_balance_date')(e.target.value)}
                />
              </Grid>
            )}
            <TextAreaInput label={t('banking.fields.notes')} name="notes" value={values.notes} error={errors.notes} onChange={(e) => set('notes')(e.target.value)} />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={pending}>
                {bank ? t('common.saveChanges') : t('banking.form.createSubmit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
