import { Button, Callout, Dialog, Flex } from '@radix-ui/themes';
import { expenseCategoryCreate, expenseCategoryUpdate, type ExpenseCategoryCreate } from '@daftar/shared/schemas/expenses';
import { useMemo, useState, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { reportFormFailure } from '../../../lib/form-failure';
import { payloadSchema, textOrNull, type FormIssue } from '../../../lib/form-schema';
import { useZodForm } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCreateExpenseCategory } from '../api/create-expense-category';
import { useExpenseAccounts } from '../api/get-accounts';
import type { ExpenseCategory } from '../api/get-expense-categories';
import { useUpdateExpenseCategory } from '../api/update-expense-category';
import { expenseMessage } from './messages';
import { localName } from '../../../lib/names';

interface Values {
  name: string;
  name_ar: string;
  account_id: string;
  description: string;
}

/** A category names the expense account its approved expenses are debited to. */
export function ExpenseCategoryDialog({ organizationId, category, onClose }: { organizationId: string; category: ExpenseCategory | null; onClose: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [conflict, setConflict] = useState<string | null>(null);
  const accounts = useExpenseAccounts(organizationId);
  const create = useCreateExpenseCategory();
  const update = useUpdateExpenseCategory({ handlesErrors: true });
  const schema = useMemo(() => {
    const payloadOf = (values: Values) => ({
      name: values.name,
      name_ar: textOrNull(values.name_ar),
      account_id: values.account_id,
      description: textOrNull(values.description),
    });
    const accountChosen = (values: Values): FormIssue[] => (values.account_id ? [] : [{ path: ['account_id'], message: t('expenses.categories.accountRequired') }]);
    return category
      ? payloadSchema(expenseCategoryUpdate, (values: Values) => ({ ...payloadOf(values), version: category.version }), accountChosen)
      : payloadSchema(expenseCategoryCreate, payloadOf, accountChosen);
  }, [category, t]);
  const form = useZodForm(schema, {
    defaultValues: {
      name: category?.name ?? '',
      name_ar: category?.name_ar ?? '',
      account_id: category?.account_id ?? '',
      description: category?.description ?? '',
    },
    messages: expenseMessage,
  });
  const accountId = useWatch({ control: form.control, name: 'account_id' });

  const accountOptions = useMemo(
    () => [
      { value: '', label: t('expenses.categories.chooseAccount') },
      ...(accounts.data ?? []).filter((a) => a.is_active || a.id === accountId).map((a) => ({ value: a.id, label: `${a.code} ${localName(a, language)}` })),
    ],
    [accounts.data, accountId, language, t],
  );

  const save = form.handleSubmit(async (data) => {
    let saved: ExpenseCategory;
    try {
      saved = category
        ? await update.mutateAsync({ organizationId, categoryId: category.id, data })
        : await create.mutateAsync({ organizationId, data: data as ExpenseCategoryCreate });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) return setConflict(error.detail ?? t('errors.generic'));
      return reportFormFailure(form, error, { message: expenseMessage });
    }
    notify.success(t(category ? 'expenses.categories.saved' : 'expenses.categories.created', { name: localName(saved, language) }));
    onClose();
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setConflict(null);
    void save(event);
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
            <FormTextInput form={form} name="name" label={t('expenses.categories.name')} required />
            <FormTextInput form={form} name="name_ar" label={t('expenses.categories.nameAr')} dir="rtl" lang="ar" />
            <FormSelectInput form={form} name="account_id" label={t('expenses.categories.account')} hint={t('expenses.categories.accountHint')} options={accountOptions} />
            <FormTextAreaInput form={form} name="description" label={t('expenses.categories.description')} />
            <Flex gap="3" justify="end">
              <Button type="button" variant="soft" color="gray" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting || create.isPending || update.isPending}>
                {category ? t('common.saveChanges') : t('expenses.categories.createSubmit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
