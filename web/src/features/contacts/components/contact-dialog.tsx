import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Button, Callout, Checkbox, Dialog, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { CURRENCY_CODES } from '@daftar/shared/money';
import { BUYER_ID_SCHEMES, CONTACT_TYPES, contactCreate, contactUpdate, type ContactType } from '@daftar/shared/schemas/contacts';
import { GOVERNORATES } from '@daftar/shared/schemas/organizations';
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { errorStatus } from '../../../lib/api-client';
import { applyServerErrors, issueMessages, useZodForm } from '../../../lib/forms';
import { useDisplayName } from '../../../lib/names';
import { errorMessage, notify, notifyError } from '../../../lib/notify';
import { useCreateContact } from '../api/create-contact';
import type { Contact } from '../api/get-contacts';
import { useUpdateContact } from '../api/update-contact';
import { useContactMessages } from './contact-messages';

const TEXT_FIELDS = [
  'name', 'name_ar', 'email', 'phone', 'tax_number', 'national_id', 'personal_number', 'buyer_id_scheme',
  'governorate', 'city', 'address', 'postal_code', 'payment_terms_days', 'credit_limit', 'currency', 'notes',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type Values = Record<TextField, string> & { contact_type: ContactType; is_active: boolean };

const valuesOf = (contact: Contact | undefined, contactType: ContactType): Values => ({
  ...(Object.fromEntries(TEXT_FIELDS.map((field) => [field, contact?.[field] == null ? '' : String(contact[field])])) as Record<TextField, string>),
  contact_type: contact?.contact_type ?? contactType,
  is_active: contact?.is_active ?? true,
});

/** Whole days as the API takes them; anything else is left for the schema to refuse. */
const days = (text: string): number | string | null => (text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : text);

/** The request's fields, as both create and update take them (the schema reads blanks as none). */
const requestOf = (values: Values) => ({
  ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, values[field]])),
  contact_type: values.contact_type,
  payment_terms_days: days(values.payment_terms_days),
  is_active: values.is_active,
});

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Flex direction="column" gap="3" asChild>
      <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <Heading as="h3" size="3" asChild>
          <legend>{title}</legend>
        </Heading>
        {children}
      </fieldset>
    </Flex>
  );
}

interface ContactDialogProps {
  organizationId: string;
  baseCurrency: string;
  /** The contact being edited; absent when adding one. */
  contact?: Contact;
  /** A new contact's type: the list it is added from. */
  contactType?: ContactType;
  onClose: () => void;
  onSaved?: (contact: Contact) => void;
}

/**
 * Add or change a customer or supplier, with the identifiers JoFotara needs for a buyer: tax number
 * (TN), national number (NIN) or a foreigner's document number (PN). The shared schema checks the
 * form; blank fields are sent as none. Mounted while open.
 */
