import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Button, Callout, Dialog, Flex, Grid } from '@radix-ui/themes';
import {
  CATEGORY_ACCOUNT_TYPE,
  CATEGORY_TYPES,
  categoryCreate,
  categoryUpdate,
  type CategoryType,
} from '@daftar/shared/schemas/categories';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorsFromValidationDetail } from '../../../components/document-lines-editor';
import { SelectInput, TextAreaInput, TextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage, type Language } from '../../../lib/i18n';
import { notify, notifyError } from '../../../lib/notify';
import { translateValidationMessage, validateForm, type FieldErrors } from '../../../lib/validation';
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

export function CategoryDialog({ organizationId, state, onClose }: { organizationId: string; state: CategoryDialogState; onClose: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const editing = state.mode === 'edit' ? state.category : null;
  const [values, setValues] = useState<Values>(() => initialValues(state));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const create = useCreateCategory();
  const update = useUpdateCategory({ handlesErrors: true });
  const options = useCategoryOptions(organizationId, values.category_type);
  const accountType = CATEGORY_ACCOUNT_TYPE[values.category_type];
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

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const changeType = (type: CategoryType) =>
    // A parent and an account belong to one type: a new type starts both again.
    setValues((v) => ({ ...v, category_type: type, parent_id: '', account_id: CATEGORY_ACCOUNT_TYPE[type] === CATEGORY_ACCOUNT_TYPE[v.category_type] ? v.account_id : '' }));

  const onFailure = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) return setConflict(error.detail ?? t('errors.generic'));
    if (error instanceof ApiError && error.status === 422) {
      const fieldErrors = errorsFromValidationDetail(error.body, (message) => translateValidationMessage(message));
      if (fieldErrors) return setErrors(fieldErrors);
    }
    notifyError(error);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setConflict(null);
    const sortText = values.sort_order.trim();
    if (sortText !== '' && !/^\d+$/.test(sortText)) return setErrors({ sort_order: t('categories.form.sortOrderInvalid') });
    const fields = {
      name: values.name,
      name_ar: values.name_ar.trim() || null,
      parent_id: values.parent_id || null,
      account_id: values.account_id || null,
      description: values.description.trim() || null,
      color: values.color.trim() || null,
      sort_order: sortText === '' ? 0 : Number(sortText),
    };
    if (!editing) {
      const result = validateForm(categoryCreate, { ...fields, category_type: values.category_type });
      if (!result.success) return setErrors(result.errors);
      setErrors({});
      create.mutate(
        { organizationId, data: result.data },
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
    const result = validateForm(categoryUpdate, {
      ...fields,
      ...(values.category_type !== editing.category_type ? { category_type: values.category_type } : {}),
      version: editing.version,
    });
    if (!result.success) return setErrors(result.errors);
    setErrors({});
    update.mutate(
      { organizationId, categoryId: editing.id, data: result.data },
      {
        onSuccess: (category) => {
          notify.success(t('categories.updated', { name: localName(category, language) }));
          onClose();
        },
        onError: onFailure,
      },
    );
  };

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
        <form onSubmit={onSubmit} noValidate>
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
              <TextInput label={t('categories.form.name')} name="name" required value={values.name} error={errors.name} onChange={(e) => set('name', e.target.value)} />
              <TextInput label={t('categories.form.nameAr')} name="name_ar" dir="rtl" lang="ar" value={values.name_ar} error={errors.name_ar} onChange={(e) => set('name_ar', e.target.value)} />
              <SelectInput
                label={t('categories.form.type')}
                name="category_type"
                value={values.category_type}
                error={errors.category_type}
                onChange={(e) => changeType(e.target.value as CategoryType)}
                options={CATEGORY_TYPES.map((type) => ({ value: type, label: t(`categories.types.${type}`) }))}
              />
              <SelectInput
                label={t('categories.form.parent')}
                name="parent_id"
                value={values.parent_id}
                error={errors.parent_id}
                hint={t('categories.form.parentHint')}
                onChange={(e) => set('parent_id', e.target.value)}
                options={parentOptions}
              />
              <SelectInput
                label={t('categories.form.account')}
                name="account_id"
                value={values.account_id}
                error={errors.account_id}
                hint={t(accountType === 'income' ? 'categories.form.incomeAccountHint' : 'categories.form.expenseAccountHint')}
                onChange={(e) => set('account_id', e.target.value)}
                options={accountOptions}
              />
              <TextInput
                label={t('categories.form.color')}
                name="color"
                placeholder="#48BB78"
                value={values.color}
                error={errors.color}
                onChange={(e) => set('color', e.target.value)}
              />
              <TextInput
                label={t('categories.form.sortOrder')}
                name="sort_order"
                inputMode="numeric"
                value={values.sort_order}
                error={errors.sort_order}
                onChange={(e) => set('sort_order', e.target.value)}
              />
            </Grid>
            <TextAreaInput label={t('categories.form.notes')} name="description" value={values.description} error={errors.description} onChange={(e) => set('description', e.target.value)} />
            {errors.form ? (
              <Callout.Root color="red" role="alert">
                <Callout.Text>{errors.form}</Callout.Text>
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
