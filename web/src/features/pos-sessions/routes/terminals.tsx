import { ExclamationTriangleIcon, PlusIcon } from '@radix-ui/react-icons';
import { Badge, Button, Callout, Flex, Link as RadixLink, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ColumnsTable } from '../../../components/columns-table';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { readerMessage } from '../../../lib/form-errors';
import { currentLanguage } from '../../../lib/i18n';
import { localName } from '../../../lib/names';
import { errorMessage, notify } from '../../../lib/notify';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useLocations } from '../../inventory/api/get-locations';
import { useDeleteTerminal } from '../api/delete-terminal';
import { useDrawerAccounts } from '../api/get-cash-accounts';
import { useTerminals } from '../api/get-terminals';
import type { Terminal } from '../api/keys';
import { sessionPath, terminalSessionsPath } from '../components/paths';
import { TerminalDialog } from '../components/terminal-dialog';

/** The tills: where each sells from, its receipt numbers and its open session; admins add and change them. */
export function TerminalsRoute() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { organizationId } = useCurrentOrganization();
  const org = organizationId ?? '';
  const role = useOrganizationRole(organizationId);
  const terminals = useTerminals(org, !!organizationId);
  const locations = useLocations(org, !!organizationId);
  const accounts = useDrawerAccounts(org, !!organizationId && role.isAdmin);
  const remove = useDeleteTerminal();
  const [dialog, setDialog] = useState<{ terminal?: Terminal } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (!organizationId) return <Loading />;
  const locationName = (id: string) => {
    const found = locations.data?.data.find((l) => l.id === id);
    return found ? localName(found, language) : id;
  };
  const onDelete = (terminal: Terminal) => {
    setProblem(null);
    remove.mutate(
      { organizationId, terminalId: terminal.id },
      {
        onSuccess: () => notify.success(t('posSessions.terminals.deleted', { name: terminal.name })),
        // A terminal that has sold stays (409): the server says why, in the reader's language where known.
        onError: (error) => setProblem(readerMessage(errorMessage(error))),
      },
    );
  };
  const rows = [...(terminals.data?.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const add = role.isAdmin ? (
    <Button onClick={() => setDialog({})}>
      <PlusIcon />
      {t('posSessions.terminals.add')}
    </Button>
  ) : null;

  return (
    <Flex direction="column" gap="4">
      <PageHeader title={t('posSessions.terminals.title')} description={t('posSessions.terminals.intro')} actions={add} />
      {problem ? (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{problem}</Callout.Text>
        </Callout.Root>
      ) : null}
      {terminals.isPending ? <Loading /> : null}
      {terminals.isError ? <QueryError error={terminals.error} onRetry={() => void terminals.refetch()} /> : null}
      {terminals.data && rows.length === 0 ? <EmptyState>{t('posSessions.terminals.empty')}</EmptyState> : null}
      {rows.length > 0 ? (
        <ColumnsTable
          variant="surface"
          scroll
          rowAlign="center"
          caption={t('posSessions.terminals.title')}
          rows={rows}
          rowKey={(terminal) => terminal.id}
          columns={[
            { header: t('posSessions.columns.terminal'), rowHeader: true, cell: (terminal) => terminal.name },
            { header: t('posSessions.columns.location'), cell: (terminal) => locationName(terminal.location_id) },
            {
              header: t('posSessions.columns.prefix'),
              cell: (terminal) => (
                <Text dir="ltr" style={{ unicodeBidi: 'isolate' }}>
                  {terminal.receipt_prefix}
                </Text>
              ),
            },
            {
              header: t('posSessions.columns.active'),
              cell: (terminal) => <Badge color={terminal.is_active ? 'green' : 'gray'}>{terminal.is_active ? t('posSessions.terminals.active') : t('posSessions.terminals.inactive')}</Badge>,
            },
            {
              header: t('posSessions.columns.openSession'),
              cell: (terminal) =>
                terminal.current_session_id ? (
                  <RadixLink asChild size="2">
                    <Link to={sessionPath(terminal.current_session_id, terminal.id)}>{t('posSessions.terminals.viewOpenSession')}</Link>
                  </RadixLink>
                ) : (
                  <Text color="gray">{t('posSessions.terminals.noOpenSession')}</Text>
                ),
            },
            {
              header: t('posSessions.columns.actions'),
              cell: (terminal) => (
                <Flex gap="2" wrap="wrap">
                  <Button asChild size="1" variant="soft">
                    <Link to={terminalSessionsPath(terminal.id)} aria-label={t('posSessions.terminals.sessionsOf', { name: terminal.name })}>
                      {t('posSessions.terminals.sessions')}
                    </Link>
                  </Button>
                  {role.isAdmin ? (
                    <>
                      <Button size="1" variant="soft" onClick={() => setDialog({ terminal })} aria-label={t('posSessions.terminals.editNamed', { name: terminal.name })}>
                        {t('posSessions.terminals.edit')}
                      </Button>
                      <ConfirmDialog
                        trigger={
                          <Button size="1" variant="soft" color="red" aria-label={t('posSessions.terminals.deleteNamed', { name: terminal.name })}>
                            {t('common.delete')}
                          </Button>
                        }
                        title={t('posSessions.terminals.deleteTitle', { name: terminal.name })}
                        description={t('posSessions.terminals.deleteDescription')}
                        confirmLabel={t('common.delete')}
                        onConfirm={() => onDelete(terminal)}
                        pending={remove.isPending}
                      />
                    </>
                  ) : null}
                </Flex>
              ),
            },
          ]}
        />
      ) : null}
      {dialog ? (
        <TerminalDialog
          organizationId={organizationId}
          terminal={dialog.terminal}
          locations={locations.data?.data ?? []}
          accounts={accounts.data ?? []}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Flex>
  );
}
