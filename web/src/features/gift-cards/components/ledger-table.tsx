import { Link as RadixLink, Text } from '@radix-ui/themes';
import { compare, parseMoney, zero } from '@daftar/shared/money';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ColumnsTable } from '../../../components/columns-table';
import { currencyDigits, formatDateTime, formatMoney, locale } from '../../../lib/format';
import type { GiftCardLine } from '../api/keys';

const none = <Text color="gray">—</Text>;

/** Money with its sign always shown ("+JOD 10.000", "-JOD 5.000"), placed by the reader's locale; the decimal string is formatted as is. */
export function signedMoney(amount: string, currency: string) {
  const digits = currencyDigits(currency);
  return new Intl.NumberFormat(locale(), { style: 'currency', currency, signDisplay: 'exceptZero', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount.trim() as Intl.StringNumericLiteral);
}

/** A line's change to the balance, signed: money on in green, money off in red; suspend and reactivate move none. */
function Change({ amount, currency }: { amount: string; currency: string }) {
  const sign = compare(parseMoney(amount, currency), zero(currency));
  if (sign === 0) return none;
  return (
    <Text color={sign > 0 ? 'green' : 'red'} data-sign={sign > 0 ? 'plus' : 'minus'}>
      {signedMoney(amount, currency)}
    </Text>
  );
}

/** What a line belongs to: an invoice payment or a till session (each opens), or a till sale. */
function Reference({ line }: { line: GiftCardLine }) {
  const { t } = useTranslation();
  if (!line.reference_type || !line.reference_id) return none;
  const label = ['pos_transaction', 'payment', 'pos_session'].includes(line.reference_type) ? t(`giftCards.references.${line.reference_type}`) : t('giftCards.references.other');
  const to = line.reference_type === 'payment' ? `/payments/${encodeURIComponent(line.reference_id)}` : line.reference_type === 'pos_session' ? `/pos/sessions/${encodeURIComponent(line.reference_id)}` : null;
  return to ? (
    <RadixLink asChild size="2">
      <Link to={to}>{label}</Link>
    </RadixLink>
  ) : (
    <Text>{label}</Text>
  );
}

/** The card's ledger, newest first: each change, signed, with the balance after it. */
export function LedgerTable({ lines, currency, caption }: { lines: readonly GiftCardLine[]; currency: string; caption: string }) {
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
        { header: t('giftCards.columns.date'), rowHeader: true, cell: (line) => formatDateTime(line.created_at) },
        { header: t('giftCards.columns.line'), cell: (line) => t(`giftCards.lines.${line.transaction_type}`) },
        { header: t('giftCards.columns.amount'), end: true, cell: (line) => <Change amount={line.amount} currency={currency} /> },
        { header: t('giftCards.columns.balanceAfter'), end: true, cell: (line) => formatMoney(line.balance_after, currency) },
        { header: t('giftCards.columns.reference'), cell: (line) => <Reference line={line} /> },
        { header: t('giftCards.columns.notes'), cell: (line) => (line.notes ? <Text dir="auto">{line.notes}</Text> : none) },
      ]}
    />
  );
}
