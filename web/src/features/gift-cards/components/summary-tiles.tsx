import { Card, Flex, Grid, Text } from '@radix-ui/themes';
import { GIFT_CARD_STATUSES } from '@daftar/shared/schemas/giftCards';
import { abs, formatMoney as moneyText, isZero, parseMoney, subtract } from '@daftar/shared/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../lib/format';
import type { GiftCardFigures } from '../api/keys';
import { GiftCardStatusBadge } from './status-badge';

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
 * The ledger's account against the cards: what the liability account holds beside the sum of the
 * cards' balances, with their difference counted in fils (they differ only when someone posted to
 * the account by hand).
 */
export function liabilityDifference(figures: Pick<GiftCardFigures, 'outstanding_liability' | 'liability_account_balance' | 'currency'>): string | null {
  const cards = parseMoney(figures.outstanding_liability, figures.currency);
  const account = parseMoney(figures.liability_account_balance, figures.currency);
  const difference = subtract(account, cards);
  return isZero(difference) ? null : moneyText(abs(difference));
}

/** What the cards owe together, what was put on them and spent from them, and how many are in each state. */
export function SummaryTiles({ figures }: { figures: GiftCardFigures }) {
  const { t } = useTranslation();
  const money = (amount: string) => formatMoney(amount, figures.currency);
  const difference = liabilityDifference(figures);
  return (
    <Grid columns={{ initial: '1', xs: '2', md: '4' }} gap="3" aria-label={t('giftCards.summary.title')} role="region">
      <Tile label={t('giftCards.summary.outstanding')} value={money(figures.outstanding_liability)}>
        <Text as="div" size="1" color="gray">
          {t('giftCards.summary.outstandingNote')}
        </Text>
        <Text as="div" size="1" data-testid="liability-account">
          {t('giftCards.summary.account', { amount: money(figures.liability_account_balance) })}
        </Text>
        <Text as="div" size="1" color={difference ? 'amber' : 'green'}>
          {difference ? t('giftCards.summary.accountDiffers', { amount: money(difference) }) : t('giftCards.summary.accountMatches')}
        </Text>
      </Tile>
      <Tile label={t('giftCards.summary.issued')} value={money(figures.issued)}>
        <Text as="div" size="1" color="gray">
          {t('giftCards.summary.issuedNote')}
        </Text>
      </Tile>
      <Tile label={t('giftCards.summary.redeemed')} value={money(figures.redeemed)}>
        <Text as="div" size="1" color="gray">
          {t('giftCards.summary.redeemedNote', { refunded: money(figures.refunded), breakage: money(figures.breakage) })}
        </Text>
      </Tile>
      <Tile label={t('giftCards.summary.byStatus')} value={formatNumber(figures.cards)}>
        <Flex gap="2" wrap="wrap" data-testid="cards-by-status">
          {GIFT_CARD_STATUSES.filter((status) => (figures.by_status[status]?.cards ?? 0) > 0).map((status) => (
            <Flex key={status} gap="1" align="center">
              <GiftCardStatusBadge status={status} />
              <Text size="1">{formatNumber(figures.by_status[status]!.cards)}</Text>
            </Flex>
          ))}
        </Flex>
      </Tile>
    </Grid>
  );
}
