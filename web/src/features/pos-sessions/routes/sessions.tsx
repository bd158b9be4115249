import { PlusIcon } from '@radix-ui/react-icons';
import { Button, Flex, Grid, Link as RadixLink, Text } from '@radix-ui/themes';
import { POS_SESSION_STATUSES, type PosSessionStatus } from '@daftar/shared/schemas/pos';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ColumnsTable } from '../../../components/columns-table';
import { useListParams } from '../../../components/documents/document-list';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { SelectInput } from '../../../components/fields';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { useOrganizationRole } from '../../../lib/authorization';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useSessions } from '../api/get-sessions';
import { useTerminals } from '../api/get-terminals';
import type { Session } from '../api/keys';
import { Difference } from '../components/amounts';
import { OpenSessionDialog } from '../components/open-session-dialog';
import { sessionPath } from '../components/paths';
import { SessionStatusBadge } from '../components/shift-report';

export const SESSIONS_PAGE_SIZE = 25;

const isStatus = (value: string | null): value is PosSessionStatus => POS_SESSION_STATUSES.includes(value as PosSessionStatus);
const none = <Text color="gray">—</Text>;

/**
 * The shifts of every till, newest first, filtered by terminal and status. Opening one from here
 * starts a shift; coming from the register (`?terminal_id=`) the dialog opens on that terminal
 * when it has no open session, and the register follows once it is open.
 */
export function SessionsRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organization, organizationId } = useCurrentOrganization();
  const org = organizationId ?? '';
  const role = useOrganizationRole(organizationId);
  const { params, update, skip } = useListParams();
  const terminalId = params.get('terminal_id') || undefined;
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const terminals = useTerminals(org, !!organizationId);
  const sessions = useSessions(org, { skip, limit: SESSIONS_PAGE_SIZE, terminal_id: terminalId, status }, !!organizationId);
  const [opening, setOpening] = useState(false);
  const fromRegister = useRef(!!terminalId);
  const offered = useRef(false);
  const currency = organization?.base_currency ?? 'JOD';

  // The register sends a cashier here to start a shift: offer it at once, once, if none is open.
  const wanted = terminals.data?.data.find((terminal) => terminal.id === terminalId);
  useEffect(() => {
    if (offered.current || !wanted || !role.isMember) return;
    offered.current = true;
    if (!wanted.current_session_id && wanted.is_active) setOpening(true);
  }, [wanted, role.isMember]);

  if (!organizationId) return <Loading />;
  const rows = [...(sessions.data?.data ?? [])].sort((a, b) => b.opened_at.localeCompare(a.opened_at));
  const onOpened = (session: Session) => {
    setOpening(false);
    navigate(fromRegister.current && terminalId === session.terminal_id ? '/pos' : sessionPath(session.id, session.terminal_id));
  };
  const open = role.isMember ? (
    <Button onClick={() => setOpening(true)}>
      <PlusIcon />
      {t('posSessions.open.button')}
    </Button>
  ) : null;

  return (
    <Flex direction="column" gap="4">
      <PageHeader title={t('posSessions.sessions.title')} description={t('posSessions.sessions.intro')} actions={open} />
      <Grid columns={{ initial: '1', sm: '3' }} gap="3" align="end">
        <SelectInput
          label={t('posSessions.columns.terminal')}
          value={terminalId ?? ''}
          onChange={(e) => update({ terminal_id: e.target.value, skip: null })}
          options={[{ value: '', label: t('posSessions.sessions.allTerminals') }, ...(terminals.data?.data ?? []).map((terminal) => ({ value: terminal.id, label: terminal.name }))]}
        />
        <SelectInput
          label={t('posSessions.columns.status')}
          value={status ?? ''}
          onChange={(e) => update({ status: e.target.value, skip: null })}
          options={[{ value: '', label: t('posSessions.sessions.anyStatus') }, ...POS_SESSION_STATUSES.map((s) => ({ value: s, label: t(`posSessions.status.${s}`) }))]}
        />
      </Grid>
      {sessions.isPending ? <Loading /> : null}
      {sessions.isError ? <QueryError error={sessions.error} onRetry={() => void sessions.refetch()} /> : null}
      {sessions.data && rows.length === 0 ? <EmptyState>{t('posSessions.sessions.empty')}</EmptyState> : null}
      {rows.length > 0 ? (
        <ColumnsTable
          variant="surface"
          scroll
          rowAlign="center"
          caption={t('posSessions.sessions.title')}
          rows={rows}
          rowKey={(session) => session.id}
          columns={[
            {
              header: t('posSessions.columns.opened'),
              rowHeader: true,
              cell: (session) => (
                <RadixLink asChild size="2" weight="medium">
                  <Link to={sessionPath(session.id, session.terminal_id)}>{formatDateTime(session.opened_at)}</Link>
                </RadixLink>
              ),
            },
            { header: t('posSessions.columns.terminal'), cell: (session) => session.terminal_name },
            { header: t('posSessions.columns.cashier'), cell: (session) => session.cashier_name ?? t('posSessions.unknownCashier') },
            { header: t('posSessions.columns.status'), cell: (session) => <SessionStatusBadge status={session.status} /> },
            { header: t('posSessions.columns.closed'), cell: (session) => (session.closed_at ? formatDateTime(session.closed_at) : none) },
            { header: t('posSessions.columns.sales'), end: true, cell: (session) => formatNumber(session.report.sales_count) },
            { header: t('posSessions.columns.grossSales'), end: true, cell: (session) => formatMoney(session.report.gross_sales, currency) },
            { header: t('posSessions.columns.refunds'), end: true, cell: (session) => formatMoney(session.report.refunds, currency) },
            { header: t('posSessions.columns.expectedCash'), end: true, cell: (session) => formatMoney(session.report.expected.cash, currency) },
            {
              header: t('posSessions.columns.cashDifference'),
              end: true,
              cell: (session) => (session.report.difference ? <Difference value={session.report.difference.cash} currency={currency} /> : none),
            },
          ]}
        />
      ) : null}
      {sessions.data ? <Pagination skip={skip} limit={SESSIONS_PAGE_SIZE} count={sessions.data.count} onChange={(next) => update({ skip: next ? String(next) : null })} /> : null}
      {opening && terminals.data ? (
        <OpenSessionDialog
          organizationId={organizationId}
          terminals={terminals.data.data}
          terminalId={terminalId}
          currency={currency}
          onOpened={onOpened}
          onClose={() => setOpening(false)}
        />
      ) : null}
    </Flex>
  );
}
