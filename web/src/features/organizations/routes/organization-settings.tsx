import { Flex } from '@radix-ui/themes';
import { Loading, QueryError } from '../../../components/feedback';
import { useOrganizationRole } from '../../../lib/authorization';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useOrganization } from '../api/get-organization';
import { MembershipActions } from '../components/membership-actions';
import { OrganizationProfileForm } from '../components/organization-profile-form';

export function OrganizationSettingsRoute() {
  const { organizationId } = useCurrentOrganization();
  const organization = useOrganization(organizationId);
  const role = useOrganizationRole(organizationId);
  if (organization.isPending || role.isLoading) return <Loading />;
  if (organization.isError) return <QueryError error={organization.error} onRetry={() => void organization.refetch()} />;
  return (
    <Flex direction="column" gap="5">
      <OrganizationProfileForm key={organization.data.updated_at} organization={organization.data} canEdit={role.isAdmin} />
      <MembershipActions organization={organization.data} role={role} />
    </Flex>
  );
}
