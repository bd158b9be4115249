import { Badge, Button, Code, Flex, Table } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useDeleteApiKey } from '../api/delete-api-key';
import type { ApiKey } from '../api/get-api-keys';
import { useUpdateApiKey } from '../api/update-api-key';

function KeyStatus({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslation();
  if (apiKey.is_expired) return <Badge color="red">{t('apiKeys.statuses.expired')}</Badge>;
  return apiKey.is_active ? <Badge color="green">{t('apiKeys.statuses.active')}</Badge> : <Badge color="gray">{t('apiKeys.statuses.inactive')}</Badge>;
}

export function ApiKeysTable({ organizationId, apiKeys }: { organizationId: string; apiKeys: ApiKey[] }) {
  const { t } = useTranslation();
  const update = useUpdateApiKey();
  const remove = useDeleteApiKey();
  return (
    <div className="table-scroll">
      <Table.Root variant="surface">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('apiKeys.name')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('apiKeys.prefix')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('members.role')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('apiKeys.status')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('apiKeys.lastUsed')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('apiKeys.requests')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('apiKeys.expires')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('common.actions')}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {apiKeys.map((apiKey) => (
            <Table.Row key={apiKey.id}>
              <Table.RowHeaderCell>{apiKey.name}</Table.RowHeaderCell>
              <Table.Cell>
                <Code>{apiKey.key_prefix}…</Code>
              </Table.Cell>
              <Table.Cell>{t(`roles.${apiKey.role}`)}</Table.Cell>
              <Table.Cell>
                <KeyStatus apiKey={apiKey} />
              </Table.Cell>
              <Table.Cell>{apiKey.last_used_at ? formatDateTime(apiKey.last_used_at) : t('apiKeys.neverUsed')}</Table.Cell>
              <Table.Cell>{formatNumber(apiKey.usage_count)}</Table.Cell>
              <Table.Cell>{apiKey.expires_at ? formatDate(apiKey.expires_at) : t('apiKeys.never')}</Table.Cell>
              <Table.Cell>
                <Flex gap="2">
                  {!apiKey.is_expired ? (
                    <Button
                      size="1"
                      variant="soft"
                      aria-label={t(apiKey.is_active ? 'apiKeys.deactivateFor' : 'apiKeys.activateFor', { name: apiKey.name })}
                      loading={update.isPending && update.variables?.apiKeyId === apiKey.id}
                      onClick={() =>
                        update.mutate(
                          { organizationId, apiKeyId: apiKey.id, data: { is_active: !apiKey.is_active } },
                          { onSuccess: (key) => notify.success(t(key.is_active ? 'apiKeys.activated' : 'apiKeys.deactivated', { name: key.name })) },
                        )
                      }
                    >
                      {apiKey.is_active ? t('apiKeys.deactivate') : t('apiKeys.activate')}
                    </Button>
                  ) : null}
                  <ConfirmDialog
                    trigger={
                      <Button size="1" variant="soft" color="red" aria-label={t('apiKeys.deleteFor', { name: apiKey.name })}>
                        {t('common.delete')}
                      </Button>
                    }
                    title={t('apiKeys.deleteFor', { name: apiKey.name })}
                    description={t('apiKeys.deleteDescription')}
                    confirmLabel={t('common.delete')}
                    pending={remove.isPending}
                    onConfirm={() =>
                      remove.mutate({ organizationId, apiKeyId: apiKey.id }, { onSuccess: () => notify.success(t('apiKeys.deleted', { name: apiKey.name })) })
                    }
                  />
                </Flex>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
