import { Card, Flex, Grid, Text } from '@radix-ui/themes';
import { abs, formatMoney as moneyText, isZero, parseMoney, subtract } from '@daftar/shared/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../lib/format';
import type { LayawayFigures } from '../api/keys';

function Tile({ label, value, children }: { label: string; value: ReactNode; children?: ReactNode }) {
  return (
    <Card role="group" aria-label={label}>
      <Flex direction="column" gap="1">
        <Text as="div" size="2" color="gray">
          {label}
        </Text>
        <Text as="div" size="6" weight="bold">
          {value}
        </Text>
        {children}
      </Flex>
    </Card>
  );
}

/**
 * The deposits active layaways hold against the customer deposits account (2300), in fils: they
 * differ when the account holds other deposits too, or someone posted to it by hand. Null when the
 * account's balance is not known or they agree.
 */
export function depositsDifference(figures: Pick<LayawayFigures, 'deposits_held' | 'deposits_account_balance' | 'currency'>): string | null {
  if (figures.deposits_account_balance === null) return null;
  const difference = subtract(parseMoney(figures.deposits_account_balance, figures.currency), parseMoney(figures.deposits_held, figures.currency));
  return isZero(difference) ? null : moneyText(abs(difference));
}

/** Active layaways and what they still owe, the deposits held beside the ledger, what is overdue, and the finished ones. */
export function SummaryTiles({ figures }: { figures: LayawayFigures }) {
  const { t } = useTranslation();
  const money = (amount: string) => formatMoney(amount, figures.currency);
  const active = figures.by_status.active ?? { count: 0, total: '0', paid: '0' };
  const completed = figures.by_status.completed ?? { count: 0, total: '0', paid: '0' };
  const cancelled = figures.by_status.cancelled ?? { count: 0, total: '0', paid: '0' };
  const difference = depositsDifference(figures);
  return (
    <Grid columns={{ initial: '1', xs: '2', md: '4' }} gap="3" aria-label={t('layaway.summary.title')} role="region">
      <Tile label={t('layaway.summary.active')} value={formatNumber(active.count)}>
        <Text as="div" size="1" color="gray">
          {t('layaway.summary.activeNote', { total: money(active.total), due: money(figures.balance_due) })}
        </Text>
      </Tile>
      <Tile label={t('layaway.summary.depositsHeld')} value={money(figures.deposits_held)}>
        <Text as="div" size="1" color="gray">
          {t('layaway.summary.depositsNote')}
        </Text>
        {figures.deposits_account_balance !== null ? (
          <>
            <Text as="div" size="1" data-testid="deposits-account">
              {t('layaway.summary.account', { amount: money(figures.deposits_account_balance) })}
            </Text>
            <Text as="div" size="1" color={difference ? 'amber' : 'green'}>
              {difference ? t('layaway.summary.accountDiffers', { amount: money(difference) }) : t('layaway.summary.accountMatches')}
            </Text>
          </>
        ) : null}
      </Tile>
      <Tile label={t('layaway.summary.overdue')} value={formatNumber(figures.overdue_count)}>
        <Text as="div" size="1" color={figures.overdue_count ? 'red' : 'gray'}>
          {t('layaway.summary.overdueNote', { amount: money(figures.overdue_balance) })}
        </Text>
      </Tile>
      <Tile label={t('layaway.summary.finished')} value={formatNumber(completed.count)}>
        <Text as="div" size="1" color="gray">
          {t('layaway.summary.finishedNote', { completed: money(completed.total), cancelled: formatNumber(cancelled.count) })}
        </Text>
      </Tile>
    </Grid>
  );
}
