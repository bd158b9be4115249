import { add, compareRatios, formatDecimal, parseDecimal, parseMoney, ratioOf, zero, type Money } from '@daftar/shared/money';
import type { TaxBreakdownRow, TaxCategory, TaxTotals } from '@daftar/shared/tax';

/** "0.000": an amount that is nothing, read from its text (no float). */
export const isZeroAmount = (amount: string) => /^-?0*(\.0*)?$/.test(amount.trim());

interface StoredLine {
  tax_category: TaxCategory;
  tax_rate: string;
  net: string;
  /** Sales documents; absent (none) on purchases. */
  special_tax?: string;
  tax: string;
  gross: string;
}

interface StoredTotals {
  currency: string;
  subtotal: string;
  discount_total: string;
  net_total: string;
  special_tax_total?: string;
  tax_total: string;
  gross_total: string;
  lines: readonly StoredLine[];
}

const CATEGORY_ORDER: Record<TaxCategory, number> = { standard: 0, zero_rated: 1, exempt: 2 };

/**
 * A stored document's totals and its tax per rate, summed from the lines the server computed (in
 * minor units, as the server summed them), in the calculator's order: standard rates highest
 * first, then zero-rated, then exempt.
 */
export function storedFigures(document: StoredTotals): { totals: TaxTotals; breakdown: TaxBreakdownRow[] } {
  const currency = document.currency;
  const money = (text: string) => parseMoney(text, currency);
  const groups = new Map<string, TaxBreakdownRow>();
  for (const line of document.lines) {
    const key = `${line.tax_category}|${line.tax_rate}`;
    const row = groups.get(key) ?? {
      category: line.tax_category,
      tax_rate: line.tax_rate,
      net: zero(currency),
      special_tax: zero(currency),
      taxable_amount: zero(currency),
      tax: zero(currency),
      gross: zero(currency),
    };
    const net: Money = add(row.net, money(line.net));
    const special: Money = add(row.special_tax, money(line.special_tax ?? '0'));
    groups.set(key, { ...row, net, special_tax: special, taxable_amount: add(net, special), tax: add(row.tax, money(line.tax)), gross: add(row.gross, money(line.gross)) });
  }
  const breakdown = [...groups.values()].sort((a, b) => {
    const byCategory = CATEGORY_ORDER[a.category] - CATEGORY_ORDER[b.category];
    if (byCategory !== 0) return byCategory;
    return compareRatios(ratioOf(b.tax_rate), ratioOf(a.tax_rate));
  });
  return {
    totals: {
      subtotal: money(document.subtotal),
      discount: money(document.discount_total),
      net: money(document.net_total),
      special_tax: money(document.special_tax_total ?? '0'),
      taxable_amount: add(money(document.net_total), money(document.special_tax_total ?? '0')),
      tax: money(document.tax_total),
      gross: money(document.gross_total),
    },
    breakdown,
  };
}

/** Quantities carry at most 3 decimals (shared/src/tax.ts): counted here in thousandths, exactly. */
const QUANTITY_SCALE = 3;

/** A typed quantity in thousandths; null when it is not a plain decimal of at most 3 decimals. */
export function quantityUnits(text: string): bigint | null {
  try {
    const decimal = parseDecimal(text.trim());
    if (decimal.scale > QUANTITY_SCALE) return null;
    return decimal.coefficient * 10n ** BigInt(QUANTITY_SCALE - decimal.scale);
  } catch {
    return null;
  }
}

/** Thousandths back to canonical text ("1.5", "2"). */
export function quantityText(units: bigint): string {
  return formatDecimal(parseDecimal(formatDecimal({ coefficient: units, scale: QUANTITY_SCALE })));
}
