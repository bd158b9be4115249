import { Badge, Button, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { jordanGstSetupQuery } from '@daftar/shared/schemas/taxes';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TableCaption } from '../../../components/document-lines-editor';
import { Loading, QueryError } from '../../../components/feedback';
import { FormTextInput } from '../../../components/fields';
import { applyServerErrors, useZodForm } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useJordanGst } from '../api/get-jordan-gst';
import { useSetupJordanGst } from '../api/setup-jordan-gst';
import { useTaxMessages } from './tax-messages';

/**
 * Jordan's general sales tax set (16% and the reduced rates, zero-rated, exempt) and whether the
 * organization has it; admins create what is missing in one step and record the GST number.
 */
export function JordanGstCard({ organizationId, canSetUp }: { organizationId: string; canSetUp: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const translate = useTaxMessages();
  const gst = useJordanGst(organizationId);
  const setup = useSetupJordanGst();
  const stored = gst.data?.gst_registration_number ?? '';
  // The number is optional: setting up without one leaves the recorded number as it is.
  const form = useZodForm<typeof jordanGstSetupQuery, { gst_registration_number: string }>(jordanGstSetupQuery, {
    defaultValues: { gst_registration_number: stored },
    messages: (issue) => translate(issue),
  });
  // The field shows the recorded number until someone types another.
  useEffect(() => {
    if (!form.getFieldState('gst_registration_number').isDirty) form.resetField('gst_registration_number', { defaultValue: stored });
  }, [stored, form]);

  const onSubmit = form.handleSubmit(({ gst_registration_number: typed }) => {
    setup.mutate(
      { organizationId, gstRegistrationNumber: typed || undefined },
      {
        onSuccess: (result) => {
          form.reset({ gst_registration_number: result.gst_registration_number ?? typed ?? '' });
          notify.success(result.created ? t('taxes.gst.created', { number: result.created }) : t('taxes.gst.alreadySetUp'));
        },
        // The shared handler's toast reports the failure; invalid input is also shown on its field.
        onError: (error) => void applyServerErrors(form, error, { message: (issue) => translate({ path: issue.path, code: issue.type, message: issue.msg }) }),
      },
    );
  });

  return (
    <Card size="3">
      <Flex direction="column" gap="4">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="4">
            {t('taxes.gst.title')}
          </Heading>
          {gst.data ? gst.data.is_set_up ? <Badge color="green">{t('taxes.gst.isSetUp')}</Badge> : <Badge color="amber">{t('taxes.gst.notSetUp')}</Badge> : null}
        </Flex>
        {gst.isPending ? <Loading /> : null}
        {gst.isError ? <QueryError error={gst.error} onRetry={() => void gst.refetch()} /> : null}
        {gst.data ? (
          <>
            <Text size="2" color="gray">
              {t('taxes.gst.intro', { rate: gst.data.standard_rate, months: gst.data.return_period_months })}
            </Text>
            <div className="table-scroll">
              <Table.Root size="1" variant="surface">
                <TableCaption>{t('taxes.gst.ratesCaption')}</TableCaption>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>{t('taxes.fields.name')}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell justify="end">{t('taxes.fields.rate')}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>{t('taxes.fields.jofotara')}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>{t('taxes.gst.inYourTaxes')}</Table.ColumnHeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {gst.data.rates.map((rate) => (
                    <Table.Row key={rate.code}>
                      <Table.RowHeaderCell>{language === 'ar' ? rate.name_ar : rate.name}</Table.RowHeaderCell>
                      <Table.Cell justify="end">{`${rate.rate}%`}</Table.Cell>
                      <Table.Cell>
                        <Badge color="gray" title={t(`taxes.jofotaraCategories.${rate.jofotara_category}`)}>
                          {rate.jofotara_category}
                        </Badge>
                      </Table.Cell>
                      <Table.Cell>{rate.tax_id ? <Badge color="green">{t('taxes.gst.present')}</Badge> : <Badge color="gray">{t('taxes.gst.missing')}</Badge>}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </div>
            <Text size="2" color="gray">
              {t('taxes.gst.special', { name: language === 'ar' ? gst.data.special_sales_tax.name_ar : gst.data.special_sales_tax.name })}
            </Text>
            {canSetUp ? (
              <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('taxes.gst.setUp')}>
                <Flex gap="3" align="end" wrap="wrap">
                  <FormTextInput
                    form={form}
                    name="gst_registration_number"
                    label={t('taxes.gst.registrationNumber')}
                    inputMode="numeric"
                    dir="ltr"
                    hint={t('taxes.gst.registrationHint')}
                  />
                  <Button type="submit" loading={setup.isPending}>
                    {gst.data.is_set_up ? t('taxes.gst.saveNumber') : t('taxes.gst.setUp')}
                  </Button>
                </Flex>
              </form>
            ) : (
              <Text size="2">
                {t('taxes.gst.registrationNumber')}: <Text dir="ltr">{gst.data.gst_registration_number ?? t('common.notSet')}</Text>
              </Text>
            )}
          </>
        ) : null}
      </Flex>
    </Card>
  );
}
