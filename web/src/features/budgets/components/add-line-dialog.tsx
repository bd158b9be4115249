import { Button, Callout, Dialog, Flex } from '@radix-ui/themes';
import { budgetLineCreate } from '@daftar/shared/schemas/budgets';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { formAlert, reportFormFailure } from '../../../lib/form-failure';
import { payloadSchema, type FormIssue } from '../../../lib/form-schema';
import { useZodForm } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useAddBudgetLine } from '../api/add-budget-line';
import { useBudgetAccounts } from '../api/get-accounts';
import type { Budget } from '../api/get-budget';
import { cellAmount } from './figures';
import { budgetIssueMessage } from './messages';

const emptyForm = () => ({ account_id: '', annual_amount: '' });

/** A new line: an income or expense account the budget has no line for yet, its year spread evenly over the months. */
export function AddLineDialog({ organizationId, budget }: { organizationId: string; budget: Budget }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [open, setOpen] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const accounts = useBudgetAccounts(organizationId, open);
  const add = useAddBudgetLine();
  // The shared schema, after what the form checks first: an account is chosen, and the annual
  // amount has at most the currency's decimals (empty is zero).
  const schema = useMemo(
    () =>
      payloadSchema(
        budgetLineCreate,
        (values: ReturnType<typeof emptyForm>) => ({ account_id: values.account_id, annual_amount: values.annual_amount.trim() || '0' }),
        (values): FormIssue[] => {
          if (!values.account_id) return [{ path: ['account_id'], message: t('budgets.addLine.accountRequired') }];
          if (!cellAmount(values.annual_amount.trim() || '0', budget.currency)) return [{ path: ['annual_amount'], message: t('budgets.addLine.annualInvalid', { currency: budget.currency }) }];
          return [];
        },
        // "Give the monthly amounts or an annual amount" is about the one amount this form asks for.
        (path) => (path[0] === 'amounts' ? ['annual_amount'] : path),
      ),
    [budget.currency, t],
  );
  const form = useZodForm(schema, { defaultValues: emptyForm(), messages: budgetIssueMessage });

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
      form.reset(emptyForm());
      setConflict(null);
    }
  };

  const save = form.handleSubmit(async (data) => {
    let line;
    try {
      line = await add.mutateAsync({ organizationId, budgetId: budget.id, data });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) return setConflict(error.detail ?? t('errors.generic'));
      return reportFormFailure(form, error, { message: budgetIssueMessage, rename: { amounts: 'annual_amount' }, unplaced: 'form' });
    }
    notify.success(t('budgets.addLine.added', { account: `${line.account_code} ${line.account_name}` }));
    onOpenChange(false);
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setConflict(null);
    void save(event);
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
            <FormSelectInput form={form} name="account_id" label={t('budgets.addLine.account')} options={options} />
            <FormTextInput form={form} name="annual_amount" label={t('budgets.addLine.annual')} inputMode="decimal" placeholder="0.000" hint={t('budgets.addLine.annualHint')} />
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
              <Button type="submit" loading={form.formState.isSubmitting || add.isPending}>
                {t('budgets.addLine.submit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
