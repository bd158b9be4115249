import { Badge, Card, DataList, Grid, Heading, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Loading, QueryError } from '../../../components/feedback';
import type { RoleFlags } from '../../../lib/authorization';
import { formatDate, formatNumber, monthName } from '../../../lib/format';
import type { Organization } from '../../../lib/organizations';
import { useOrganizationStats } from '../api/get-organization-stats';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card>
      <Text as="div" size="1" color="gray">
        {label}
      </Text>
      <Text as="div" size="6" weight="bold">
        {value}
      </Text>
    </Card>
  );
}

export function OrganizationOverview({ organization, role }: { organization: Organization; role: RoleFlags }) {
  const { t } = useTranslation();
  const stats = useOrganizationStats(organization.id);
  return (
    <Grid columns={{ initial: '1', md: '3fr 2fr' }} gap="5" align="start">
      <Card size="3">
        <Heading as="h2" size="4" mb="3">
          {t('dashboard.organization')}
        </Heading>
        <DataList.Root>
          <DataList.Item>
            <DataList.Label>{t('organization.fields.name')}</DataList.Label>
            <DataList.Value>{organization.legal_name || organization.name}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t('organization.yourRole')}</DataList.Label>
            <DataList.Value>
              <Badge>{role.role ? t(`roles.${role.role}`) : t('roles.none')}</Badge>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t('organization.fields.tax_number')}</DataList.Label>
            <DataList.Value>{organization.tax_number ?? t('common.notSet')}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t('organization.fields.taxpayer_track')}</DataList.Label>
            <DataList.Value>{organization.taxpayer_track ? t(`taxpayerTracks.${organization.taxpayer_track}`) : t('common.notSet')}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t('organization.fields.base_currency')}</DataList.Label>
            <DataList.Value>
              {t(`currencies.${organization.base_currency}`, { defaultValue: organization.base_currency })}
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t('organization.fields.fiscal_year_start_month')}</DataList.Label>
            <DataList.Value>{monthName(organization.fiscal_year_start_month)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t('dashboard.since')}</DataList.Label>
            <DataList.Value>{formatDate(organization.created_at)}</DataList.Value>
          </DataList.Item>
        </DataList.Root>
      </Card>
      <Grid columns="2" gap="3" align="start">
        {stats.isPending ? <Loading /> : null}
        {stats.isError ? <QueryError error={stats.error} /> : null}
        {stats.data ? (
          <>
            <Figure label={t('dashboard.members')} value={formatNumber(stats.data.member_count)} />
            <Figure label={t('dashboard.pendingInvitations')} value={formatNumber(stats.data.pending_invitations)} />
            <Figure label={t('dashboard.admins')} value={formatNumber((stats.data.members_by_role.owner ?? 0) + (stats.data.members_by_role.admin ?? 0))} />
            <Figure label={t('dashboard.age')} value={t('dashboard.days', { count: stats.data.age_days, formatted: formatNumber(stats.data.age_days) })} />
          </>
        ) : null}
      </Grid>
    </Grid>
  );
}
