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
import { useMemo, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextAreaInput, FormTextInput, SelectInput } from '../../../components/fields';
import { errorStatus } from '../../../lib/api-client';
import { applyServerErrors, fieldError, issueMessages, useZodForm } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { errorMessage, notify, notifyError } from '../../../lib/notify';
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

/** A new account as the POST body wants it. */
const createBody = (values: Values) => ({
  type: values.type,
  parent_id: values.parent_id || null,
  subtype: values.subtype || null,
  code: values.code,
  name: values.name,
  name_ar: orNull(values.name_ar),
  description: orNull(values.description),
});

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
  const parentContext = (values: Values) => ({ parent: accounts.find((a) => a.id === values.parent_id), type: values.type });
  const form = useZodForm<typeof accountCreate | typeof accountUpdate, Values>(account ? accountUpdate : accountCreate, {
    defaultValues: valuesOf(account, parent),
    prepare: (values) => (account ? { ...changes(account, values), version: account.version } : createBody(values)),
    messages: (issue, values) => translate(issue, parentContext(values)),
  });
  const values = useWatch({ control: form.control }) as Values;
  const formError = form.formState.errors.root?.message;
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

  const chooseType = (type: AccountType) => {
    const v = form.getValues();
    form.setValue('type', type);
    form.setValue('parent_id', accounts.find((a) => a.id === v.parent_id)?.type === type ? v.parent_id : '');
    form.setValue('subtype', (ACCOUNT_SUBTYPES[type] as readonly string[]).includes(v.subtype) ? v.subtype : account ? ACCOUNT_SUBTYPES[type][0] : '');
  };
  // A sub-account has its parent's type.
  const chooseParent = (parentId: string) => {
    const chosen = accounts.find((a) => a.id === parentId);
    if (chosen && chosen.type !== form.getValues('type')) chooseType(chosen.type);
    form.setValue('parent_id', parentId);
  };

  const onFailure = (error: unknown) => {
    // A 422 names its fields in `loc`; what no field shows is said above the fields.
    const rest = applyServerErrors(form, error, {
      message: (issue) => translate({ path: issue.path, code: issue.type, message: issue.msg }, parentContext(form.getValues())),
    });
    if (rest) {
      if (rest.length) form.setError('root', { type: rest[0]!.type, message: issueMessages(rest).join(' ') });
      return;
    }
    if (errorStatus(error) === 409) {
      // Creating, the one conflict is another account with this code; changing, it is that (when
      // the code was changed) or a refusal the server's text explains (a change made meanwhile, postings…).
      if (!account || form.getValues('code').trim() !== account.code) {
        return form.setError('code', { type: 'conflict', message: t('accounts.errors.duplicateCode') }, { shouldFocus: true });
      }
      return form.setError('root', { type: 'conflict', message: errorMessage(error) });
    }
    notifyError(error);
  };

  const save = form.handleSubmit((data) => {
    if (account) {
      update.mutate(
        { organizationId, accountId: account.id, data: data as typeof accountUpdate._zod.output },
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
    create.mutate(
      { organizationId, data: data as typeof accountCreate._zod.output },
      {
        onSuccess: (created) => {
          notify.success(t('accounts.form.created', { code: created.code }));
          onOpenChange(false);
        },
        onError: onFailure,
      },
    );
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (account && Object.keys(changes(account, form.getValues())).length === 0) {
      notify.info(t('accounts.form.noChanges'));
      return onOpenChange(false);
    }
    void save(event);
  };

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
            {formError ? (
              <Callout.Root color="red" role="alert">
                <Callout.Icon>
                  <ExclamationTriangleIcon />
                </Callout.Icon>
                <Callout.Text>{formError}</Callout.Text>
              </Callout.Root>
            ) : null}
            <Grid columns={{ initial: '1', sm: '2' }} gap="4">
              {/* Controlled: each choice may change the others (and the options they offer). */}
              <SelectInput
                label={t('accounts.fields.type')}
                name="type"
                value={values.type}
                error={fieldError(form, 'type')}
                disabled={system}
                onChange={(e) => chooseType(e.target.value as AccountType)}
                options={ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`accounts.types.${type}`) }))}
              />
              <SelectInput
                label={t('accounts.fields.subtype')}
                name="subtype"
                value={values.subtype}
                error={fieldError(form, 'subtype')}
                disabled={system}
                hint={t('accounts.form.subtypeHint')}
                onChange={(e) => form.setValue('subtype', e.target.value)}
                options={subtypeOptions}
              />
              <SelectInput
                label={t('accounts.fields.parent')}
                name="parent_id"
                value={values.parent_id}
                error={fieldError(form, 'parent_id')}
                onChange={(e) => chooseParent(e.target.value)}
                options={parentOptions}
              />
              <FormTextInput form={form} name="code" label={t('accounts.fields.code')} required dir="ltr" hint={t('accounts.form.codeHint')} />
              <FormTextInput form={form} name="name" label={t('accounts.fields.name')} required />
              <FormTextInput form={form} name="name_ar" label={t('accounts.fields.nameAr')} dir="rtl" lang="ar" />
            </Grid>
            <FormTextAreaInput form={form} name="description" label={t('accounts.fields.description')} />
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
