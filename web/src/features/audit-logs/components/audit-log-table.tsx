import { Code, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import type { AuditLog } from '../api/get-audit-logs';
import { useNarrate } from '../../../lib/narrative';

export function AuditLogTable({ entries, showOrganization = false }: { entries: AuditLog[]; showOrganization?: boolean }) {
  const { t } = useTranslation();
  const narrateText = useNarrate();
  return (
    <div className="table-scroll">
      <Table.Root variant="surface" size="1">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('auditLog.when')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('auditLog.user')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('auditLog.action')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('auditLog.summary')}</Table.ColumnHeaderCell>
            {showOrganization ? <Table.ColumnHeaderCell>{t('auditLog.organization')}</Table.ColumnHeaderCell> : null}
            <Table.ColumnHeaderCell>{t('auditLog.ip')}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {entries.map((entry) => (
            <Table.Row key={entry.id}>
              <Table.Cell style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at)}</Table.Cell>
              <Table.Cell>{entry.user_email ?? (entry.api_key_id ? t('auditLog.apiKey') : t('auditLog.system'))}</Table.Cell>
              <Table.Cell>
                <Code variant="ghost">{entry.action}</Code>
              </Table.Cell>
              <Table.Cell>
                {/* dir=auto: an old record's English summary keeps its quotes and full stop in place in an Arabic page. */}
                <Text size="2" dir="auto">
                  {narrateText(entry.narrative, entry.summary)}
                </Text>
              </Table.Cell>
              {showOrganization ? (
                <Table.Cell>
                  <Code variant="ghost">{entry.organization_id ?? '—'}</Code>
                </Table.Cell>
              ) : null}
              <Table.Cell>{entry.ip_address ?? '—'}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
