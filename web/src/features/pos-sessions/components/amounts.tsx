import { Text } from '@radix-ui/themes';
import { abs, compare, formatMoney as moneyText, MoneyError, parseMoney, subtract, zero } from '@daftar/shared/money';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';

/**
 * counted − expected as exact money text ("-0.500"), or null while what was typed is not yet an
 * amount of the currency. Fils are counted as integers: no float ever touches the drawer's figures.
 */
export function countDifference(counted: string, expected: string, currency: string): string | null {
  const typed = counted.trim();
  if (!/^\d{1,12}(\.\d+)?$/.test(typed)) return null;
  try {
    return moneyText(subtract(parseMoney(typed, currency), parseMoney(expected, currency)));
  } catch (error) {
    // More decimals than the currency has: the schema says so at submit; no figure until then.
    if (error instanceof MoneyError) return null;
    throw error;
  }
}

/** The sign of a difference: short (negative), over (positive) or balanced. */
export function differenceKind(difference: string, currency: string): 'short' | 'over' | 'balanced' {
  const sign = compare(parseMoney(difference, currency), zero(currency));
  return sign < 0 ? 'short' : sign > 0 ? 'over' : 'balanced';
}

const COLORS = { short: 'red', over: 'green', balanced: 'gray' } as const;

/** A count's difference in words and colour: short in red, over in green. */
export function Difference({ value, currency }: { value: string; currency: string }) {
  const { t } = useTranslation();
  const kind = differenceKind(value, currency);
  const amount = formatMoney(moneyText(abs(parseMoney(value, currency))), currency);
  return (
    <Text color={COLORS[kind]} weight={kind === 'balanced' ? 'regular' : 'medium'} data-difference={kind}>
      {kind === 'balanced' ? t('posSessions.difference.balanced') : t(`posSessions.difference.${kind}`, { amount })}
    </Text>
  );
}
