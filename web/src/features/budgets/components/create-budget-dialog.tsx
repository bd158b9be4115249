import { Button, Callout, Dialog, Flex } from '@radix-ui/themes';
import { budgetCreate } from '@daftar/shared/schemas/budgets';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { reportFormFailure } from '../../../lib/form-failure';
import { payloadSchema, textOrNull } from '../../../lib/form-schema';
import { useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useCreateBudget } from '../api/create-budget';
import { budgetIssueMessage } from './messages';

const emptyForm = () => ({ name: '', fiscal_year: String(new Date().getFullYear()), notes: '' });

const schema = payloadSchema(budgetCreate, (values: ReturnType<typeof emptyForm>) => ({
  name: values.name,
  fiscal_year: values.fiscal_year.trim(),
  notes: textOrNull(values.notes),
}));

/** A new budget starts as a draft with no lines; its page is where the lines are planned. */
export function CreateBudgetDialog({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const create = useCreateBudget();
  const form = useZodForm(schema, { defaultValues: emptyForm(), messages: budgetIssueMessage });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset(emptyForm());
      setConflict(null);
    }
  };

  const save = form.handleSubmit(async (data) => {
    let budget;
    try {
      budget = await create.mutateAsync({ organizationId, data });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) return setConflict(error.detail ?? t('errors.generic'));
      return reportFormFailure(form, error, { message: budgetIssueMessage });
    }
    notify.success(t('budgets.create.created', { name: budget.name }));
    onOpenChange(false);
    navigate(`/accounting/budgets/${budget.id}`);
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setConflict(null);
    void save(event);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger>
        <Button>{t('budgets.create.open')}</Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>{t('budgets.create.title')}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {t('budgets.create.description')}
        </Dialog.Description>
        <form onSubmit={onSubmit} noValidate>
          <Flex direction="column" gap="4">
            {conflict ? (
              <Callout.Root color="red" role="alert">
                <Callout.Text>{conflict}</Callout.Text>
              </Callout.Root>
            ) : null}
            <FormTextInput form={form} name="name" label={t('budgets.create.name')} required />
            <FormTextInput form={form} name="fiscal_year" label={t('budgets.create.fiscalYear')} inputMode="numeric" required hint={t('budgets.create.fiscalYearHint')} />
            <FormTextAreaInput form={form} name="notes" label={t('budgets.create.notes')} />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={form.formState.isSubmitting || create.isPending}>
                {t('budgets.create.submit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
