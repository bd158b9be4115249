import { Button, Dialog, Flex } from '@radix-ui/themes';
import { invoiceSendRequest, INVOICE_MAIL_LANGUAGES } from '@daftar/shared/schemas/invoiceReturns';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorsFromIssues, errorsFromValidationDetail, type DocumentErrors } from '../../../components/document-lines-editor';
import { SelectInput, TextAreaInput, TextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { notify, notifyError } from '../../../lib/notify';
import { translateValidationMessage } from '../../../lib/validation';
import { useContact } from '../api/get-contact';
import type { Invoice } from '../api/get-invoices';
import { useSendInvoice } from '../api/send-invoice';

const emptyForm = () => ({ to: '', cc: '', message: '', language: currentLanguage() as string });

/** Copies are typed as a list: commas, semicolons or spaces between addresses. */
const addresses = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/** The first message about a field or any part of it (`cc.2` belongs to `cc`). */
const firstOf = (errors: DocumentErrors, field: string) => errors[Object.keys(errors).find((k) => k === field || k.startsWith(`${field}.`)) ?? ''];

export function SendInvoiceDialog({ organizationId, invoice }: { organizationId: string; invoice: Invoice }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(emptyForm);
  const [errors, setErrors] = useState<DocumentErrors>({});
  const customer = useContact(organizationId, open ? invoice.contact_id : null);
  const send = useSendInvoice();
  const translate = (message: string) => translateValidationMessage(message);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setValues(emptyForm());
      setErrors({});
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const cc = addresses(values.cc);
    const parsed = invoiceSendRequest.safeParse({
      to: values.to.trim() || undefined,
      cc: cc.length ? cc : undefined,
      message: values.message.trim() || undefined,
      language: values.language,
    });
    if (!parsed.success) return setErrors(errorsFromIssues(parsed.error.issues, translate));
    if (!parsed.data.to && !customer.data?.email) return setErrors({ to: t('invoices.send.toRequired') });
    setErrors({});
    send.mutate(
      { organizationId, invoiceId: invoice.id, data: parsed.data },
      {
        onSuccess: () => {
          notify.success(t('invoices.send.sent', { to: parsed.data.to ?? customer.data?.email ?? '' }));
          onOpenChange(false);
        },
        onError: (error) => {
          const fieldErrors = error instanceof ApiError && error.status === 422 ? errorsFromValidationDetail(error.body, translate) : null;
          if (fieldErrors) setErrors(fieldErrors);
          else notifyError(error);
        },
      },
    );
  };

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
        <form onSubmit={onSubmit} noValidate>
          <Flex direction="column" gap="4">
            <TextInput
              label={t('invoices.send.to')}
              name="to"
              type="email"
              value={values.to}
              placeholder={customer.data?.email ?? undefined}
              hint={customer.data?.email ? t('invoices.send.toHint', { email: customer.data.email }) : undefined}
              error={errors.to}
              onChange={(e) => setValues({ ...values, to: e.target.value })}
            />
            <TextInput
              label={t('invoices.send.cc')}
              name="cc"
              value={values.cc}
              hint={t('invoices.send.ccHint')}
              error={firstOf(errors, 'cc')}
              onChange={(e) => setValues({ ...values, cc: e.target.value })}
            />
            <TextAreaInput
              label={t('invoices.send.message')}
              name="message"
              value={values.message}
              error={errors.message}
              onChange={(e) => setValues({ ...values, message: e.target.value })}
            />
            <SelectInput
              label={t('invoices.send.language')}
              name="language"
              value={values.language}
              error={errors.language}
              onChange={(e) => setValues({ ...values, language: e.target.value })}
              options={INVOICE_MAIL_LANGUAGES.map((language) => ({ value: language, label: t(`invoices.send.languages.${language}`) }))}
            />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={send.isPending}>
                {t('invoices.send.submit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
