import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Button, Callout, Checkbox, Dialog, Flex, Grid, Text } from '@radix-ui/themes';
import { posTerminalCreate, posTerminalUpdate } from '@daftar/shared/schemas/pos';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { errorStatus } from '../../../lib/api-client';
import { applyServerErrors, issueMessages, readerMessage, useZodForm } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { localName } from '../../../lib/names';
import { errorMessage, notify } from '../../../lib/notify';
import type { Location } from '../../inventory/api/keys';
import { useCreateTerminal } from '../api/create-terminal';
import type { CashAccount } from '../api/get-cash-accounts';
import type { Terminal } from '../api/keys';
import { useUpdateTerminal } from '../api/update-terminal';

export interface TerminalValues {
  name: string;
  location_id: string;
  cash_account_id: string;
  receipt_prefix: string;
  receipt_header: string;
  receipt_footer: string;
  max_cashier_discount_percent: string;
  is_active: boolean;
}

const valuesOf = (terminal: Terminal | undefined, defaultLocation: string): TerminalValues => ({
  name: terminal?.name ?? '',
  location_id: terminal?.location_id ?? defaultLocation,
  cash_account_id: terminal?.cash_account_id ?? '',
  receipt_prefix: terminal?.receipt_prefix ?? '',
  receipt_header: terminal?.receipt_header ?? '',
  receipt_footer: terminal?.receipt_footer ?? '',
  max_cashier_discount_percent: terminal ? String(terminal.max_cashier_discount_percent) : '10',
  is_active: terminal?.is_active ?? true,
});

const orNull = (text: string) => (text.trim() ? text.trim() : null);
/** A blank percent leaves the default (create) or the current limit (update); any other text is checked as a number. */
const percentOf = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

/** The request: create names the receipt prefix (it never changes afterwards); blank texts are cleared. */
export function terminalBodyOf(values: TerminalValues, creating: boolean) {
  const common = {
    name: values.name,
    location_id: values.location_id,
    cash_account_id: values.cash_account_id || null,
    receipt_header: orNull(values.receipt_header),
    receipt_footer: orNull(values.receipt_footer),
    max_cashier_discount_percent: percentOf(values.max_cashier_discount_percent),
    is_active: values.is_active,
  };
  return creating ? { ...common, receipt_prefix: values.receipt_prefix.trim() || undefined } : common;
}

interface TerminalDialogProps {
  organizationId: string;
  /** The terminal being edited; absent when adding one. */
  terminal?: Terminal;
  locations: readonly Location[];
  accounts: readonly CashAccount[];
  onClose: () => void;
}

/**
 * Add or change a till. The shared schema checks the form first (a receipt prefix of capitals and
 * digits, a discount limit between 0 and 100 %); a prefix another terminal has comes back as a 409
 * shown on the prefix. Mounted while open.
 */
