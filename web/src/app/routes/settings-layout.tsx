import { TabNav } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { Loading, Notice } from '../../components/feedback';
import { PageHeader } from '../../components/page-header';
import { useOrganizationRole } from '../../lib/authorization';
import { useCurrentOrganization } from '../../lib/organizations';

const SECTIONS = [
  { path: 'organization', label: 'settings.tabs.organization', adminOnly: false },
  { path: 'members', label: 'settings.tabs.members', adminOnly: false },
  { path: 'invitations', label: 'settings.tabs.invitations', adminOnly: true },
  { path: 'api-keys', label: 'settings.tabs.apiKeys', adminOnly: true },
  { path: 'audit-log', label: 'settings.tabs.auditLog', adminOnly: true },
  { path: 'files', label: 'settings.tabs.files', adminOnly: false },
  { path: 'e-invoicing', label: 'settings.tabs.eInvoicing', adminOnly: true },
] as const;

/** Organization settings; sections an administrator alone may use are hidden from others. */
export function SettingsLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { organization, organizationId, isLoading } = useCurrentOrganization();
  const { isAdmin } = useOrganizationRole(organizationId);
  if (isLoading) return <Loading />;
  return (
    <>
      <PageHeader title={t('settings.title')} description={organization?.name} />
      {organization ? (
        <>
          <TabNav.Root aria-label={t('settings.sections')} mb="5">
            {SECTIONS.filter((s) => !s.adminOnly || isAdmin).map((section) => (
              <TabNav.Link key={section.path} asChild active={pathname.startsWith(`/settings/${section.path}`)}>
                <Link to={`/settings/${section.path}`}>{t(section.label)}</Link>
              </TabNav.Link>
            ))}
          </TabNav.Root>
          <Outlet />
        </>
      ) : (
        <Notice>{t('settings.noOrganization')}</Notice>
      )}
    </>
  );
}
