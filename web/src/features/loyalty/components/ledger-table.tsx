import { Button, Link as RadixLink, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ColumnsTable } from '../../../components/columns-table';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime, formatMoney } from '../../../lib/format';
import type { PointsLine } from '../api/keys';
import { pointsText, signedPoints } from './figures';

const none = <Text color="gray">—</Text>;

/** A manual line still standing: the one kind of line that can be undone (by a reversal line). */
export const reversible = (line: PointsLine) => line.transaction_type === 'adjust' && !line.reversed_by;

/** What a line belongs to: a till sale (its session's receipts), an invoice (opens), a reward or a manual entry. */
function Reference({ line }: { line: PointsLine }) {
  const { t } = useTranslation();
  if (!line.reference_type) return none;
  const label = t(`loyalty.references.${line.reference_type}`, { defaultValue: t('loyalty.references.other') });
  if (line.reference_type === 'invoice' && line.reference_id) {
    return (
      <RadixLink asChild size="2">
        <Link to={`/sales/invoices/${encodeURIComponent(line.reference_id)}`}>{label}</Link>
      </RadixLink>
    );
  }
  return <Text>{label}</Text>;
}

/** A line's change of points, signed: points on in green, points off in red. */
function Change({ points }: { points: number }) {
  if (!points) return none;
  return (
    <Text color={points > 0 ? 'green' : 'red'} data-sign={points > 0 ? 'plus' : 'minus'}>
      <bdi dir="ltr">{signedPoints(points)}</bdi>
    </Text>
  );
}

interface LedgerTableProps {
  lines: readonly PointsLine[];
  currency: string;
  caption: string;
  /** Deferral programs show the revenue each line deferred or released. */
  showDeferred: boolean;
  /** Given to admins: undoes a manual line. */
  onReverse?: (line: PointsLine) => void;
  reversing?: boolean;
}

/** The member's point ledger, newest first: each change, signed, with the balance after it. */
export function LedgerTable({ lines, currency, caption, showDeferred, onReverse, reversing }: LedgerTableProps) {
  const { t } = useTranslation();
  return (
    <ColumnsTable
      variant="surface"
      size="2"
      scroll
      rowAlign="center"
      caption={caption}
      rows={lines}
      rowKey={(line) => line.id}
      columns={[
        { header: t('loyalty.columns.date'), rowHeader: true, cell: (line) => formatDateTime(line.created_at) },
        {
          header: t('loyalty.columns.line'),
          cell: (line) => (
            <>
              {t(`loyalty.lines.${line.transaction_type}`)}
              {line.reversed_by ? (
                <Text as="div" size="1" color="gray">
                  {t('loyalty.ledger.reversed')}
                </Text>
              ) : null}
            </>
          ),
        },
        { header: t('loyalty.columns.points'), end: true, cell: (line) => <Change points={line.points} /> },
        { header: t('loyalty.columns.balanceAfter'), end: true, cell: (line) => pointsText(line.balance_after) },
        showDeferred && { header: t('loyalty.columns.deferredChange'), end: true, cell: (line) => (/[1-9]/.test(line.deferred_change) ? formatMoney(line.deferred_change, currency) : none) },
        { header: t('loyalty.columns.reference'), cell: (line) => <Reference line={line} /> },
        { header: t('loyalty.columns.description'), cell: (line) => (line.description ? <Text dir="auto">{line.description}</Text> : none) },
        !!onReverse && {
          header: t('loyalty.columns.actions'),
          cell: (line) =>
            reversible(line) ? (
              <ConfirmDialog
                trigger={
                  <Button size="1" variant="soft" color="red">
                    {t('loyalty.ledger.reverse')}
                  </Button>
                }
                title={t('loyalty.ledger.reverseTitle')}
                description={t('loyalty.ledger.reverseDescription', { points: signedPoints(-line.points) })}
                confirmLabel={t('loyalty.ledger.reverse')}
                onConfirm={() => onReverse(line)}
                pending={reversing}
              />
            ) : null,
        },
      ]}
    />
  );
}
