import { Button, Callout, Dialog, Flex } from '@radix-ui/themes';
import { budgetCreate } from '@daftar/shared/schemas/budgets';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorsFromValidationDetail } from '../../../components/document-lines-editor';
import { TextAreaInput, TextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { notify, notifyError } from '../../../lib/notify';
import { validateForm, type FieldErrors } from '../../../lib/validation';
import { useCreateBudget } from '../api/create-budget';
import { budgetErrors, budgetMessage } from './messages';

const emptyForm = () => ({ name: '', fiscal_year: String(new Date().getFullYear()), notes: '' });

/** A new budget starts as a draft with no lines; its page is where the lines are planned. */
export function CreateBudgetDialog({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(emptyForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const create = useCreateBudget();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setValues(emptyForm());
      setErrors({});
      setConflict(null);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setConflict(null);
    const result = validateForm(budgetCreate, { name: values.name, fiscal_year: values.fiscal_year.trim(), notes: values.notes.trim() || null });
    if (!result.success) return setErrors(budgetErrors(result.errors));
    setErrors({});
    create.mutate(
      { organizationId, data: result.data },
      {
        onSuccess: (budget) => {
          notify.success(t('budgets.create.created', { name: budget.name }));
          onOpenChange(false);
          navigate(`/accounting/budgets/${budget.id}`);
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
            <TextInput label={t('budgets.create.name')} required value={values.name} error={errors.name} onChange={(e) => setValues({ ...values, name: e.target.value })} />
            <TextInput
              label={t('budgets.create.fiscalYear')}
              inputMode="numeric"
              required
              value={values.fiscal_year}
              error={errors.fiscal_year}
              hint={t('budgets.create.fiscalYearHint')}
              onChange={(e) => setValues({ ...values, fiscal_year: e.target.value })}
            />
            <TextAreaInput label={t('budgets.create.notes')} value={values.notes} error={errors.notes} onChange={(e) => setValues({ ...values, notes: e.target.value })} />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={create.isPending}>
                {t('budgets.create.submit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
