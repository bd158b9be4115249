import { Button, Dialog, Flex, Text, TextField } from '@radix-ui/themes';
import { redeemValue } from '@daftar/shared/loyalty/points';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../lib/format';
import { checkRedemption, maxRedeemablePoints, termsOf, type RedemptionCheck, type Standing } from './loyalty-model';
import { major } from './ticket-model';

interface RedeemPointsDialogProps {
  standing: Standing;
  /** What points can take off the ticket now (loyalty-model `redeemableBasis`), minor units. */
  basis: number;
  currency: string;
  /** The points already redeemed on the ticket, to change them. */
  current: number | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onApply: (points: number) => void;
}

/** Why the points typed cannot be redeemed, in the cashier's words. */
export function redemptionProblem(t: (key: string, options?: Record<string, unknown>) => string, check: RedemptionCheck): string | null {
  if (check.ok) return null;
  return t(`pos.loyalty.refused.${check.reason}`, { limit: formatNumber(check.limit ?? 0) });
}

/**
 * Points taken off the ticket: the cashier types how many (or takes the most the ticket and the
 * customer allow) and sees what they are worth; they are spread over the lines after the promotions.
 */
export function RedeemPointsDialog({ standing, basis, currency, current, open, onOpenChange, onApply }: RedeemPointsDialogProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const most = maxRedeemablePoints(standing, basis, currency);
  useEffect(() => {
    if (!open) return;
    setText(current ? String(current) : '');
    setProblem(null);
  }, [open, current]);
  const typed = /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null;
  const value = typed !== null ? redeemValue(termsOf(standing), typed, currency) : null;
  const money = (minor: number) => formatMoney(major(minor, currency), currency);
  const submit = () => {
    const check = checkRedemption(standing, typed ?? Number.NaN, basis, currency);
    const refused = redemptionProblem(t, check);
    if (refused) return setProblem(refused);
    onApply(typed!);
    onOpenChange(false);
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="420px" aria-describedby={undefined}>
        <Dialog.Title>{t('pos.loyalty.redeemTitle')}</Dialog.Title>
        <Flex direction="column" gap="1" mb="3">
          <Flex justify="between" align="baseline">
            <Text>{t('pos.loyalty.available')}</Text>
            <Text size="5" weight="bold" data-testid="pos-loyalty-available">
              {formatNumber(standing.points_available)}
            </Text>
          </Flex>
          <Text size="2" color="gray">
            {t('pos.loyalty.terms', { value: money(redeemValue(termsOf(standing), 1000, currency)), minimum: formatNumber(standing.terms.min_redemption_points) })}
          </Text>
          <Text size="2" color="gray">
            {t('pos.loyalty.most', { points: formatNumber(most), value: money(redeemValue(termsOf(standing), most, currency)) })}
          </Text>
        </Flex>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Flex direction="column" gap="2">
            <Flex gap="2">
              <TextField.Root
                autoFocus
                size="3"
                inputMode="numeric"
                dir="ltr"
                style={{ flex: 1 }}
                value={text}
                onChange={(e) => {
                  setText(e.target.value);
                  setProblem(null);
                }}
                aria-label={t('pos.loyalty.points')}
                placeholder={t('pos.loyalty.points')}
              />
              <Button type="button" size="3" variant="soft" disabled={!most} onClick={() => setText(String(most))}>
                {t('pos.loyalty.useMost')}
              </Button>
            </Flex>
            <Text size="2" data-testid="pos-loyalty-value">
              {value !== null ? t('pos.loyalty.worth', { value: money(value) }) : '\u00a0'}
            </Text>
            {problem ? (
              <Text size="2" color="red" role="alert">
                {problem}
              </Text>
            ) : null}
            <Flex gap="2" justify="end" mt="2">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={!text.trim()}>
                {t('pos.loyalty.apply')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
