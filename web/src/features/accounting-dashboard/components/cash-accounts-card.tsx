import { Badge, Card, Flex, Heading, Link as RadixLink, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TableCaption } from '../../../components/document-lines-editor';
import { EmptyState } from '../../../components/feedback';
import { formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import type { AccountingDashboard } from '../api/get-accounting-dashboard';
import { isNegativeAmount } from './money';

/** Cash on hand, bank and money in transit, account by account, each linking to its ledger card. */
export function CashAccountsCard({ dashboard }: { dashboard: AccountingDashboard }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const title = t('accountingDashboard.cash.title');
  return (
    <Card size="3" asChild>
      <section aria-label={title}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            {title}
          </Heading>
          {dashboard.cash_accounts.length === 0 ? (
            <EmptyState>{t('accountingDashboard.cash.empty')}</EmptyState>
          ) : (
            <Table.Root size="1" variant="surface">
              <TableCaption>{title}</TableCaption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{t('accountingDashboard.cash.account')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('accountingDashboard.cash.kind')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">{t('accountingDashboard.cash.balance')}</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {dashboard.cash_accounts.map((account) => (
                  <Table.Row key={account.account_id}>
                    <Table.RowHeaderCell>
                      <RadixLink asChild>
                        <Link to={`/accounting/accounts/${account.account_id}`}>
                          {account.code} {language === 'ar' && account.name_ar ? account.name_ar : account.name}
                        </Link>
                      </RadixLink>
                      {!account.is_active ? (
                        <Badge color="gray" style={{ marginInlineStart: 8 }}>
                          {t('accountingDashboard.cash.inactive')}
                        </Badge>
                      ) : null}
                    </Table.RowHeaderCell>
                    <Table.Cell>{t(`accountingDashboard.cash.subtypes.${account.subtype}`, { defaultValue: account.subtype })}</Table.Cell>
                    <Table.Cell justify="end">
                      <Text color={isNegativeAmount(account.balance) ? 'red' : undefined}>{formatMoney(account.balance, dashboard.currency)}</Text>
                    </Table.Cell>
                  </Table.Row>
                ))}
                <Table.Row>
                  <Table.RowHeaderCell colSpan={2}>
                    <Text weight="bold">{t('accountingDashboard.cash.total')}</Text>
                  </Table.RowHeaderCell>
                  <Table.Cell justify="end">
                    <Text weight="bold">{formatMoney(dashboard.current_cash_position, dashboard.currency)}</Text>
                  </Table.Cell>
                </Table.Row>
              </Table.Body>
            </Table.Root>
          )}
        </Flex>
      </section>
    </Card>
  );
}
