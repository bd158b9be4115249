import { Card, DataList, Flex, Heading, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import type { AccountingDashboard } from '../api/get-accounting-dashboard';
import { isNegativeAmount, isZeroAmount, withoutSign } from './money';

/** Output tax collected less input tax paid: what is owed to the Income and Sales Tax Department, or a credit. */
export function SalesTaxCard({ dashboard }: { dashboard: AccountingDashboard }) {
  const { t } = useTranslation();
  const { sales_tax: tax, currency } = dashboard;
  const title = t('accountingDashboard.salesTax.title');
  const credit = isNegativeAmount(tax.net_payable);
  return (
    <Card size="3" asChild>
      <section aria-label={title}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            {title}
          </Heading>
          <DataList.Root>
            <DataList.Item>
              <DataList.Label>{t('accountingDashboard.salesTax.output')}</DataList.Label>
              <DataList.Value>{formatMoney(tax.output_tax, currency)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{t('accountingDashboard.salesTax.input')}</DataList.Label>
              <DataList.Value>{formatMoney(tax.input_tax, currency)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{credit ? t('accountingDashboard.salesTax.credit') : t('accountingDashboard.salesTax.payable')}</DataList.Label>
              <DataList.Value>
                <Text weight="bold" color={credit ? 'green' : isZeroAmount(tax.net_payable) ? undefined : 'amber'}>
                  {formatMoney(withoutSign(tax.net_payable), currency)}
                </Text>
              </DataList.Value>
            </DataList.Item>
          </DataList.Root>
        </Flex>
      </section>
    </Card>
  );
}
