import { Button, Callout, Dialog, Flex } from '@radix-ui/themes';
import { budgetLineCreate } from '@daftar/shared/schemas/budgets';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorsFromValidationDetail } from '../../../components/document-lines-editor';
import { SelectInput, TextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { notify, notifyError } from '../../../lib/notify';
import { validateForm, type FieldErrors } from '../../../lib/validation';
import { useAddBudgetLine } from '../api/add-budget-line';
import { useBudgetAccounts } from '../api/get-accounts';
import type { Budget } from '../api/get-budget';
import { cellAmount } from './figures';
import { budgetErrors, budgetMessage } from './messages';

/** A new line: an income or expense account the budget has no line for yet, its year spread evenly over the months. */
export function AddLineDialog({ organizationId, budget }: { organizationId: string; budget: Budget }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [open, setOpen] = useState(false);
  const [accountId, setAccountId] = useState('');
  const [annual, setAnnual] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const accounts = useBudgetAccounts(organizationId, open);
  const add = useAddBudgetLine();

  const options = useMemo(() => {
    const planned = new Set(budget.lines.map((l) => l.account_id));
    const free = (accounts.data ?? []).filter((a) => !planned.has(a.id));
    const label = (a: (typeof free)[number]) => `${a.code} ${language === 'ar' && a.name_ar ? a.name_ar : a.name}`;
    return [
      { value: '', label: t('budgets.addLine.chooseAccount') },
      ...free.filter((a) => a.type === 'income').map((a) => ({ value: a.id, label: `${t('budgets.accountTypes.income')} · ${label(a)}` })),
      ...free.filter((a) => a.type === 'expense').map((a) => ({ value: a.id, label: `${t('budgets.accountTypes.expense')} · ${label(a)}` })),
    ];
  }, [accounts.data, budget.lines, language, t]);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setAccountId('');
      setAnnual('');
      setErrors({});
      setConflict(null);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setConflict(null);
    if (!accountId) return setErrors({ account_id: t('budgets.addLine.accountRequired') });
    const annualText = annual.trim() || '0';
    if (!cellAmount(annualText, budget.currency)) return setErrors({ annual_amount: t('budgets.addLine.annualInvalid', { currency: budget.currency }) });
    const result = validateForm(budgetLineCreate, { account_id: accountId, annual_amount: annualText });
    if (!result.success) return setErrors(budgetErrors(result.errors));
    setErrors({});
    add.mutate(
      { organizationId, budgetId: budget.id, data: result.data },
      {
        onSuccess: (line) => {
          notify.success(t('budgets.addLine.added', { account: `${line.account_code} ${line.account_name}` }));
          onOpenChange(false);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) return setConflict(error.detail ?? t('errors.generic'));
          if (error instanceof ApiError && error.status === 422) {
            const fieldErrors = errorsFromValidationDetail(error.body, budgetMessage);
            if (fieldErrors) return setErrors(fieldErrors);
          }
          notifyError(error);
        },
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger>
        <Button variant="soft">{t('budgets.addLine.open')}</Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>{t('budgets.addLine.title')}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {t('budgets.addLine.description')}
        </Dialog.Description>
        <form onSubmit={onSubmit} noValidate>
          <Flex direction="column" gap="4">
            {conflict ? (
              <Callout.Root color="red" role="alert">
                <Callout.Text>{conflict}</Callout.Text>
              </Callout.Root>
            ) : null}
            <SelectInput label={t('budgets.addLine.account')} value={accountId} error={errors.account_id} onChange={(e) => setAccountId(e.target.value)} options={options} />
            <TextInput
              label={t('budgets.addLine.annual')}
              inputMode="decimal"
              placeholder="0.000"
              value={annual}
              error={errors.annual_amount ?? errors.amounts}
              hint={t('budgets.addLine.annualHint')}
              onChange={(e) => setAnnual(e.target.value)}
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
              <Button type="submit" loading={add.isPending}>
                {t('budgets.addLine.submit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
