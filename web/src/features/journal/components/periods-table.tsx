import { Badge, Button, Table } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { TableCaption } from '../../../components/document-lines-editor';
import { ActionDialog } from '../../../components/documents/confirm-action-dialog';
import type { RoleFlags } from '../../../lib/authorization';
import { formatDate, formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useClosePeriod } from '../api/close-period';
import type { AccountingPeriod } from '../api/get-periods';
import { useReopenPeriod } from '../api/reopen-period';

/** The periods by date, with close (admin) and reopen (owner). */
export function PeriodsTable({ organizationId, periods, role }: { organizationId: string; periods: readonly AccountingPeriod[]; role: RoleFlags }) {
  const { t } = useTranslation();
  const close = useClosePeriod();
  const reopen = useReopenPeriod();
  const showActions = role.isAdmin;
  return (
    <div className="table-scroll">
      <Table.Root variant="surface">
        <TableCaption>{t('journal.periods.title')}</TableCaption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('journal.periods.name')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('journal.periods.start')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('journal.periods.end')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('journal.periods.status')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('journal.periods.closedAt')}</Table.ColumnHeaderCell>
            {showActions ? <Table.ColumnHeaderCell>{t('common.actions')}</Table.ColumnHeaderCell> : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {periods.map((period) => {
            const ids = { organizationId, periodId: period.id };
            return (
              <Table.Row key={period.id}>
                <Table.RowHeaderCell>{period.name}</Table.RowHeaderCell>
                <Table.Cell>{formatDate(period.start_date)}</Table.Cell>
                <Table.Cell>{formatDate(period.end_date)}</Table.Cell>
                <Table.Cell>
                  <Badge color={period.status === 'closed' ? 'gray' : 'green'}>{t(`journal.periods.statuses.${period.status}`)}</Badge>
                </Table.Cell>
                <Table.Cell>{period.closed_at ? formatDateTime(period.closed_at) : '—'}</Table.Cell>
                {showActions ? (
                  <Table.Cell>
                    {period.status === 'open' ? (
                      <ActionDialog
                        trigger={
                          <Button size="1" variant="soft" color="amber" aria-label={t('journal.periods.closeFor', { name: period.name })}>
                            {t('journal.periods.close')}
                          </Button>
                        }
                        title={t('journal.periods.closeTitle', { name: period.name })}
                        description={t('journal.periods.closeDescription', { date: formatDate(period.end_date) })}
                        confirmLabel={t('journal.periods.close')}
                        color="amber"
                        maxWidth="480px"
                        pending={close.isPending && close.variables?.periodId === period.id}
                        onConfirm={async () => {
                          await close.mutateAsync(ids);
                          notify.success(t('journal.periods.closed', { name: period.name }));
                        }}
                      />
                    ) : role.isOwner ? (
                      <ActionDialog
                        trigger={
                          <Button size="1" variant="soft" aria-label={t('journal.periods.reopenFor', { name: period.name })}>
                            {t('journal.periods.reopen')}
                          </Button>
                        }
                        title={t('journal.periods.reopenTitle', { name: period.name })}
                        description={t('journal.periods.reopenDescription')}
                        confirmLabel={t('journal.periods.reopen')}
                        color="blue"
                        maxWidth="480px"
                        pending={reopen.isPending && reopen.variables?.periodId === period.id}
                        onConfirm={async () => {
                          await reopen.mutateAsync(ids);
                          notify.success(t('journal.periods.reopened', { name: period.name }));
                        }}
                      />
                    ) : null}
                  </Table.Cell>
                ) : null}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
