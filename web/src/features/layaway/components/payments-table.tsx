import { Text } from '@radix-ui/themes';
import { compare, parseMoney, zero } from '@daftar/shared/money';
import { useTranslation } from 'react-i18next';
import { ColumnsTable } from '../../../components/columns-table';
import { formatDate } from '../../../lib/format';
import type { LayawayPayment } from '../api/keys';
import { signedMoney } from './form-parts';

const none = <Text color="gray">—</Text>;

/**
 * The layaway's money in order, signed from the deposits' side: money in is positive (green);
 * a refund, store credit or fee kept is negative (red).
 */
export function PaymentsTable({ payments, currency }: { payments: readonly LayawayPayment[]; currency: string }) {
  const { t } = useTranslation();
  return (
    <ColumnsTable
      variant="surface"
      size="2"
      scroll
      rowAlign="center"
      caption={t('layaway.page.payments')}
      rows={payments}
      rowKey={(payment) => payment.id}
      columns={[
        { header: t('layaway.payments.date'), rowHeader: true, cell: (payment) => formatDate(payment.date) },
        { header: t('layaway.payments.type'), cell: (payment) => t(`layaway.paymentTypes.${payment.payment_type}`) },
        { header: t('layaway.payments.method'), cell: (payment) => (payment.payment_method ? t(`layaway.methods.${payment.payment_method}`, { defaultValue: payment.payment_method }) : none) },
        {
          header: t('layaway.payments.amount'),
          end: true,
          cell: (payment) => {
            const sign = compare(parseMoney(payment.amount, currency), zero(currency));
            return (
              <Text color={sign > 0 ? 'green' : sign < 0 ? 'red' : undefined} data-sign={sign > 0 ? 'plus' : sign < 0 ? 'minus' : undefined}>
                {signedMoney(payment.amount, currency)}
              </Text>
            );
          },
        },
        { header: t('layaway.payments.till'), cell: (payment) => (payment.session_id ? t('layaway.payments.atTill') : t('layaway.payments.office')) },
        { header: t('layaway.payments.notes'), cell: (payment) => (payment.notes ? <Text dir="auto">{payment.notes}</Text> : none) },
      ]}
    />
  );
}
