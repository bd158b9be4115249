import { divideRatios, formatDecimal, multiplyRatios, ratio, ratioOf, type Ratio } from '@daftar/shared/money';

/** A rational as decimal text when it ends within `maxDigits` decimals (it does for a decimal × a percent). */
export function terminatingDecimal(value: Ratio, maxDigits = 12): string | null {
  for (let scale = 0; scale <= maxDigits; scale += 1) {
    const factor = 10n ** BigInt(scale);
    if ((value.num * factor) % value.den === 0n) return formatDecimal({ coefficient: (value.num * factor) / value.den, scale });
  }
  return null;
}

/**
 * The tax before rounding, taxable amount × rate ÷ 100, exactly (no float), so the screen can show
 * how the line's tax was rounded to the fil. Null when prices include tax (the exact share is then
 * rarely a finite decimal) or the figures are not readable.
 */
export function exactLineTax(taxableAmount: string, ratePercent: string, priceIncludesTax: boolean): string | null {
  if (priceIncludesTax) return null;
  try {
    return terminatingDecimal(divideRatios(multiplyRatios(ratioOf(taxableAmount), ratioOf(ratePercent)), ratio(100n)));
  } catch {
    return null;
  }
}
