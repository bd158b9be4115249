import { Button, Flex } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { formatDateTime } from '../../../lib/format';
import { useCurrentOrganization } from '../../../lib/organizations';
import { sessionQueryOptions, useSession } from '../api/get-session';
import type { Session } from '../api/keys';
import { CloseSessionForm } from '../components/close-session-form';
import { terminalSessionsPath } from '../components/paths';
import { SessionStatusBadge, ShiftReport } from '../components/shift-report';

/**
 * One shift: its X report while open, with the count that closes it; once closed, its Z report
 * (the same figures with what was counted and the differences).
 */
export function SessionRoute() {
  const { t } = useTranslation();
  const { sessionId = '' } = useParams();
  const [params] = useSearchParams();
  const terminalId = params.get('terminal_id') || undefined;
  const queryClient = useQueryClient();
  const { organization, organizationId } = useCurrentOrganization();
  const org = organizationId ?? '';
  const role = useOrganizationRole(organizationId);
  const session = useSession(org, sessionId, terminalId, !!organizationId);

  if (!organizationId || session.isPending) return <Loading />;
  if (session.isError) return <QueryError error={session.error} onRetry={() => void session.refetch()} />;
  const back = (
    <Button asChild variant="soft" color="gray">
      <Link to={terminalId ? terminalSessionsPath(terminalId) : '/pos/sessions'}>
        {t('posSessions.session.back')}
      </Link>
    </Button>
  );
  if (!session.data) {
    return (
      <Flex direction="column" gap="4">
        <PageHeader title={t('posSessions.session.notFoundTitle')} actions={back} />
        <EmptyState>{t('posSessions.session.notFound')}</EmptyState>
      </Flex>
    );
  }
  const current = session.data;
  const currency = organization?.base_currency ?? 'JOD';
  // The close answers the Z report: shown at once, before the lists are read again.
  const onClosed = (closed: Session) => queryClient.setQueryData(sessionQueryOptions(organizationId, sessionId, terminalId).queryKey, closed);

  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title={t('posSessions.session.title', { terminal: current.terminal_name })}
        description={
          <Flex as="span" gap="2" align="center" wrap="wrap">
            <SessionStatusBadge status={current.status} />
            {t('posSessions.session.openedAt', { at: formatDateTime(current.opened_at) })}
          </Flex>
        }
        actions={back}
      />
      <ShiftReport session={current} currency={currency} />
      {current.status === 'open' && role.isMember ? <CloseSessionForm organizationId={organizationId} session={current} currency={currency} onClosed={onClosed} /> : null}
    </Flex>
  );
}
