import { Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { ColumnsTable } from '../../../components/columns-table';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import type { LayawayInstalment } from '../api/keys';
import { InstalmentBadge } from './status-badge';

/** The instalments from the start to the due date: the deposit first, then each one's amount, what was paid of it and its state today. */
export function ScheduleTable({ instalments, currency }: { instalments: readonly LayawayInstalment[]; currency: string }) {
  const { t } = useTranslation();
  const money = (amount: string) => formatMoney(amount, currency);
  return (
    <ColumnsTable
      variant="surface"
      size="2"
      scroll
      rowAlign="center"
      caption={t('layaway.page.schedule')}
      rows={instalments}
      rowKey={(instalment) => String(instalment.number)}
      columns={[
        {
          header: t('layaway.schedule.number'),
          rowHeader: true,
          cell: (instalment) => (instalment.is_deposit ? t('layaway.schedule.deposit') : t('layaway.schedule.instalment', { number: formatNumber(instalment.number) })),
        },
        { header: t('layaway.schedule.dueDate'), cell: (instalment) => formatDate(instalment.due_date) },
        { header: t('layaway.schedule.amount'), end: true, cell: (instalment) => money(instalment.amount) },
        { header: t('layaway.schedule.paid'), end: true, cell: (instalment) => money(instalment.paid) },
        { header: t('layaway.schedule.remaining'), end: true, cell: (instalment) => <Text weight={instalment.status === 'overdue' ? 'bold' : undefined}>{money(instalment.remaining)}</Text> },
        { header: t('layaway.schedule.status'), cell: (instalment) => <InstalmentBadge status={instalment.status} /> },
      ]}
    />
  );
}
