import { Button, Card, Flex, Grid, Text } from '@radix-ui/themes';
import { JOFOTARA_TRACKS } from '@daftar/shared/jofotara/types';
import { einvoicingSettingsUpdate, type EinvoicingSettingsPublic } from '@daftar/shared/schemas/einvoicing';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/feedback';
import { FormSelectInput, FormTextInput } from '../../../components/fields';
import { SectionHeading } from '../../../components/page-header';
import { applyServerErrors, issueMessages, useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useUpdateEinvoicingSettings } from '../api/update-einvoicing-settings';

const TEXT_FIELDS = ['seller_tin', 'registered_name_ar', 'registered_name_en', 'income_source_sequence', 'taxpayer_track'] as const;
type TextField = (typeof TEXT_FIELDS)[number];

const valuesOf = (settings: EinvoicingSettingsPublic): Record<TextField, string> => ({
  seller_tin: settings.seller_tin ?? '',
  registered_name_ar: settings.registered_name_ar ?? '',
  registered_name_en: settings.registered_name_en ?? '',
  income_source_sequence: settings.income_source_sequence ?? '',
  taxpayer_track: settings.taxpayer_track ?? '',
});

type Values = Record<TextField, string> & { client_id: string; secret_key: string };

const formValues = (settings: EinvoicingSettingsPublic): Values => ({ ...valuesOf(settings), client_id: '', secret_key: '' });

/** Only what changed is sent: the audit log then records what was really edited. */
function changesOf(values: Values, settings: EinvoicingSettingsPublic) {
  const stored = valuesOf(settings);
  const body: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    if (values[field].trim() !== stored[field]) body[field] = values[field].trim() === '' ? null : values[field];
  }
  if (values.client_id) body.client_id = values.client_id;
  if (values.secret_key) body.secret_key = values.secret_key;
  return body;
}

/**
 * The Client-Id and Secret-Key are write-only: the API says only whether they are set, so their
 * inputs start empty, an empty input keeps the stored value and a typed one replaces it.
 */
export function EinvoicingSettingsForm({ settings, organizationId, canEdit }: { settings: EinvoicingSettingsPublic; organizationId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateEinvoicingSettings();
  const form = useZodForm<typeof einvoicingSettingsUpdate, Values>(einvoicingSettingsUpdate, {
    defaultValues: formValues(settings),
    prepare: (values) => ({ ...changesOf(values, settings), ...(settings.version !== null ? { version: settings.version } : {}) }),
  });
  const formError = form.formState.errors.root?.message;

  const save = form.handleSubmit((data) => {
    update.mutate(
      { organizationId, data },
      {
        onSuccess: (saved) => {
          form.reset(formValues(saved));
          notify.success(t('eInvoicing.settings.saved'));
        },
        // A 422 names its fields in `loc`: each message goes under its input, any other above the button.
        onError: (error) => {
          const rest = applyServerErrors(form, error);
          if (rest?.length) form.setError('root', { type: rest[0]!.type, message: issueMessages(rest).join(' ') });
        },
      },
    );
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (Object.keys(changesOf(form.getValues(), settings)).length === 0) return notify.info(t('eInvoicing.settings.noChanges'));
    void save(event);
  };

  const credentialHint = (set: boolean, last4?: string | null) =>
    set ? (last4 ? t('eInvoicing.settings.savedEndingIn', { last4 }) : t('eInvoicing.settings.savedSecret')) : t('eInvoicing.settings.notSetYet');

  const field = (name: TextField) => ({ form, name, disabled: !canEdit });

  return (
    <Card size="3">
      <form onSubmit={onSubmit} noValidate aria-label={t('eInvoicing.settings.title')}>
        <SectionHeading>{t('eInvoicing.settings.title')}</SectionHeading>
        <Flex direction="column" gap="4">
          <Text size="2" color="gray">
            {t('eInvoicing.settings.intro')}
          </Text>
          {!canEdit ? <Notice>{t('eInvoicing.settings.readOnly')}</Notice> : null}
          {settings.is_complete ? (
            <Notice color="green">{t('eInvoicing.settings.complete')}</Notice>
          ) : (
            <Notice color="amber">
              {t('eInvoicing.settings.missing', { fields: settings.missing_fields.map((f) => t(`eInvoicing.settings.requiredFields.${f}`)).join(t('eInvoicing.settings.listSeparator')) })}
            </Notice>
          )}
          <Grid columns={{ initial: '1', sm: '2' }} gap="4">
            <FormTextInput label={t('eInvoicing.settings.sellerTin')} inputMode="numeric" dir="ltr" hint={t('eInvoicing.settings.sellerTinHint')} {...field('seller_tin')} />
            <FormTextInput
              label={t('eInvoicing.settings.incomeSourceSequence')}
              inputMode="numeric"
              dir="ltr"
              hint={t('eInvoicing.settings.incomeSourceSequenceHint')}
              {...field('income_source_sequence')}
            />
            <FormTextInput label={t('eInvoicing.settings.registeredNameAr')} dir="rtl" lang="ar" {...field('registered_name_ar')} />
            <FormTextInput label={t('eInvoicing.settings.registeredNameEn')} dir="ltr" {...field('registered_name_en')} />
            <FormSelectInput
              label={t('eInvoicing.settings.taxpayerTrack')}
              {...field('taxpayer_track')}
              options={[{ value: '', label: t('common.notSet') }, ...JOFOTARA_TRACKS.map((track) => ({ value: track, label: t(`taxpayerTracks.${track}`) }))]}
            />
          </Grid>
          <Grid columns={{ initial: '1', sm: '2' }} gap="4">
            <FormTextInput
              form={form}
              name="client_id"
              label={t('eInvoicing.settings.clientId')}
              type="password"
              autoComplete="off"
              dir="ltr"
              disabled={!canEdit}
              placeholder={settings.client_id_set ? '••••••••' : undefined}
              hint={credentialHint(settings.client_id_set, settings.client_id_last4)}
            />
            <FormTextInput
              form={form}
              name="secret_key"
              label={t('eInvoicing.settings.secretKey')}
              type="password"
              autoComplete="new-password"
              dir="ltr"
              disabled={!canEdit}
              placeholder={settings.secret_key_set ? '••••••••' : undefined}
              hint={credentialHint(settings.secret_key_set)}
            />
          </Grid>
          {formError ? (
            <Text size="2" color="red" role="alert">
              {formError}
            </Text>
          ) : null}
          {canEdit ? (
            <Flex justify="end">
              <Button type="submit" loading={update.isPending}>
                {t('common.saveChanges')}
              </Button>
            </Flex>
          ) : null}
        </Flex>
      </form>
    </Card>
  );
}
