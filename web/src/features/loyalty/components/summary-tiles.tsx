import { Flex, Grid, Text } from '@radix-ui/themes';
import { abs, formatMoney as moneyText, isZero, parseMoney, subtract } from '@daftar/shared/money';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import type { Program, ProgramFigures } from '../api/keys';
import { percentText, pointsText, Tile } from './figures';

/**
 * Revenue deferred for this program's points beside the liability account's balance (which holds
 * every program's): the difference in fils, null when they agree. With one program they differ
 * only when someone posted to the account by hand.
 */
export function deferredDifference(figures: Pick<ProgramFigures, 'deferred_revenue' | 'liability_account_balance'>, currency: string): string | null {
  const difference = subtract(parseMoney(figures.liability_account_balance, currency), parseMoney(figures.deferred_revenue, currency));
  return isZero(difference) ? null : moneyText(abs(difference));
}

/** A program's figures: members, what the outstanding points owe, what moved, and the books. */
export function SummaryTiles({ program, figures, currency }: { program: Program; figures: ProgramFigures; currency: string }) {
  const { t } = useTranslation();
  const money = (amount: string) => formatMoney(amount, currency);
  const difference = deferredDifference(figures, currency);
  return (
    <Grid columns={{ initial: '1', xs: '2', md: '4' }} gap="3" aria-label={t('loyalty.summary.title')} role="region">
      <Tile label={t('loyalty.summary.members')} value={pointsText(figures.members)}>
        <Flex gap="2" wrap="wrap" data-testid="members-by-tier">
          {figures.tiers
            .filter((tier) => tier.members > 0)
            .map((tier) => (
              <Text key={tier.name ?? ''} size="1" color="gray">
                {t('loyalty.summary.tierMembers', { tier: tier.name ?? t('loyalty.noTier'), count: tier.members })}
              </Text>
            ))}
        </Flex>
      </Tile>
      <Tile label={t('loyalty.summary.outstanding')} value={pointsText(figures.points_outstanding)}>
        <Text as="div" size="1">
          {t('loyalty.summary.worth', { amount: money(figures.points_value) })}
        </Text>
        <Text as="div" size="1" color={figures.expiring_soon ? 'amber' : 'gray'}>
          {t('loyalty.summary.expiringSoon', { points: pointsText(figures.expiring_soon) })}
        </Text>
      </Tile>
      <Tile label={t('loyalty.summary.moved')} value={pointsText(figures.points_earned)}>
        <Text as="div" size="1" color="gray">
          {t('loyalty.summary.movedNote', {
            redeemed: pointsText(figures.points_redeemed),
            expired: pointsText(figures.points_expired),
            takenBack: pointsText(figures.points_taken_back),
          })}
        </Text>
        <Text as="div" size="1" color="gray">
          {figures.redemption_ratio === null ? t('loyalty.summary.noRatio') : t('loyalty.summary.ratio', { ratio: percentText(figures.redemption_ratio) })}
        </Text>
      </Tile>
      {program.accounting_method === 'deferral' ? (
        <Tile label={t('loyalty.summary.deferred')} value={money(figures.deferred_revenue)}>
          <Text as="div" size="1" data-testid="liability-account">
            {t('loyalty.summary.account', { amount: money(figures.liability_account_balance) })}
          </Text>
          <Text as="div" size="1" color={difference ? 'amber' : 'green'}>
            {difference ? t('loyalty.summary.accountDiffers', { amount: money(difference) }) : t('loyalty.summary.accountMatches')}
          </Text>
        </Tile>
      ) : (
        <Tile label={t('loyalty.summary.expenseMethod')} value={money(figures.points_value)}>
          <Text as="div" size="1" color="gray">
            {t('loyalty.summary.expenseNote')}
          </Text>
        </Tile>
      )}
    </Grid>
  );
}
