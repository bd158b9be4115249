import { Button, Card, Flex, Grid } from '@radix-ui/themes';
import { schemas } from '@daftar/shared';
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
import { applyServerErrors, useZodForm } from '../../../lib/forms';
import type { Organization } from '../../../lib/organizations';
import { notify } from '../../../lib/notify';
import { useUpdateOrganization } from '../api/update-organization';

/** Fields a person may empty: sent as null so the stored value is cleared. */
const nullable = (value: string) => (value.trim() === '' ? null : value);

type Values = ProfileValues & { fiscal_year_start_month: number; taxpayer_track: string };

/** Only what changed is sent, so the audit log records what was really edited. */
function changesOf(profile: Values, organization: Organization) {
  const edited: Record<string, string | number | null> = {
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
  };
  return Object.fromEntries(Object.entries(edited).filter(([field, value]) => value !== (organization[field as keyof Organization] ?? null)));
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
    },
    prepare: bodyOf,
  });

  const save = form.handleSubmit(() => {
    const body = bodyOf(form.getValues());
    update.mutate(
      { organizationId: organization.id, data: body as Parameters<typeof update.mutate>[0]['data'] },
      // The shared handler's toast reports the failure; invalid input is also shown on its field.
      { onSuccess: () => notify.success(t('organization.saved')), onError: (error) => void applyServerErrors(form, error) },
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
