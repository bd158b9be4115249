import { Box, Tabs } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useIsSuperuser } from '../../../lib/auth';
import { ApiKeyStatsPanel } from '../components/api-key-stats-panel';
import { AuditPanel } from '../components/audit-panel';
import { OrganizationsPanel } from '../components/organizations-panel';
import { UsersPanel } from '../components/users-panel';

/** Platform administration, for superusers (their status comes from the token, SPEC §6). */
export function AdminRoute() {
  const { t } = useTranslation();
  const isSuperuser = useIsSuperuser();
  return (
    <>
      <PageHeader title={t('admin.title')} description={t('admin.description')} />
      {!isSuperuser ? (
        <Notice color="amber">{t('admin.forbidden')}</Notice>
      ) : (
        <Tabs.Root defaultValue="users">
          <Tabs.List>
            <Tabs.Trigger value="users">{t('admin.tabs.users')}</Tabs.Trigger>
            <Tabs.Trigger value="organizations">{t('admin.tabs.organizations')}</Tabs.Trigger>
            <Tabs.Trigger value="audit">{t('admin.tabs.audit')}</Tabs.Trigger>
            <Tabs.Trigger value="api-keys">{t('admin.tabs.apiKeys')}</Tabs.Trigger>
          </Tabs.List>
          <Box pt="4">
            <Tabs.Content value="users">
              <UsersPanel />
            </Tabs.Content>
            <Tabs.Content value="organizations">
              <OrganizationsPanel />
            </Tabs.Content>
            <Tabs.Content value="audit">
              <AuditPanel />
            </Tabs.Content>
            <Tabs.Content value="api-keys">
              <ApiKeyStatsPanel />
            </Tabs.Content>
          </Box>
        </Tabs.Root>
      )}
    </>
  );
}
