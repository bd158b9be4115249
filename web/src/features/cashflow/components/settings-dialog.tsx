import { PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Grid, IconButton, Text } from '@radix-ui/themes';
import { cashFlowForecastSettings, FORECAST_COMPONENTS } from '@daftar/shared/schemas/cashflow';
import { todayInZone } from '@daftar/shared/reportPeriods';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Loading, QueryError } from '../../../components/feedback';
import { FormSelectInput, FormTextInput } from '../../../components/fields';
import { useZodForm } from '../../../lib/forms';
import { useForecastSettings } from '../api/get-forecast-settings';
import type { ForecastSettings } from '../api/keys';
import { useSaveForecastSettings } from '../api/save-forecast-settings';
import { ActionDialog, CardDialog, closeAfter, currencyLabel, typedOrNull } from './form-parts';

interface AdjustmentValues {
  id: string;
  from: string;
  to: string;
  component: string;
  amount: string;
  percent: string;
  note: string;
}

export interface SettingsValues {
  alert_threshold: string;
  alert_email: string;
  adjustments: AdjustmentValues[];
}

const valuesOf = (settings: ForecastSettings): SettingsValues => ({
  alert_threshold: settings.alert_threshold ?? '',
  alert_email: settings.alert_email ?? '',
  adjustments: settings.adjustments.map((a) => ({
    id: a.id,
    from: a.from,
    to: a.to ?? '',
    component: a.component,
    amount: a.amount ?? '',
    percent: a.percent === null ? '' : String(a.percent),
    note: a.note ?? '',
  })),
});

/**
 * The body as the schema takes it: blanks are null (no threshold, the owners' e-mail, an open
 * end); a percentage is a number (a typed "abc" stays text, for the schema to refuse beside its field).
 */
export const settingsBodyOf = (values: SettingsValues) => ({
  alert_threshold: typedOrNull(values.alert_threshold),
  alert_email: typedOrNull(values.alert_email),
  adjustments: values.adjustments.map((a) => ({
    ...(a.id ? { id: a.id } : {}),
    from: a.from,
    to: typedOrNull(a.to),
    component: a.component,
    amount: typedOrNull(a.amount),
    percent: a.percent.trim() === '' ? null : Number.isFinite(Number(a.percent)) ? Number(a.percent) : a.percent,
    note: typedOrNull(a.note),
  })),
});

/** Loads the saved settings first, so the form starts from them. Mounted while open. */
export function SettingsDialog({ organizationId, currency, onClose }: { organizationId: string; currency: string; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useForecastSettings(organizationId);
  if (!settings.data)
    return (
      <CardDialog title={t('cashFlow.settings.title')} description={t('cashFlow.settings.description')} onClose={onClose}>
        {settings.isError ? <QueryError error={settings.error} onRetry={() => void settings.refetch()} /> : <Loading />}
      </CardDialog>
    );
  return <SettingsForm organizationId={organizationId} currency={currency} settings={settings.data} onClose={onClose} />;
}

function SettingsForm({ organizationId, currency, settings, onClose }: { organizationId: string; currency: string; settings: ForecastSettings; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveForecastSettings();
  const form = useZodForm<typeof cashFlowForecastSettings, SettingsValues>(cashFlowForecastSettings, { defaultValues: valuesOf(settings), prepare: settingsBodyOf });
  const adjustments = useFieldArray({ control: form.control, name: 'adjustments' });
  const onSubmit = form.handleSubmit((data) => save.mutate({ organizationId, data }, closeAfter(form, onClose, () => t('cashFlow.settings.saved'))));
  const componentOptions = FORECAST_COMPONENTS.map((c) => ({ value: c, label: t(`cashFlow.forecast.componentNames.${c}`) }));

  return (
    <ActionDialog
      title={t('cashFlow.settings.title')}
      description={t('cashFlow.settings.description')}
      maxWidth="720px"
      onClose={onClose}
      form={form}
      onSubmit={onSubmit}
      submitLabel={t('cashFlow.settings.submit')}
      busy={save.isPending}
    >
      <Grid columns={{ initial: '1', sm: '2' }} gap="4">
        <FormTextInput
          form={form}
          name="alert_threshold"
          label={t('cashFlow.settings.threshold', { currency: currencyLabel(currency) })}
          hint={t('cashFlow.settings.thresholdHint')}
          inputMode="decimal"
          dir="ltr"
          placeholder="0.000"
          autoComplete="off"
        />
        <FormTextInput form={form} name="alert_email" label={t('cashFlow.settings.email')} hint={t('cashFlow.settings.emailHint')} type="email" dir="ltr" />
      </Grid>
      <Flex direction="column" gap="3" role="group" aria-label={t('cashFlow.settings.adjustments')}>
        <Flex justify="between" align="center">
          <Text weight="medium">{t('cashFlow.settings.adjustments')}</Text>
          <Button
            type="button"
            variant="soft"
            size="1"
            onClick={() => adjustments.append({ id: '', from: todayInZone(), to: '', component: 'sales', amount: '', percent: '', note: '' })}
          >
            <PlusIcon />
            {t('cashFlow.settings.addAdjustment')}
          </Button>
        </Flex>
        {adjustments.fields.length === 0 ? (
          <Text size="2" color="gray">
            {t('cashFlow.settings.noAdjustments')}
          </Text>
        ) : null}
        {adjustments.fields.map((field, index) => (
          <Card key={field.id} role="group" aria-label={t('cashFlow.settings.adjustment', { number: index + 1 })}>
            <Flex gap="3" align="start">
              <Grid columns={{ initial: '1', sm: '3' }} gap="3" style={{ flex: 1 }}>
                <FormTextInput form={form} name={`adjustments.${index}.from`} label={t('cashFlow.settings.from')} type="date" />
                <FormTextInput form={form} name={`adjustments.${index}.to`} label={t('cashFlow.settings.to')} type="date" />
                <FormSelectInput form={form} name={`adjustments.${index}.component`} label={t('cashFlow.settings.component')} options={componentOptions} />
                <FormTextInput form={form} name={`adjustments.${index}.amount`} label={t('cashFlow.settings.amount')} inputMode="decimal" dir="ltr" placeholder="0.000" />
                <FormTextInput form={form} name={`adjustments.${index}.percent`} label={t('cashFlow.settings.percent')} inputMode="decimal" dir="ltr" placeholder="-10" />
                <FormTextInput form={form} name={`adjustments.${index}.note`} label={t('cashFlow.settings.note')} dir="auto" />
              </Grid>
              <IconButton type="button" variant="ghost" color="red" aria-label={t('cashFlow.settings.remove', { number: index + 1 })} onClick={() => adjustments.remove(index)}>
                <TrashIcon />
              </IconButton>
            </Flex>
          </Card>
        ))}
      </Flex>
    </ActionDialog>
  );
}
