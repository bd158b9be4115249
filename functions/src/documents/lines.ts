/**
 * Document lines: computed by the shared calculator (taxes/calculate.ts over shared/src/tax.ts), so
 * a document equals what `taxes/calculate` shows; a line without a tax is exempt. Figures are stored
 * in minor units of the document currency, inputs as given.
 */
import { money } from '@daftar/shared';
import type { TaxCalculationResult } from '@daftar/shared/schemas/taxes';
import { uuidv7 } from '../platform/ids.js';
import { calculateTaxes } from '../taxes/calculate.js';
import type { LineInput, StoredLine } from './kind.js';

export type Totals = { subtotal: number; discount_total: number; net_total: number; tax_total: number; gross_total: number };

const minor = (text: string, currency: string) => money.parseMoney(text, currency).amount;
const decimalText = (value: string | number) => String(value);

function pick<T extends object, K extends keyof T>(source: T, fields: readonly K[]): Pick<T, K> {
  return Object.fromEntries(fields.map((f) => [f, source[f]])) as Pick<T, K>;
}

export async function computeLines<L extends StoredLine>(
  organizationId: string,
  currency: string,
  priceIncludesTax: boolean,
  inputs: readonly LineInput[],
  extraFields: readonly string[],
): Promise<{ lines: L[]; totals: Totals }> {
  const extras = extraFields as readonly (keyof LineInput)[];
  const result: TaxCalculationResult = await calculateTaxes(organizationId, {
    currency: currency as money.CurrencyCode,
    lines: inputs.map((line) => ({
      quantity: line.quantity,
      unit_price: line.unit_price,
      discount: line.discount ?? null,
      tax_id: line.tax_id ?? null,
      tax_rate: line.tax_id ? null : '0',
      tax_category: line.tax_id ? null : 'exempt',
      special_tax_id: null,
      special_tax: null,
      price_includes_tax: priceIncludesTax,
    })),
  });
  const lines = inputs.map((input, index) => {
    const figures = result.lines[index]!;
    const discount = input.discount
      ? input.discount.type === 'amount'
        ? { type: 'amount' as const, amount: decimalText(input.discount.amount) }
        : { type: 'percent' as const, percent: decimalText(input.discount.percent) }
      : null;
    const line: StoredLine = {
      id: input.id ?? uuidv7(),
      product_id: input.product_id ?? null,
      description: input.description,
      quantity: decimalText(input.quantity),
      unit_price: decimalText(input.unit_price),
      discount,
      tax_id: input.tax_id ?? null,
      tax_category: figures.tax_category,
      tax_rate: figures.tax_rate,
      subtotal: minor(figures.subtotal, currency),
      discount_amount: minor(figures.discount, currency),
      net: minor(figures.net, currency),
      tax: minor(figures.tax, currency),
      gross: minor(figures.gross, currency),
    };
    return { ...line, ...pick(input, extras) } as L;
  });
  const t = result.totals;
  return {
    lines,
    totals: {
      subtotal: minor(t.subtotal, currency),
      discount_total: minor(t.discount, currency),
      net_total: minor(t.net, currency),
      tax_total: minor(t.tax, currency),
      gross_total: minor(t.gross, currency),
    },
  };
}

/** What the client gave for a stored line. */
const givenFields = (line: StoredLine): Pick<StoredLine, 'id' | 'product_id' | 'description' | 'quantity' | 'unit_price' | 'discount' | 'tax_id'> => ({
  id: line.id,
  product_id: line.product_id,
  description: line.description,
  quantity: line.quantity,
  unit_price: line.unit_price,
  discount: line.discount,
  tax_id: line.tax_id,
});

/** A stored line as input again (to recompute a draft after another line changed), with the kind's extra fields. */
export const inputOf = <I extends LineInput>(line: StoredLine, extraFields: readonly string[]): I & { id: string } =>
  ({ ...givenFields(line), ...pick(line as unknown as Record<string, unknown>, extraFields) }) as unknown as I & { id: string };

/** Minor units as the API shows them: a decimal string at the currency's precision. */
export const amountText = (amount: number, currency: string) => money.formatMoney(money.fromMinorUnits(amount, currency));

/** A stored line as the API shows it: amounts as decimal strings of the document currency. */
export function presentLine<L extends StoredLine, X extends keyof L>(line: L, currency: string, extraFields: readonly X[]) {
  const text = (amount: number) => amountText(amount, currency);
  return {
    ...givenFields(line),
    tax_category: line.tax_category,
    tax_rate: line.tax_rate,
    subtotal: text(line.subtotal),
    discount_amount: text(line.discount_amount),
    net: text(line.net),
    tax: text(line.tax),
    gross: text(line.gross),
    ...pick(line, extraFields),
  };
}

/** Tax per tax (minor units), over the lines that carry one: a posting's tax lines. */
export function taxPerTax(lines: readonly StoredLine[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of lines) if (line.tax > 0 && line.tax_id) out.set(line.tax_id, (out.get(line.tax_id) ?? 0) + line.tax);
  return out;
}
