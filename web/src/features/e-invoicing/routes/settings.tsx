import { Flex } from '@radix-ui/themes';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Loading, QueryError } from '../../../components/feedback';
import { useOrganizationRole } from '../../../lib/authorization';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useEinvoicingSettings } from '../api/get-einvoicing-settings';
import { ConnectionTest } from '../components/connection-test';
import { LocalSimulatorCard } from '../components/local-simulator-card';
import { EinvoicingSettingsForm } from '../components/settings-form';

/** The input a `#field` link (a `missing_fields` code) points at; the registered name is two inputs, Arabic first. */
const INPUT_OF: Record<string, string> = { registered_name: 'registered_name_ar' };

/**
 * `/settings/e-invoicing#client_id` (the e-invoice page's "what is missing" links, the home page's
 * checklist) brings the field into view and puts the cursor in it once the form is there.
 */
function useFocusFieldFromHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    const code = decodeURIComponent(hash.replace(/^#/, ''));
    if (!ready || !/^[a-z_]+$/.test(code)) return;
    const input = document.querySelector<HTMLElement>(`[name="${INPUT_OF[code] ?? code}"]`) ?? document.getElementById(code);
    if (!input) return;
    input.scrollIntoView?.({ block: 'center' });
    input.focus({ preventScroll: true });
  }, [hash, ready]);
}

/** Settings → E-invoicing: everyone reads, administrators edit and test. */
export function EinvoicingSettingsRoute() {
  const { organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const settings = useEinvoicingSettings(organizationId ?? '');
  useFocusFieldFromHash(!!organizationId && settings.isSuccess && !role.isLoading);
  if (!organizationId || settings.isPending || role.isLoading) return <Loading />;
  if (settings.isError) return <QueryError error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <Flex direction="column" gap="5">
      <LocalSimulatorCard organizationId={organizationId} />
      <EinvoicingSettingsForm key={settings.data.version ?? 'new'} settings={settings.data} organizationId={organizationId} canEdit={role.isAdmin} />
      {role.isAdmin ? <ConnectionTest organizationId={organizationId} /> : null}
    </Flex>
  );
}
