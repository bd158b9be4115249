import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Button, Callout, Dialog, Flex, Grid } from '@radix-ui/themes';
import {
  ACCOUNT_SUBTYPES,
  ACCOUNT_TYPES,
  accountCreate,
  accountUpdate,
  type AccountType,
  type AccountUpdate,
} from '@daftar/shared/schemas/accounting';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorsFromIssues, errorsFromValidationDetail, type DocumentErrors } from '../../../components/document-lines-editor';
import { SelectInput, TextAreaInput, TextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { notify, notifyError } from '../../../lib/notify';
import { useCreateAccount } from '../api/create-account';
import type { AccountNode } from '../api/get-chart';
import { useUpdateAccount } from '../api/update-account';
import { accountName } from './account-names';
import { useAccountMessages } from './account-messages';
import { subtreeIds } from './account-tree';

interface Values {
  type: AccountType;
  parent_id: string;
  subtype: string;
  code: string;
  name: string;
  name_ar: string;
  description: string;
}

const valuesOf = (account?: AccountNode, parent?: AccountNode): Values => ({
  type: account?.type ?? parent?.type ?? 'asset',
  parent_id: account?.parent_id ?? parent?.id ?? '',
  subtype: account?.subtype ?? '',
  code: account?.code ?? '',
  name: account?.name ?? '',
  name_ar: account?.name_ar ?? '',
  description: account?.description ?? '',
});

const orNull = (text: string) => (text.trim() ? text.trim() : null);

/** What changed, as the PATCH body wants it (null clears a text or the parent). */
function changes(account: AccountNode, values: Values): Omit<AccountUpdate, 'version'> {
  const next: Omit<AccountUpdate, 'version'> = {};
  if (values.code.trim() !== account.code) next.code = values.code.trim();
  if (values.name.trim() !== account.name) next.name = values.name.trim();
  if (orNull(values.name_ar) !== account.name_ar) next.name_ar = orNull(values.name_ar);
  if (orNull(values.description) !== account.description) next.description = orNull(values.description);
  if (values.type !== account.type) next.type = values.type;
  if (values.subtype && values.subtype !== account.subtype) next.subtype = values.subtype as AccountUpdate['subtype'];
  if ((values.parent_id || null) !== account.parent_id) next.parent_id = values.parent_id || null;
  return next;
}

interface AccountDialogProps {
  organizationId: string;
  /** Every account of the chart, flat, for the parent picker. */
  accounts: readonly AccountNode[];
  /** The account being edited; absent when adding one. */
  account?: AccountNode;
  /** A new account starts under this one. */
  parent?: AccountNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Add an account to the chart, or change one (admins). Mounted while open, so each opening starts
 * from the account as it is now.
 */
export function AccountDialog({ organizationId, accounts, account, parent, open, onOpenChange }: AccountDialogProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const translate = useAccountMessages();
  const create = useCreateAccount();
  const update = useUpdateAccount({ handlesErrors: true });
  const [values, setValues] = useState<Values>(() => valuesOf(account, parent));
  const [errors, setErrors] = useState<DocumentErrors>({});
  const system = account?.is_system ?? false;

  const excluded = useMemo(() => (account ? subtreeIds(account) : new Set<string>()), [account]);
  const parentOptions = useMemo(
    () => [
      { value: '', label: t('accounts.form.noParent') },
      ...accounts
        .filter((a) => a.type === values.type && !excluded.has(a.id) && (a.is_active || a.id === values.parent_id))
        .map((a) => ({ value: a.id, label: `${a.code} · ${accountName(a, language)}` })),
    ],
    [accounts, values.type, values.parent_id, excluded, language, t],
  );
  const subtypeOptions = [
    ...(account ? [] : [{ value: '', label: t('accounts.form.defaultSubtype') }]),
    ...ACCOUNT_SUBTYPES[values.type].map((subtype) => ({ value: subtype, label: t(`accounts.subtypes.${subtype}`) })),
  ];

  const chooseType = (type: AccountType) =>
    setValues((v) => ({
      ...v,
      type,
      parent_id: accounts.find((a) => a.id === v.parent_id)?.type === type ? v.parent_id : '',
      subtype: (ACCOUNT_SUBTYPES[type] as readonly string[]).includes(v.subtype) ? v.subtype : account ? ACCOUNT_SUBTYPES[type][0] : '',
    }));
  // A sub-account has its parent's type.
  const chooseParent = (parentId: string) => {
    const chosen = accounts.find((a) => a.id === parentId);
    if (chosen && chosen.type !== values.type) chooseType(chosen.type);
    setValues((v) => ({ ...v, parent_id: parentId }));
  };

  const onFailure = (error: unknown) => {
    if (error instanceof ApiError && error.status === 422) {
      const fieldErrors = errorsFromValidationDetail(error.body, translate);
      if (fieldErrors) return setErrors(fieldErrors);
    }
    if (error instanceof ApiError && error.status === 409 && error.detail) {
      return setErrors(error.detail.startsWith('An account with code') ? { code: translate(error.detail, 'code') } : { form: error.detail });
    }
    notifyError(error);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (account) {
      const data = changes(account, values);
      if (Object.keys(data).length === 0) {
        notify.info(t('accounts.form.noChanges'));
        return onOpenChange(false);
      }
      const parsed = accountUpdate.safeParse({ ...data, version: account.version });
      if (!parsed.success) return setErrors(errorsFromIssues(parsed.error.issues, translate));
      setErrors({});
      update.mutate(
        { organizationId, accountId: account.id, data: parsed.data },
        {
          onSuccess: (saved) => {
            notify.success(t('accounts.form.saved', { code: saved.code }));
            onOpenChange(false);
          },
          onError: onFailure,
        },
      );
      return;
    }
    const parsed = accountCreate.safeParse({
      type: values.type,
      parent_id: values.parent_id || null,
      subtype: values.subtype || null,
      code: values.code,
      name: values.name,
      name_ar: orNull(values.name_ar),
      description: orNull(values.description),
    });
    if (!parsed.success) return setErrors(errorsFromIssues(parsed.error.issues, translate));
    setErrors({});
    create.mutate(
      { organizationId, data: parsed.data },
      {
        onSuccess: (created) => {
          notify.success(t('accounts.form.created', { code: created.code }));
          onOpenChange(false);
        },
        onError: onFailure,
      },
    );
  };

  const set = (key: keyof Values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }));
  const title = account ? t('accounts.form.editTitle', { code: account.code }) : t('accounts.form.newTitle');

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="620px">
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {system ? t('accounts.form.systemHint') : t('accounts.form.description')}
        </Dialog.Description>
        <form onSubmit={onSubmit} noValidate aria-label={title}>
          <Flex direction="column" gap="4">
            {errors.form ? (
              <Callout.Root color="red" role="alert">
                <Callout.Icon>
                  <ExclamationTriangleIcon />
                </Callout.Icon>
                <Callout.Text>{errors.form}</Callout.Text>
              </Callout.Root>
            ) : null}
            <Grid columns={{ initial: '1', sm: '2' }} gap="4">
              <SelectInput
                label={t('accounts.fields.type')}
                name="type"
                value={values.type}
                error={errors.type}
                disabled={system}
                onChange={(e) => chooseType(e.target.value as AccountType)}
                options={ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`accounts.types.${type}`) }))}
              />
              <SelectInput
                label={t('accounts.fields.subtype')}
                name="subtype"
                value={values.subtype}
                error={errors.subtype}
                disabled={system}
                hint={t('accounts.form.subtypeHint')}
                onChange={set('subtype')}
                options={subtypeOptions}
              />
              <SelectInput
                label={t('accounts.fields.parent')}
                name="parent_id"
                value={values.parent_id}
                error={errors.parent_id}
                onChange={(e) => chooseParent(e.target.value)}
                options={parentOptions}
              />
              <TextInput
                label={t('accounts.fields.code')}
                name="code"
                required
                dir="ltr"
                value={values.code}
                error={errors.code}
                hint={t('accounts.form.codeHint')}
                onChange={set('code')}
              />
              <TextInput label={t('accounts.fields.name')} name="name" required value={values.name} error={errors.name} onChange={set('name')} />
              <TextInput label={t('accounts.fields.nameAr')} name="name_ar" dir="rtl" lang="ar" value={values.name_ar} error={errors.name_ar} onChange={set('name_ar')} />
            </Grid>
            <TextAreaInput label={t('accounts.fields.description')} name="description" value={values.description} error={errors.description} onChange={set('description')} />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={create.isPending || update.isPending}>
                {account ? t('common.saveChanges') : t('accounts.form.create')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
