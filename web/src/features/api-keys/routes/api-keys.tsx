import { Flex, Heading, Switch, Text } from '@radix-ui/themes';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Loading, Notice, QueryError } from '../../../components/feedback';
import { useOrganizationRole } from '../../../lib/authorization';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useApiKeys } from '../api/get-api-keys';
import { ApiKeysTable } from '../components/api-keys-table';
import { CreateApiKeyDialog } from '../components/create-api-key-dialog';
import { UsagePanel } from '../components/usage-panel';

export function ApiKeysRoute() {
  const { t } = useTranslation();
  const switchId = useId();
  const { organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const [includeInactive, setIncludeInactive] = useState(false);
  const apiKeys = useApiKeys(organizationId ?? '', includeInactive);
  if (!organizationId || role.isLoading) return <Loading />;
  if (!role.isAdmin) return <Notice color="amber">{t('common.adminOnly')}</Notice>;
  return (
    <Flex direction="column" gap="5">
      <Flex direction="column" gap="4">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <div>
            <Heading as="h2" size="5">
              {t('apiKeys.title')}
            </Heading>
            <Text size="2" color="gray">
              {t('apiKeys.intro')}
            </Text>
          </div>
          <Flex gap="4" align="center">
            <Flex gap="2" align="center">
              <Switch id={switchId} checked={includeInactive} onCheckedChange={setIncludeInactive} />
              <Text as="label" htmlFor={switchId} size="2">
                {t('apiKeys.showInactive')}
              </Text>
            </Flex>
            <CreateApiKeyDialog organizationId={organizationId} />
          </Flex>
        </Flex>
        {apiKeys.isPending ? <Loading /> : null}
        {apiKeys.isError ? <QueryError error={apiKeys.error} onRetry={() => void apiKeys.refetch()} /> : null}
        {apiKeys.data && apiKeys.data.data.length === 0 ? <EmptyState>{t('apiKeys.empty')}</EmptyState> : null}
        {apiKeys.data && apiKeys.data.data.length > 0 ? <ApiKeysTable organizationId={organizationId} apiKeys={apiKeys.data.data} /> : null}
      </Flex>
      <UsagePanel organizationId={organizationId} />
    </Flex>
  );
}
