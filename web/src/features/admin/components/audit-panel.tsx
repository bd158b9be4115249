import { Code, Table } from '@radix-ui/themes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { Pagination } from '../../../components/pagination';
import { formatDateTime } from '../../../lib/format';
import { useGlobalAuditLogs } from '../api/get-global-audit-logs';
import { useNarrate } from '../../../lib/narrative';

const PAGE_SIZE = 50;

export function AuditPanel() {
  const { t } = useTranslation();
  const narrateText = useNarrate();
  const [skip, setSkip] = useState(0);
  const logs = useGlobalAuditLogs(skip, PAGE_SIZE);
  if (logs.isPending) return <Loading />;
  if (logs.isError) return <QueryError error={logs.error} onRetry={() => void logs.refetch()} />;
  if (logs.data.data.length === 0) return <EmptyState>{t('auditLog.empty')}</EmptyState>;
  return (
    <>
      <div className="table-scroll">
        <Table.Root variant="surface" size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t('auditLog.when')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('auditLog.user')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('auditLog.action')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('auditLog.summary')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('auditLog.organization')}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {logs.data.data.map((entry) => (
              <Table.Row key={entry.id}>
                <Table.Cell style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at)}</Table.Cell>
                <Table.Cell>{entry.user_email ?? (entry.api_key_id ? t('auditLog.apiKey') : t('auditLog.system'))}</Table.Cell>
                <Table.Cell>
                  <Code variant="ghost">{entry.action}</Code>
                </Table.Cell>
                <Table.Cell>{narrateText(entry.narrative, entry.summary)}</Table.Cell>
                <Table.Cell>
                  <Code variant="ghost">{entry.organization_id ?? t('admin.platform')}</Code>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </div>
      <Pagination skip={skip} limit={PAGE_SIZE} count={logs.data.count} onChange={setSkip} />
    </>
  );
}
