import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Button, Callout, Dialog, Flex, Grid } from '@radix-ui/themes';
import {
  CATEGORY_ACCOUNT_TYPE,
  CATEGORY_TYPES,
  categoryCreate,
  categoryUpdate,
  type CategoryType,
} from '@daftar/shared/schemas/categories';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextAreaInput, FormTextInput, SelectInput } from '../../../components/fields';
import { errorStatus } from '../../../lib/api-client';
import { applyServerErrors, fieldError, issueMessages, useZodForm } from '../../../lib/forms';
import { currentLanguage, type Language } from '../../../lib/i18n';
import { errorMessage, notify, notifyError } from '../../../lib/notify';
import { useCreateCategory } from '../api/create-category';
import { useCategoryAccounts, type Account } from '../api/get-accounts';
import { useCategoryOptions, type CategoryChoice } from '../api/get-category-options';
import type { Category } from '../api/get-root-categories';
import { useUpdateCategory } from '../api/update-category';
import { localName } from './names';

export type CategoryDialogState = { mode: 'create'; type: CategoryType; parent?: Category } | { mode: 'edit'; category: Category };

interface Values {
  name: string;
  name_ar: string;
  category_type: CategoryType;
  parent_id: string;
  account_id: string;
  description: string;
  color: string;
  sort_order: string;
}

function initialValues(state: CategoryDialogState): Values {
  if (state.mode === 'edit') {
    const c = state.category;
    return {
      name: c.name,
      name_ar: c.name_ar ?? '',
      category_type: c.category_type,
      parent_id: c.parent_id ?? '',
      account_id: c.account_id ?? '',
      description: c.description ?? '',
      color: c.color ?? '',
      sort_order: String(c.sort_order),
    };
  }
  return {
    name: '',
    name_ar: '',
    category_type: state.parent?.category_type ?? state.type,
    parent_id: state.parent?.id ?? '',
    account_id: '',
    description: '',
    color: '',
    sort_order: '0',
  };
}

/**
 * The parent picker lists the type's categories as a tree (parents before their children,
 * indented); when editing, the category itself and everything below it cannot be its parent.
 */
export function parentChoices(options: readonly CategoryChoice[], language: Language, excludeId?: string) {
  const byParent = new Map<string | null, CategoryChoice[]>();
  for (const option of options) {
    const siblings = byParent.get(option.parent_id) ?? [];
    siblings.push(option);
    byParent.set(option.parent_id, siblings);
  }
  const known = new Set(options.map((o) => o.id));
  const out: { value: string; label: string }[] = [];
  const visit = (parentId: string | null, depth: number) => {
    for (const option of byParent.get(parentId) ?? []) {
      if (option.id === excludeId) continue;
      if (option.is_active) out.push({ value: option.id, label: `${'— '.repeat(depth)}${localName(option, language)}` });
      visit(option.id, depth + 1);
    }
  };
  visit(null, 0);
  // A parent outside the list (an orphan) still shows, so nothing is silently lost.
  for (const option of options) if (option.parent_id && !known.has(option.parent_id)) visit(option.parent_id, 0);
  return out;
}

const accountChoice = (account: Account, language: Language) => ({ value: account.id, label: `${account.code} ${localName(account, language)}` });

/** The fields both create and update take; a sort order that is not whole digits is left for the schema to refuse. */
function fieldsOf(values: Values) {
  const sortText = values.sort_order.trim();
  return {
    name: values.name,
    name_ar: values.name_ar.trim() || null,
    parent_id: values.parent_id || null,
    account_id: values.account_id || null,
    description: values.description.trim() || null,
    color: values.color.trim() || null,
    sort_order: sortText === '' ? 0 : /^\d+$/.test(sortText) ? Number(sortText) : sortText,
  };
}

