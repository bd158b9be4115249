import { Button, Callout, Dialog, Flex } from '@radix-ui/themes';
import { expenseCategoryCreate, expenseCategoryUpdate } from '@daftar/shared/schemas/expenses';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorsFromValidationDetail } from '../../../components/document-lines-editor';
import { SelectInput, TextAreaInput, TextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { notify, notifyError } from '../../../lib/notify';
import { validateForm, type FieldErrors } from '../../../lib/validation';
import { useCreateExpenseCategory } from '../api/create-expense-category';
import { useExpenseAccounts } from '../api/get-accounts';
import type { ExpenseCategory } from '../api/get-expense-categories';
import { useUpdateExpenseCategory } from '../api/update-expense-category';
import { expenseErrors, expenseMessage } from './messages';
import { localName } from './names';

/** A category names the expense account its approved expenses are debited to. */
export function ExpenseCategoryDialog({ organizationId, category, onClose }: { organizationId: string; category: ExpenseCategory | null; onClose: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [values, setValues] = useState({
    name: category?.name ?? '',
    name_ar: category?.name_ar ?? '',
    account_id: category?.account_id ?? '',
    description: category?.description ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const accounts = useExpenseAccounts(organizationId);
  const create = useCreateExpenseCategory();
  const update = useUpdateExpenseCategory({ handlesErrors: true });

  const accountOptions = useMemo(
    () => [
      { value: '', label: t('expenses.categories.chooseAccount') },
      ...(accounts.data ?? []).filter((a) => a.is_active || a.id === values.account_id).map((a) => ({ value: a.id, label: `${a.code} ${localName(a, language)}` })),
    ],
    [accounts.data, values.account_id, language, t],
  );

  const onFailure = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) return setConflict(error.detail ?? t('errors.generic'));
    if (error instanceof ApiError && error.status === 422) {
      const fieldErrors = errorsFromValidationDetail(error.body, expenseMessage);
      if (fieldErrors) return setErrors(fieldErrors);
    }
    notifyError(error);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setConflict(null);
    if (!values.account_id) return setErrors({ account_id: t('expenses.categories.accountRequired') });
    const body = {
      name: values.name,
      name_ar: values.name_ar.trim() || null,
      account_id: values.account_id,
      description: values.description.trim() || null,
    };
    const done = (saved: ExpenseCategory) => {
      notify.success(t(category ? 'expenses.categories.saved' : 'expenses.categories.created', { name: localName(saved, language) }));
      onClose();
    };
    if (category) {
      const result = validateForm(expenseCategoryUpdate, { ...body, version: category.version });
      if (!result.success) return setErrors(expenseErrors(result.errors));
      setErrors({});
      update.mutate({ organizationId, categoryId: category.id, data: result.data }, { onSuccess: done, onError: onFailure });
    } else {
      const result = validateForm(expenseCategoryCreate, body);
      if (!result.success) return setErrors(expenseErrors(result.errors));
      setErrors({});
      create.mutate({ organizationId, data: result.data }, { onSuccess: done, onError: onFailure });
    }
  };

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? null : onClose())}>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>{category ? t('expenses.categories.editTitle', { name: localName(category, language) }) : t('expenses.categories.createTitle')}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {t('expenses.categories.formDescription')}
        </Dialog.Description>
        <form onSubmit={onSubmit} noValidate>
          <Flex direction="column" gap="4">
            {conflict ? (
              <Callout.Root color="red" role="alert">
                <Callout.Text>{conflict}</Callout.Text>
              </Callout.Root>
            ) : null}
            <TextInput label={t('expenses.categories.name')} name="name" required value={values.name} error={errors.name} onChange={(e) => setValues({ ...values, name: e.target.value })} />
            <TextInput label={t('expenses.categories.nameAr')} name="name_ar" dir="rtl" lang="ar" value={values.name_ar} error={errors.name_ar} onChange={(e) => setValues({ ...values, name_ar: e.target.value })} />
            <SelectInput
              label={t('expenses.categories.account')}
              name="account_id"
              value={values.account_id}
              error={errors.account_id}
              hint={t('expenses.categories.accountHint')}
              onChange={(e) => setValues({ ...values, account_id: e.target.value })}
              options={accountOptions}
            />
            <TextAreaInput
              label={t('expenses.categories.description')}
              name="description"
              value={values.description}
              error={errors.description}
              onChange={(e) => setValues({ ...values, description: e.target.value })}
            />
            <Flex gap="3" justify="end">
              <Button type="button" variant="soft" color="gray" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending || update.isPending}>
                {category ? t('common.saveChanges') : t('expenses.categories.createSubmit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
