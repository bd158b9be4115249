import { Button, Card, Flex, Grid } from '@radix-ui/themes';
import { schemas } from '@daftar/shared';
import { useState, type FormEvent } from 'react';
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
import type { Organization } from '../../../lib/organizations';
import { notify } from '../../../lib/notify';
import { validateForm, type FieldErrors } from '../../../lib/validation';
import { useUpdateOrganization } from '../api/update-organization';

/** Fields a person may empty: sent as null so the stored value is cleared. */
const nullable = (value: string) => (value.trim() === '' ? null : value);

export function OrganizationProfileForm({ organization, canEdit }: { organization: Organization; canEdit: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateOrganization();
  const [profile, setProfile] = useState<ProfileValues>(() => profileFrom(organization));
  const [fiscalMonth, setFiscalMonth] = useState(organization.fiscal_year_start_month);
  const [track, setTrack] = useState(organization.taxpayer_track ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const edited: Record<string, string | number | null> = {
      name: profile.name,
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
      fiscal_year_start_month: fiscalMonth,
      taxpayer_track: nullable(track),
    };
    // Only what changed is sent, so the audit log records what was really edited.
    const changes = Object.fromEntries(
      Object.entries(edited).filter(([field, value]) => value !== (organization[field as keyof Organization] ?? null)),
    );
    if (Object.keys(changes).length === 0) return notify.info(t('organization.noChanges'));
    const body = { ...changes, version: organization.version };
    const result = validateForm(schemas.organizationUpdate, body);
    if (!result.success) return setErrors(result.errors);
    setErrors({});
    update.mutate(
      { organizationId: organization.id, data: body as typeof result.data },
      { onSuccess: () => notify.success(t('organization.saved')) },
    );
  };

  return (
    <Card size="3">
      <form onSubmit={onSubmit} noValidate>
        <SectionHeading>{t('organization.profile')}</SectionHeading>
        <Flex direction="column" gap="4">
          {!canEdit ? <Notice>{t('organization.readOnly')}</Notice> : null}
          <OrganizationProfileFields values={profile} errors={errors} onChange={setProfile} disabled={!canEdit} />
          <Grid columns={{ initial: '1', sm: '2' }} gap="4">
            <FiscalYearSelect value={fiscalMonth} onChange={setFiscalMonth} disabled={!canEdit} error={errors.fiscal_year_start_month} />
            <TaxpayerTrackSelect value={track} onChange={setTrack} disabled={!canEdit} error={errors.taxpayer_track} allowEmpty />
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
