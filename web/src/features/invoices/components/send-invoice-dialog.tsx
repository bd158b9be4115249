import { Button, Dialog, Flex } from '@radix-ui/themes';
import { invoiceSendRequest, INVOICE_MAIL_LANGUAGES } from '@daftar/shared/schemas/invoiceReturns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextAreaInput, FormTextInput, TextInput } from '../../../components/fields';
import { reportFormFailure } from '../../../lib/form-failure';
import { payloadSchema } from '../../../lib/form-schema';
import { firstErrorOf, flattenErrors, useZodForm } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useContact } from '../api/get-contact';
import type { Invoice } from '../api/get-invoices';
import { useSendInvoice } from '../api/send-invoice';

interface Values {
  to: string;
  /** Copies are typed as a list: commas, semicolons or spaces between addresses. */
  cc: string;
  message: string;
  language: string;
}

const emptyForm = (): Values => ({ to: '', cc: '', message: '', language: currentLanguage() });

const addresses = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/** The request as `invoiceSendRequest` takes it: what was left empty is not sent. */
const schema = payloadSchema(invoiceSendRequest, (values: Values) => {
  const cc = addresses(values.cc);
  return { to: values.to.trim() || undefined, cc: cc.length ? cc : undefined, message: values.message.trim() || undefined, language: values.language as 'en' | 'ar' };
});

export function SendInvoiceDialog({ organizationId, invoice }: { organizationId: string; invoice: Invoice }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const form = useZodForm(schema, { defaultValues: emptyForm() });
  const customer = useContact(organizationId, open ? invoice.contact_id : null);
  const send = useSendInvoice();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) form.reset(emptyForm());
  };

  const onSubmit = form.handleSubmit(async (data) => {
    if (!data.to && !customer.data?.email) {
      form.setError('to', { type: 'custom', message: t('invoices.send.toRequired') });
      return;
    }
    try {
      await send.mutateAsync({ organizationId, invoiceId: invoice.id, data });
    } catch (error) {
      return reportFormFailure(form, error);
    }
    notify.success(t('invoices.send.sent', { to: data.to ?? customer.data?.email ?? '' }));
    onOpenChange(false);
  });
  // A copy's message (`cc.2`) belongs to the copies field.
  const ccError = firstErrorOf(flattenErrors(form.formState.errors), 'cc');

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger>
        <Button variant="soft">{t('invoices.send.open')}</Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>{t('invoices.send.title', { number: invoice.number ?? '' })}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {t('invoices.send.description')}
        </Dialog.Description>
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Flex direction="column" gap="4">
            <FormTextInput
              form={form}
              name="to"
              label={t('invoices.send.to')}
              type="email"
              placeholder={customer.data?.email ?? undefined}
              hint={customer.data?.email ? t('invoices.send.toHint', { email: customer.data.email }) : undefined}
            />
            <TextInput label={t('invoices.send.cc')} {...form.register('cc')} hint={t('invoices.send.ccHint')} error={ccError} />
            <FormTextAreaInput form={form} name="message" label={t('invoices.send.message')} />
            <FormSelectInput
              form={form}
              name="language"
              label={t('invoices.send.language')}
              options={INVOICE_MAIL_LANGUAGES.map((language) => ({ value: language, label: t(`invoices.send.languages.${language}`) }))}
            />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={form.formState.isSubmitting || send.isPending}>
                {t('invoices.send.submit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
