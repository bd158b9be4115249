import { Button, Flex, Grid } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Loading, Notice, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useUser } from '../../../lib/auth';
import { useOrganizationRole } from '../../../lib/authorization';
import { useCurrentOrganization } from '../../../lib/organizations';
import { STORAGE_KEYS, storage } from '../../../lib/storage';
import { BusinessFigures } from '../components/business-figures';
import { FirstSteps } from '../components/first-steps';
import { OrganizationOverview } from '../components/organization-overview';
import { QuickLinks } from '../components/quick-links';
import { RecentActivity } from '../components/recent-activity';
import { SetupBanner } from '../components/setup-banner';

export function DashboardRoute() {
  const { t } = useTranslation();
  const user = useUser();
  const { organization, isLoading, error } = useCurrentOrganization();
  const role = useOrganizationRole(organization?.id ?? null);
  const name = user.data?.full_name || storage.get(STORAGE_KEYS.fullName) || user.data?.email || '';
  return (
    <>
      <PageHeader title={name ? t('dashboard.welcomeName', { name }) : t('dashboard.welcome')} description={organization?.name} />
      <SetupBanner />
      {isLoading ? <Loading /> : null}
      {error ? <QueryError error={error} /> : null}
      {!isLoading && !error && !organization ? (
        <Flex direction="column" gap="3" align="start">
          <Notice>{t('dashboard.noOrganization')}</Notice>
          <Button asChild>
            <Link to="/onboarding">{t('dashboard.setUpOrganization')}</Link>
          </Button>
        </Flex>
      ) : null}
      {organization ? (
        <Flex direction="column" gap="5">
          {/* The checklist is gone once everything is done: the figures then take the whole row. It is
              the set-up of whoever runs the organization: a colleague who joined by invitation could
              follow none of its links (JoFotara, invitations and the tax details are admins' pages). */}
          <Flex gap="5" wrap="wrap" align="start">
            <BusinessFigures organizationId={organization.id} />
            {role.isAdmin ? <FirstSteps organization={organization} /> : null}
          </Flex>
          <OrganizationOverview organization={organization} role={role} />
          <Grid columns={{ initial: '1', md: role.isAdmin ? '2' : '1' }} gap="5">
            <QuickLinks isAdmin={role.isAdmin} />
            {role.isAdmin ? <RecentActivity organizationId={organization.id} /> : null}
          </Grid>
        </Flex>
      ) : null}
    </>
  );
}