export function ContactDialog({ organizationId, baseCurrency, contact, contactType = 'customer', onClose, onSaved }: ContactDialogProps) {
  const { t } = useTranslation();
  const displayName = useDisplayName();
  const translate = useContactMessages();
  const create = useCreateContact();
  const update = useUpdateContact();
  const form = useZodForm<typeof contactCreate | typeof contactUpdate, Values>(contact ? contactUpdate : contactCreate, {
    defaultValues: valuesOf(contact, contactType),
    prepare: (values) => (contact ? { ...requestOf(values), version: contact.version } : requestOf(values)),
    messages: (issue) => translate(issue),
  });
  const isActive = useWatch({ control: form.control, name: 'is_active' });
  const formError = form.formState.errors.root?.message;

  const onFailure = (error: unknown) => {
    // A 422 names its fields in `loc`; what no field shows is said above the fields.
    const rest = applyServerErrors(form, error, { message: (issue) => translate({ path: issue.path, code: issue.type, message: issue.msg }) });
    if (rest) {
      if (rest.length) form.setError('root', { type: rest[0]!.type, message: issueMessages(rest).join(' ') });
      return;
    }
    if (errorStatus(error) === 409) {
      // Creating, the one conflict is another contact with this tax number; changing, it is that
      // (when the number was changed) or a change someone else saved meanwhile, which the server's text explains.
      const taxNumberChanged = !contact || form.getValues('tax_number').trim() !== (contact.tax_number ?? '');
      if (taxNumberChanged && form.getValues('tax_number').trim()) {
        return form.setError('tax_number', { type: 'conflict', message: t('contacts.errors.duplicateTaxNumber') }, { shouldFocus: true });
      }
      return form.setError('root', { type: 'conflict', message: errorMessage(error) });
    }
    notifyError(error);
  };
  const done = (saved: Contact) => {
    notify.success(t(contact ? 'contacts.form.saved' : 'contacts.form.created', { name: displayName(saved.name, saved.name_ar) }));
    onSaved?.(saved);
    onClose();
  };

  const onSubmit = form.handleSubmit((data) => {
    if (contact) update.mutate({ organizationId, contactId: contact.id, data: data as typeof contactUpdate._zod.output }, { onSuccess: done, onError: onFailure });
    else create.mutate({ organizationId, data: data as typeof contactCreate._zod.output }, { onSuccess: done, onError: onFailure });
  });

  const title = contact ? t('contacts.form.editTitle', { name: displayName(contact.name, contact.name_ar) }) : t(`contacts.form.newTitle.${contactType}`);
  const input = (field: TextField, props: Omit<Partial<Parameters<typeof FormTextInput<Values>>[0]>, 'form' | 'name'> = {}) => (
    <FormTextInput form={form} name={field} label={t(`contacts.fields.${field}`)} {...props} />
  );

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? null : onClose())}>
      <Dialog.Content maxWidth="720px">
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {t('contacts.form.description')}
        </Dialog.Description>
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={title}>
          <Flex direction="column" gap="5">
            {formError ? (
              <Callout.Root color="red" role="alert">
                <Callout.Icon>
                  <ExclamationTriangleIcon />
                </Callout.Icon>
                <Callout.Text>{formError}</Callout.Text>
              </Callout.Root>
            ) : null}
            <Section title={t('contacts.form.identity')}>
              <Grid columns={{ initial: '1', sm: '3' }} gap="3">
                <FormSelectInput
                  form={form}
                  name="contact_type"
                  label={t('contacts.fields.contact_type')}
                  options={CONTACT_TYPES.map((type) => ({ value: type, label: t(`contacts.types.${type}`) }))}
                />
                {input('name', { required: true })}
                {input('name_ar', { dir: 'rtl', lang: 'ar' })}
              </Grid>
            </Section>
            <Section title={t('contacts.form.identifiers')}>
              <Text size="2" color="gray">
                {t('contacts.form.identifiersHint')}
              </Text>
              <Grid columns={{ initial: '1', sm: '2' }} gap="3">
                {input('tax_number', { dir: 'ltr', inputMode: 'numeric', hint: t('contacts.hints.tax_number') })}
                {input('national_id', { dir: 'ltr', inputMode: 'numeric', hint: t('contacts.hints.national_id') })}
                {input('personal_number', { dir: 'ltr', hint: t('contacts.hints.personal_number') })}
                <FormSelectInput
                  form={form}
                  name="buyer_id_scheme"
                  label={t('contacts.fields.buyer_id_scheme')}
                  hint={t('contacts.hints.buyer_id_scheme')}
                  options={[{ value: '', label: t('contacts.schemes.auto') }, ...BUYER_ID_SCHEMES.map((scheme) => ({ value: scheme, label: t(`contacts.schemes.${scheme}`) }))]}
                />
              </Grid>
            </Section>
            <Section title={t('contacts.form.reach')}>
              <Grid columns={{ initial: '1', sm: '2' }} gap="3">
                {input('email', { type: 'email', dir: 'ltr' })}
                {input('phone', { type: 'tel', dir: 'ltr', hint: t('contacts.hints.phone') })}
                <FormSelectInput
                  form={form}
                  name="governorate"
                  label={t('contacts.fields.governorate')}
                  options={[{ value: '', label: t('common.notSet') }, ...GOVERNORATES.map((g) => ({ value: g, label: t(`governorates.${g}`) }))]}
                />
                {input('city')}
                {input('address')}
                {input('postal_code', { dir: 'ltr', inputMode: 'numeric' })}
              </Grid>
            </Section>
            <Section title={t('contacts.form.terms')}>
              <Grid columns={{ initial: '1', sm: '3' }} gap="3">
                {input('payment_terms_days', { inputMode: 'numeric', dir: 'ltr', hint: t('contacts.hints.payment_terms_days') })}
                {input('credit_limit', { inputMode: 'decimal', dir: 'ltr', hint: t('contacts.hints.credit_limit') })}
                <FormSelectInput
                  form={form}
                  name="currency"
                  label={t('contacts.fields.currency')}
                  options={[{ value: '', label: t('contacts.form.baseCurrency', { currency: baseCurrency }) }, ...CURRENCY_CODES.map((code) => ({ value: code, label: code }))]}
                />
              </Grid>
              <FormTextAreaInput form={form} name="notes" label={t('contacts.fields.notes')} />
              {contact ? (
                <Text as="label" size="2">
                  <Flex gap="2" align="center">
                    <Checkbox checked={isActive} onCheckedChange={(checked) => form.setValue('is_active', checked === true)} />
                    {t('contacts.form.isActive')}
                  </Flex>
                </Text>
              ) : null}
            </Section>
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={create.isPending || update.isPending}>
                {contact ? t('common.saveChanges') : t('contacts.form.create')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
