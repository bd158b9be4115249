import { Button, Card, Flex, Grid, Separator } from '@radix-ui/themes';
import { schemas } from '@daftar/shared';
import { DEFAULT_SCALE_BARCODES } from '@daftar/shared/barcodes';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/feedback';
import {
  FiscalYearSelect,
  OrganizationProfileFields,
  TaxpayerTrackSelect,
  profileFrom,
  type ProfileValues,
} from '../../../components/organization-profile-fields';
import { SectionHeading } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors, useZodForm } from '../../../lib/forms';
import type { Organization } from '../../../lib/organizations';
import { notify } from '../../../lib/notify';
import { useUpdateOrganization } from '../api/update-organization';
import { NegativeStockSwitch, ReceiptlessReturnsSelect, ScaleLabelsFields, ValuationMethodField, type ScalePrefixValues } from './inventory-settings-fields';

/** Fields a person may empty: sent as null so the stored value is cleared. */
const nullable = (value: string) => (value.trim() === '' ? null : value);

type Values = ProfileValues & {
  fiscal_year_start_month: number;
  taxpayer_track: string;
  inventory_valuation_method: Organization['inventory_valuation_method'];
  allow_negative_stock: boolean;
  pos_receiptless_returns: Organization['pos_receiptless_returns'];
  scale_barcodes: { prefixes: ScalePrefixValues[]; item_digits: number };
};

/** The layout as typed (prefixes trimmed), sent only when it differs from the stored one. */
const scaleLayoutOf = (values: Values['scale_barcodes'] | undefined) => {
  const layout = values ?? DEFAULT_SCALE_BARCODES;
  return { prefixes: layout.prefixes.map((p) => ({ prefix: p.prefix.trim(), value: p.value })), item_digits: Number(layout.item_digits) };
};

/** Only what changed is sent, so the audit log records what was really edited. */
function changesOf(profile: Values, organization: Organization) {
  const edited: Record<string, unknown> = {
    name: profile.name,
    name_ar: nullable(profile.name_ar),
    legal_name: nullable(profile.legal_name),
    tax_number: nullable(profile.tax_number),
    income_source_sequence: nullable(profile.income_source_sequence),
    commercial_registration: nullable(profile.commercial_registration),
    governorate: nullable(profile.governorate),
    city: nullable(profile.city),
    address: nullable(profile.address),
    postal_code: nullable(profile.postal_code),
    phone: nullable(profile.phone),
    email: nullable(profile.email),
    base_currency: profile.base_currency,
    fiscal_year_start_month: profile.fiscal_year_start_month,
    taxpayer_track: nullable(profile.taxpayer_track),
    inventory_valuation_method: profile.inventory_valuation_method,
    allow_negative_stock: profile.allow_negative_stock,
    pos_receiptless_returns: profile.pos_receiptless_returns,
  };
  const changed = Object.entries(edited).filter(([field, value]) => value !== (organization[field as keyof Organization] ?? null));
  const layout = scaleLayoutOf(profile.scale_barcodes);
  if (JSON.stringify(layout) !== JSON.stringify(scaleLayoutOf(organization.scale_barcodes))) changed.push(['scale_barcodes', layout]);
  return Object.fromEntries(changed);
}

export function OrganizationProfileForm({ organization, canEdit }: { organization: Organization; canEdit: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateOrganization();
  const bodyOf = (values: Values) => ({ ...changesOf(values, organization), version: organization.version });
  const form = useZodForm<typeof schemas.organizationUpdate, Values>(schemas.organizationUpdate, {
    defaultValues: {
      ...profileFrom(organization),
      fiscal_year_start_month: organization.fiscal_year_start_month,
      taxpayer_track: organization.taxpayer_track ?? '',
      inventory_valuation_method: organization.inventory_valuation_method,
      allow_negative_stock: organization.allow_negative_stock,
      pos_receiptless_returns: organization.pos_receiptless_returns ?? 'admins',
      scale_barcodes: scaleLayoutOf(organization.scale_barcodes),
    },
    prepare: bodyOf,
  });

  const save = form.handleSubmit(() => {
    const body = bodyOf(form.getValues());
    update.mutate(
      { organizationId: organization.id, data: body as Parameters<typeof update.mutate>[0]['data'] },
      // The shared handler's toast reports the failure; invalid input is also shown on its field.
      {
        onSuccess: () => notify.success(t('organization.saved')),
        onError: (error) => {
          // The method is refused (409) once stock has moved: the server's reason goes under the choice.
          if (error instanceof ApiError && error.status === 409 && 'inventory_valuation_method' in body && error.detail) {
            form.setError('inventory_valuation_method', { type: 'server', message: error.detail }, { shouldFocus: true });
          }
          void applyServerErrors(form, error);
        },
      },
    );
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (Object.keys(changesOf(form.getValues(), organization)).length === 0) return notify.info(t('organization.noChanges'));
    void save(event);
  };

  return (
    <Card size="3">
      <form onSubmit={onSubmit} noValidate>
        <SectionHeading>{t('organization.profile')}</SectionHeading>
        <Flex direction="column" gap="4">
          {!canEdit ? <Notice>{t('organization.readOnly')}</Notice> : null}
          <OrganizationProfileFields form={form} disabled={!canEdit} />
          <Grid columns={{ initial: '1', sm: '2' }} gap="4">
            <FiscalYearSelect form={form} disabled={!canEdit} />
            <TaxpayerTrackSelect form={form} disabled={!canEdit} allowEmpty />
          </Grid>
          <Separator size="4" />
          <SectionHeading>{t('organizations.inventory.title')}</SectionHeading>
          <ValuationMethodField form={form} disabled={!canEdit} />
          <NegativeStockSwitch form={form} disabled={!canEdit} />
          <ReceiptlessReturnsSelect form={form} disabled={!canEdit} />
          <ScaleLabelsFields form={form} disabled={!canEdit} />
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
