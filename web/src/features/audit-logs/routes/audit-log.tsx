import { Flex, Heading, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Loading, Notice, QueryError } from '../../../components/feedback';
import { Pagination } from '../../../components/pagination';
import { membersQueryOptions, useOrganizationRole } from '../../../lib/authorization';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useAuditLogs, type AuditLogFilters as Filters } from '../api/get-audit-logs';
import { AuditLogFilters } from '../components/audit-log-filters';
import { AuditLogTable } from '../components/audit-log-table';

const PAGE_SIZE = 50;

export function AuditLogRoute() {
  const { t } = useTranslation();
  const { organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const [filters, setFilters] = useState<Filters>({});
  const [skip, setSkip] = useState(0);
  const members = useQuery({ ...membersQueryOptions(organizationId ?? ''), enabled: !!organizationId });
  const logs = useAuditLogs(organizationId ?? '', filters, skip, PAGE_SIZE);
  if (!organizationId || role.isLoading) return <Loading />;
  if (!role.isAdmin) return <Notice color="amber">{t('common.adminOnly')}</Notice>;
  const users = (members.data?.data ?? []).map((m) => ({ value: m.user_id, label: m.full_name ? `${m.full_name} (${m.email})` : m.email }));
  return (
    <Flex direction="column" gap="4">
      <div>
        <Heading as="h2" size="5">
          {t('auditLog.title')}
        </Heading>
        <Text size="2" color="gray">
          {t('auditLog.intro')}
        </Text>
      </div>
      <AuditLogFilters
        users={users}
        onApply={(next) => {
          setFilters(next);
          setSkip(0);
        }}
      />
      {logs.isPending ? <Loading /> : null}
      {logs.isError ? <QueryError error={logs.error} onRetry={() => void logs.refetch()} /> : null}
      {logs.data && logs.data.data.length === 0 ? <EmptyState>{t('auditLog.empty')}</EmptyState> : null}
      {logs.data && logs.data.data.length > 0 ? (
        <>
          <AuditLogTable entries={logs.data.data} />
          <Pagination skip={skip} limit={PAGE_SIZE} count={logs.data.count} onChange={setSkip} />
        </>
      ) : null}
    </Flex>
  );
}
