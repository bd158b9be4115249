import { Button, Card, Flex, Grid, Text } from '@radix-ui/themes';
import { JOFOTARA_TRACKS } from '@daftar/shared/jofotara/types';
import { einvoicingSettingsUpdate, type EinvoicingSettingsPublic } from '@daftar/shared/schemas/einvoicing';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/feedback';
import { SelectInput, TextInput } from '../../../components/fields';
import { SectionHeading } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { translateValidationMessage, validateForm, type FieldErrors } from '../../../lib/validation';
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

/** A 422 from the API names its fields in `loc`; the form shows each under its input. */
function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || error.status !== 422) return {};
  const detail = (error.body as { detail?: unknown } | undefined)?.detail;
  if (!Array.isArray(detail)) return {};
  const errors: FieldErrors = {};
  for (const issue of detail as { loc?: unknown[]; msg?: string }[]) {
    const field = issue.loc?.filter((part) => part !== 'body').at(-1);
    if (typeof field === 'string' && issue.msg) errors[field] ??= translateValidationMessage(issue.msg);
  }
  return errors;
}

/**
 * The Client-Id and Secret-Key are write-only: the API says only whether they are set, so their
 * inputs start empty, an empty input keeps the stored value and a typed one replaces it.
 */
export function EinvoicingSettingsForm({ settings, organizationId, canEdit }: { settings: EinvoicingSettingsPublic; organizationId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateEinvoicingSettings();
  const [values, setValues] = useState(() => valuesOf(settings));
  const [clientId, setClientId] = useState('');
  const [secretKey, setSecretKey] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const stored = valuesOf(settings);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Only what changed is sent: the audit log then records what was really edited.
    const body: Record<string, unknown> = {};
    for (const field of TEXT_FIELDS) {
      if (values[field].trim() !== stored[field]) body[field] = values[field].trim() === '' ? null : values[field];
    }
    if (clientId) body.client_id = clientId;
    if (secretKey) body.secret_key = secretKey;
    if (Object.keys(body).length === 0) return notify.info(t('eInvoicing.settings.noChanges'));
    if (settings.version !== null) body.version = settings.version;
    const result = validateForm(einvoicingSettingsUpdate, body);
    if (!result.success) return setErrors(result.errors);
    setErrors({});
    update.mutate(
      { organizationId, data: result.data },
      {
        onSuccess: (saved) => {
          setValues(valuesOf(saved));
          setClientId('');
          setSecretKey('');
          notify.success(t('eInvoicing.settings.saved'));
        },
        onError: (error) => setErrors(serverFieldErrors(error)),
      },
    );
  };

  const credentialHint = (set: boolean, last4?: string | null) =>
    set ? (last4 ? t('eInvoicing.settings.savedEndingIn', { last4 }) : t('eInvoicing.settings.savedSecret')) : t('eInvoicing.settings.notSetYet');

  const field = (name: TextField) => ({
    name,
    value: values[name],
    error: errors[name],
    disabled: !canEdit,
    onChange: (e: { target: { value: string } }) => setValues({ ...values, [name]: e.target.value }),
  });

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
            <TextInput label={t('eInvoicing.settings.sellerTin')} inputMode="numeric" dir="ltr" hint={t('eInvoicing.settings.sellerTinHint')} {...field('seller_tin')} />
            <TextInput
              label={t('eInvoicing.settings.incomeSourceSequence')}
              inputMode="numeric"
              dir="ltr"
              hint={t('eInvoicing.settings.incomeSourceSequenceHint')}
              {...field('income_source_sequence')}
            />
            <TextInput label={t('eInvoicing.settings.registeredNameAr')} dir="rtl" lang="ar" {...field('registered_name_ar')} />
            <TextInput label={t('eInvoicing.settings.registeredNameEn')} dir="ltr" {...field('registered_name_en')} />
            <SelectInput
              label={t('eInvoicing.settings.taxpayerTrack')}
              {...field('taxpayer_track')}
              options={[{ value: '', label: t('common.notSet') }, ...JOFOTARA_TRACKS.map((track) => ({ value: track, label: t(`taxpayerTracks.${track}`) }))]}
            />
          </Grid>
          <Grid columns={{ initial: '1', sm: '2' }} gap="4">
            <TextInput
              label={t('eInvoicing.settings.clientId')}
              name="client_id"
              type="password"
              autoComplete="off"
              dir="ltr"
              value={clientId}
              error={errors.client_id}
              disabled={!canEdit}
              placeholder={settings.client_id_set ? '••••••••' : undefined}
              hint={credentialHint(settings.client_id_set, settings.client_id_last4)}
              onChange={(e) => setClientId(e.target.value)}
            />
            <TextInput
              label={t('eInvoicing.settings.secretKey')}
              name="secret_key"
              type="password"
              autoComplete="new-password"
              dir="ltr"
              value={secretKey}
              error={errors.secret_key}
              disabled={!canEdit}
              placeholder={settings.secret_key_set ? '••••••••' : undefined}
              hint={credentialHint(settings.secret_key_set)}
              onChange={(e) => setSecretKey(e.target.value)}
            />
          </Grid>
          {errors.form ? (
            <Text size="2" color="red" role="alert">
              {errors.form}
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