export function TerminalDialog({ organizationId, terminal, locations, accounts, onClose }: TerminalDialogProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const create = useCreateTerminal();
  const update = useUpdateTerminal();
  const creating = !terminal;
  const defaultLocation = locations.find((l) => l.is_default)?.id ?? 'main';
  const form = useZodForm<typeof posTerminalCreate | typeof posTerminalUpdate, TerminalValues>(creating ? posTerminalCreate : posTerminalUpdate, {
    defaultValues: valuesOf(terminal, defaultLocation),
    prepare: (values) => terminalBodyOf(values, creating),
    // The schema's rule is English; other readers get it in their language.
    messages: (issue) => (issue.path === 'receipt_prefix' && issue.code === 'invalid_format' && language !== 'en' ? t('posSessions.terminalForm.prefixRule') : undefined),
  });
  const isActive = useWatch({ control: form.control, name: 'is_active' });
  const formError = form.formState.errors.root?.message;

  const onFailure = (error: unknown) => {
    const rest = applyServerErrors(form, error);
    if (rest) {
      if (rest.length) form.setError('root', { type: rest[0]!.type, message: issueMessages(rest).join(' ') });
      return;
    }
    const detail = readerMessage(errorMessage(error));
    // Creating, the one conflict is a receipt prefix another terminal has.
    if (errorStatus(error) === 409 && creating) return form.setError('receipt_prefix', { type: 'conflict', message: detail }, { shouldFocus: true });
    form.setError('root', { type: 'server', message: detail });
  };
  const onSaved = (saved: Terminal) => {
    notify.success(t(creating ? 'posSessions.terminalForm.created' : 'posSessions.terminalForm.saved', { name: saved.name }));
    onClose();
  };
  const onSubmit = form.handleSubmit((data) => {
    if (terminal) update.mutate({ organizationId, terminalId: terminal.id, data }, { onSuccess: onSaved, onError: onFailure });
    else create.mutate({ organizationId, data: data as typeof posTerminalCreate._zod.output }, { onSuccess: onSaved, onError: onFailure });
  });

  const locationOptions = locations.length ? locations.map((l) => ({ value: l.id, label: localName(l, language) })) : [{ value: defaultLocation, label: t('posSessions.terminalForm.mainLocation') }];
  const accountOptions = [
    { value: '', label: t('posSessions.terminalForm.defaultCashAccount') },
    ...accounts.filter((a) => a.is_active || a.id === terminal?.cash_account_id).map((a) => ({ value: a.id, label: `${a.code} · ${localName(a, language)}` })),
  ];
  const title = terminal ? t('posSessions.terminalForm.editTitle', { name: terminal.name }) : t('posSessions.terminalForm.newTitle');

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? null : onClose())}>
      <Dialog.Content maxWidth="640px">
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {t('posSessions.terminalForm.description')}
        </Dialog.Description>
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={title}>
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
              <FormTextInput form={form} name="name" label={t('posSessions.terminalForm.name')} dir="auto" required />
              {creating ? (
                <FormTextInput
                  form={form}
                  name="receipt_prefix"
                  label={t('posSessions.terminalForm.prefix')}
                  hint={t('posSessions.terminalForm.prefixHint')}
                  dir="ltr"
                  autoComplete="off"
                  maxLength={16}
                />
              ) : (
                <Flex direction="column" gap="1">
                  <Text size="2" weight="medium">
                    {t('posSessions.terminalForm.prefix')}
                  </Text>
                  <Text size="2" dir="ltr" style={{ unicodeBidi: 'isolate' }}>
                    {terminal.receipt_prefix}
                  </Text>
                  <Text size="1" color="gray">
                    {t('posSessions.terminalForm.prefixFixed')}
                  </Text>
                </Flex>
              )}
              <FormSelectInput form={form} name="location_id" label={t('posSessions.terminalForm.location')} options={locationOptions} />
              <FormSelectInput
                form={form}
                name="cash_account_id"
                label={t('posSessions.terminalForm.cashAccount')}
                hint={t('posSessions.terminalForm.cashAccountHint')}
                options={accountOptions}
              />
              <FormTextInput
                form={form}
                name="max_cashier_discount_percent"
                label={t('posSessions.terminalForm.maxDiscount')}
                hint={t('posSessions.terminalForm.maxDiscountHint')}
                inputMode="decimal"
                dir="ltr"
              />
            </Grid>
            <Grid columns={{ initial: '1', sm: '2' }} gap="4">
              <FormTextAreaInput form={form} name="receipt_header" label={t('posSessions.terminalForm.header')} dir="auto" rows={3} />
              <FormTextAreaInput form={form} name="receipt_footer" label={t('posSessions.terminalForm.footer')} dir="auto" rows={3} />
            </Grid>
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <Checkbox checked={isActive} onCheckedChange={(value) => form.setValue('is_active', value === true, { shouldDirty: true })} />
                {t('posSessions.terminalForm.active')}
              </Flex>
            </Text>
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={create.isPending || update.isPending}>
                {terminal ? t('common.saveChanges') : t('posSessions.terminalForm.create')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
