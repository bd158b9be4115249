import { Button, Dialog, Flex, Grid } from '@radix-ui/themes';
import { bankAccountCreate, bankAccountUpdate, JORDAN_BANKS } from '@daftar/shared/schemas/banking';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { reportFormFailure } from '../../../lib/form-failure';
import { payloadSchema } from '../../../lib/form-schema';
import { useZodForm } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
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

type Values = ReturnType<typeof formFor>;

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
  const ledger = useLedgerAccounts(organizationId);
  const create = useCreateBankAccount();
  const update = useUpdateBankAccount();
  const ledgerLocked = !!bank && (bank.transaction_count > 0 || !isZeroText(bank.opening_balance));
  const schema = useMemo(() => {
    const shared = (values: Values) => ({
      name: values.name,
      bank_name: values.bank_name,
      account_number: values.account_number.trim(),
      iban: values.iban.trim(),
      notes: values.notes.trim(),
    });
    return bank
      ? payloadSchema(bankAccountUpdate, (values: Values) => ({ ...shared(values), ...(ledgerLocked ? {} : { account_id: values.account_id }), version: bank.version }))
      : payloadSchema(bankAccountCreate, (values: Values) => {
          const opening = values.opening_balance.trim();
          return { ...shared(values), account_id: values.account_id, opening_balance: opening || null, opening_balance_date: opening ? values.opening_balance_date : null };
        });
  }, [bank, ledgerLocked]);
  const form = useZodForm(schema, { defaultValues: formFor(bank), messages: messages.client });
  const pending = form.formState.isSubmitting || create.isPending || update.isPending;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) form.reset(formFor(bank));
  };

  const onSubmit = form.handleSubmit(async (data) => {
    let saved: BankAccount;
    try {
      saved = bank
        ? await update.mutateAsync({ organizationId, bankAccountId: bank.id, data })
        : await create.mutateAsync({ organizationId, data: data as Parameters<typeof create.mutateAsync>[0]['data'] });
    } catch (error) {
      return reportFormFailure(form, error, { message: messages.server });
    }
    notify.success(t(bank ? 'banking.form.saved' : 'banking.form.created', { name: saved.name }));
    setOpen(false);
  });

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
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Flex direction="column" gap="4">
            <Grid columns={{ initial: '1', sm: '2' }} gap="4">
              <FormTextInput form={form} name="name" label={t('banking.fields.name')} hint={t('banking.fields.nameHint')} />
              <FormTextInput form={form} name="bank_name" label={t('banking.fields.bankName')} list={banksListId} />
              <FormTextInput form={form} name="account_number" label={t('banking.fields.accountNumber')} dir="ltr" />
              <FormTextInput form={form} name="iban" label={t('banking.fields.iban')} dir="ltr" autoComplete="off" hint={t('banking.fields.ibanHint')} />
            </Grid>
            <datalist id={banksListId}>
              {JORDAN_BANKS.map((b) => (
                <option key={b.name} value={arabic ? b.name_ar : b.name} />
              ))}
            </datalist>
            <FormSelectInput
              form={form}
              name="account_id"
              label={t('banking.fields.ledgerAccount')}
              hint={ledgerLocked ? t('banking.fields.ledgerAccountLocked') : t('banking.fields.ledgerAccountHint')}
              disabled={ledgerLocked}
              options={ledgerOptions}
            />
            {bank ? null : (
              <Grid columns={{ initial: '1', sm: '2' }} gap="4">
                <FormTextInput
                  form={form}
                  name="opening_balance"
                  label={t('banking.fields.openingBalance')}
                  inputMode="decimal"
                  dir="ltr"
                  hint={t('banking.fields.openingBalanceHint')}
                />
                <FormTextInput form={form} name="opening_balance_date" label={t('banking.fields.openingBalanceDate')} type="date" />
              </Grid>
            )}
            <FormTextAreaInput form={form} name="notes" label={t('banking.fields.notes')} />
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
