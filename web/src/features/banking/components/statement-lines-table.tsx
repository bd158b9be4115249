import { Badge, Button, Flex, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../components/documents/confirm-action-dialog';
import { TableCaption } from '../../../components/document-lines-editor';
import { formatDate, formatMoney } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import type { StatementLine } from '../api/get-statement-lines';
import { useUnreconcileLine } from '../api/unreconcile-line';

interface StatementLinesTableProps {
  organizationId: string;
  bankAccountId: string;
  lines: StatementLine[];
  /** Reconciling posts to the books: admins only. */
  isAdmin: boolean;
  onFindMatch: (line: StatementLine) => void;
  onCreateEntry: (line: StatementLine) => void;
}

const isMoneyOut = (amount: string) => amount.trim().startsWith('-');

export function StatementLinesTable({ organizationId, bankAccountId, lines, isAdmin, onFindMatch, onCreateEntry }: StatementLinesTableProps) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll">
      <Table.Root variant="surface">
        <TableCaption>{t('banking.lines.title')}</TableCaption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('banking.lines.date')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('banking.lines.description')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('banking.lines.reference')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('banking.lines.amount')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('banking.lines.status')}</Table.ColumnHeaderCell>
            {isAdmin ? <Table.ColumnHeaderCell>{t('common.actions')}</Table.ColumnHeaderCell> : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {lines.map((line) => (
            <Table.Row key={line.id}>
              <Table.Cell>{formatDate(line.date)}</Table.Cell>
              <Table.RowHeaderCell>{line.description}</Table.RowHeaderCell>
              <Table.Cell>{line.reference ?? ''}</Table.Cell>
              <Table.Cell justify="end">
                <Text color={isMoneyOut(line.amount) ? 'red' : 'green'}>{formatMoney(line.amount, line.currency)}</Text>
              </Table.Cell>
              <Table.Cell>
                {line.status === 'reconciled' ? (
                  <Badge color="green">{t(line.matched?.kind === 'created' ? 'banking.lines.reconciledCreated' : 'banking.lines.reconciled')}</Badge>
                ) : (
                  <Badge color="amber">{t('banking.lines.unreconciled')}</Badge>
                )}
              </Table.Cell>
              {isAdmin ? (
                <Table.Cell>
                  {line.status === 'reconciled' ? (
                    <UnreconcileButton organizationId={organizationId} bankAccountId={bankAccountId} line={line} />
                  ) : (
                    <Flex gap="2" wrap="wrap">
                      <Button size="1" aria-label={t('banking.match.openFor', { description: line.description })} onClick={() => onFindMatch(line)}>
                        {t('banking.match.open')}
                      </Button>
                      <Button size="1" variant="soft" aria-label={t('banking.entry.openFor', { description: line.description })} onClick={() => onCreateEntry(line)}>
                        {t('banking.entry.open')}
                      </Button>
                    </Flex>
                  )}
                </Table.Cell>
              ) : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}

/** Undoes a match; an entry that the reconciliation itself posted is reversed. */
function UnreconcileButton({ organizationId, bankAccountId, line }: { organizationId: string; bankAccountId: string; line: StatementLine }) {
  const { t } = useTranslation();
  const unreconcile = useUnreconcileLine();
  return (
    <ActionDialog
      trigger={
        <Button size="1" variant="soft" color="red" aria-label={t('banking.unreconcile.openFor', { description: line.description })}>
          {t('banking.unreconcile.open')}
        </Button>
      }
      title={t('banking.unreconcile.title')}
      description={t(line.matched?.kind === 'created' ? 'banking.unreconcile.descriptionCreated' : 'banking.unreconcile.description')}
      confirmLabel={t('banking.unreconcile.confirm')}
      color="red"
      pending={unreconcile.isPending}
      onConfirm={async () => {
        await unreconcile.mutateAsync({ organizationId, bankAccountId, lineId: line.id });
        notify.success(t('banking.unreconcile.done', { description: line.description }));
      }}
    />
  );
}
