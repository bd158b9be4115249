import { Flex } from '@radix-ui/themes';
import { Loading, QueryError } from '../../../components/feedback';
import { useOrganizationRole } from '../../../lib/authorization';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useEinvoicingSettings } from '../api/get-einvoicing-settings';
import { ConnectionTest } from '../components/connection-test';
import { EinvoicingSettingsForm } from '../components/settings-form';

/** Settings → E-invoicing: everyone reads, administrators edit and test. */
export function EinvoicingSettingsRoute() {
  const { organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const settings = useEinvoicingSettings(organizationId ?? '');
  if (!organizationId || settings.isPending || role.isLoading) return <Loading />;
  if (settings.isError) return <QueryError error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <Flex direction="column" gap="5">
      <EinvoicingSettingsForm key={settings.data.version ?? 'new'} settings={settings.data} organizationId={organizationId} canEdit={role.isAdmin} />
      {role.isAdmin ? <ConnectionTest organizationId={organizationId} /> : null}
    </Flex>
  );
}