export function CategoryDialog({ organizationId, state, onClose }: { organizationId: string; state: CategoryDialogState; onClose: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const editing = state.mode === 'edit' ? state.category : null;
  const form = useZodForm<typeof categoryCreate | typeof categoryUpdate, Values>(editing ? categoryUpdate : categoryCreate, {
    defaultValues: initialValues(state),
    prepare: (values) =>
      editing
        ? { ...fieldsOf(values), ...(values.category_type !== editing.category_type ? { category_type: values.category_type } : {}), version: editing.version }
        : { ...fieldsOf(values), category_type: values.category_type },
    messages: (issue) => (issue.path === 'sort_order' ? t('categories.form.sortOrderInvalid') : undefined),
  });
  const values = useWatch({ control: form.control }) as Values;
  const create = useCreateCategory();
  const update = useUpdateCategory({ handlesErrors: true });
  const options = useCategoryOptions(organizationId, values.category_type);
  const accountType = CATEGORY_ACCOUNT_TYPE[values.category_type];
  const rootError = form.formState.errors.root;
  const conflict = rootError?.type === 'conflict' ? rootError.message : undefined;
  const formError = rootError && rootError.type !== 'conflict' ? rootError.message : undefined;
  const accounts = useCategoryAccounts(organizationId, accountType);

  const parentOptions = useMemo(
    () => [{ value: '', label: t('categories.form.noParent') }, ...parentChoices(options.data?.data ?? [], language, editing?.id)],
    [options.data, language, editing?.id, t],
  );
  const accountOptions = useMemo(() => {
    const all = accounts.data?.data ?? [];
    const offered = all.filter((a) => a.is_active || a.id === values.account_id).map((a) => accountChoice(a, language));
    return [{ value: '', label: t('categories.form.noAccount') }, ...offered];
  }, [accounts.data, values.account_id, language, t]);

  const set = (key: 'parent_id' | 'account_id', value: string) => form.setValue(key, value);
  const changeType = (type: CategoryType) => {
    // A parent and an account belong to one type: a new type starts both again.
    const before = form.getValues('category_type');
    form.setValue('category_type', type);
    form.setValue('parent_id', '');
    if (CATEGORY_ACCOUNT_TYPE[type] !== CATEGORY_ACCOUNT_TYPE[before]) form.setValue('account_id', '');
  };

  const onFailure = (error: unknown) => {
    // A conflict (a name taken at this place, a change made meanwhile) is the server's to explain.
    if (errorStatus(error) === 409) return form.setError('root', { type: 'conflict', message: errorMessage(error) });
    const rest = applyServerErrors(form, error);
    if (rest) {
      if (rest.length) form.setError('root', { type: rest[0]!.type, message: issueMessages(rest).join(' ') });
      return;
    }
    notifyError(error);
  };

  const onSubmit = form.handleSubmit((data) => {
    if (!editing) {
      create.mutate(
        { organizationId, data: data as typeof categoryCreate._zod.output },
        {
          onSuccess: (category) => {
            notify.success(t('categories.created', { name: localName(category, language) }));
            onClose();
          },
          onError: onFailure,
        },
      );
      return;
    }
    update.mutate(
      { organizationId, categoryId: editing.id, data: data as typeof categoryUpdate._zod.output },
      {
        onSuccess: (category) => {
          notify.success(t('categories.updated', { name: localName(category, language) }));
          onClose();
        },
        onError: onFailure,
      },
    );
  });

  const title = editing
    ? t('categories.form.editTitle', { name: localName(editing, language) })
    : state.mode === 'create' && state.parent
      ? t('categories.form.addChildTitle', { name: localName(state.parent, language) })
      : t('categories.form.createTitle');

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? null : onClose())}>
      <Dialog.Content maxWidth="560px">
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {t('categories.form.description')}
        </Dialog.Description>
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Flex direction="column" gap="4">
            {conflict ? (
              <Callout.Root color="red" role="alert">
                <Callout.Icon>
                  <ExclamationTriangleIcon />
                </Callout.Icon>
                <Callout.Text>{conflict}</Callout.Text>
              </Callout.Root>
            ) : null}
            <Grid columns={{ initial: '1', sm: '2' }} gap="4">
              <FormTextInput form={form} name="name" label={t('categories.form.name')} required />
              <FormTextInput form={form} name="name_ar" label={t('categories.form.nameAr')} dir="rtl" lang="ar" />
              <FormSelectInput
                form={form}
                name="category_type"
                label={t('categories.form.type')}
                // A new type resets the parent and maybe the account.
                onChange={(e) => changeType(e.target.value as CategoryType)}
                options={CATEGORY_TYPES.map((type) => ({ value: type, label: t(`categories.types.${type}`) }))}
              />
              {/* Controlled: their options arrive after the form is shown. */}
              <SelectInput
                label={t('categories.form.parent')}
                name="parent_id"
                value={values.parent_id}
                error={fieldError(form, 'parent_id')}
                hint={t('categories.form.parentHint')}
                onChange={(e) => set('parent_id', e.target.value)}
                options={parentOptions}
              />
              <SelectInput
                label={t('categories.form.account')}
                name="account_id"
                value={values.account_id}
                error={fieldError(form, 'account_id')}
                hint={t(accountType === 'income' ? 'categories.form.incomeAccountHint' : 'categories.form.expenseAccountHint')}
                onChange={(e) => set('account_id', e.target.value)}
                options={accountOptions}
              />
              <FormTextInput form={form} name="color" label={t('categories.form.color')} placeholder="#48BB78" />
              <FormTextInput form={form} name="sort_order" label={t('categories.form.sortOrder')} inputMode="numeric" />
            </Grid>
            <FormTextAreaInput form={form} name="description" label={t('categories.form.notes')} />
            {formError ? (
              <Callout.Root color="red" role="alert">
                <Callout.Text>{formError}</Callout.Text>
              </Callout.Root>
            ) : null}
            <Flex gap="3" justify="end">
              <Button type="button" variant="soft" color="gray" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending || update.isPending}>
                {editing ? t('common.saveChanges') : t('categories.form.create')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
