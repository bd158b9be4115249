/**
 * Document lines: computed by the shared calculator (taxes/calculate.ts over shared/src/tax.ts), so
 * a document equals what `taxes/calculate` shows; a line without a tax is exempt. Figures are stored
 * in minor units of the document currency, inputs as given.
 *
 * A line's special sales tax (`special_tax_id`, sales documents only) is stored with its terms as
 * they were when the line was computed (fixed per unit or percent), so a return or the JoFotara
 * document recomputes it the same way even after the tax is changed.
 */
import { money } from '@daftar/shared';
import type { TaxCalculationResult } from '@daftar/shared/schemas/taxes';
import type { SpecialTax } from '@daftar/shared/tax';
import { readById } from '../db/batch-get.js';
import { Tax } from '../db/tax.js';
import { uuidv7 } from '../platform/ids.js';
import { calculateTaxes } from '../taxes/calculate.js';
import type { LineInput, StoredLine } from './kind.js';

export type Totals = {
  subtotal: number;
  discount_total: number;
  net_total: number;
  special_tax_total: number;
  tax_total: number;
  gross_total: number;
};

/** A special tax's terms as the calculator takes them. */
export const specialTaxTerms = (tax: { special_tax_type?: string | null; special_tax_amount?: string | null; rate: string }): SpecialTax =>
  tax.special_tax_type === 'fixed' ? { type: 'fixed', amount_per_unit: tax.special_tax_amount ?? '0' } : { type: 'percent', percent: tax.rate };

/**
 * The usable special taxes the lines name, by id. One that is missing, of another organization,
 * not special or inactive is left out: the calculator then refuses it by id with the line's loc.
 */
async function usableSpecialTaxes(organizationId: string, inputs: readonly LineInput[]): Promise<Map<string, SpecialTax>> {
  const ids = inputs.map((l) => l.special_tax_id).filter((id): id is string => !!id);
  const out = new Map<string, SpecialTax>();
  if (!ids.length) return out;
  const taxes = await readById((keys) => Tax.get(keys).go({ consistent: true }), organizationId, ids, { what: 'taxes' });
  for (const tax of taxes.values()) if (tax.tax_category === 'special' && tax.is_active) out.set(tax.id, specialTaxTerms(tax));
  return out;
}

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
  const specialTaxes = await usableSpecialTaxes(organizationId, inputs);
  // A usable special tax goes to the calculator by its terms (the ones stored with the line); any
  // other goes by id, for the calculator to refuse at `lines.<i>.special_tax_id`.
  const termsOf = (line: LineInput) => (line.special_tax_id ? (specialTaxes.get(line.special_tax_id) ?? null) : null);
  const result: TaxCalculationResult = await calculateTaxes(organizationId, {
    currency: currency as money.CurrencyCode,
    lines: inputs.map((line) => {
      const terms = termsOf(line);
      return {
        quantity: line.quantity,
        unit_price: line.unit_price,
        discount: line.discount ?? null,
        tax_id: line.tax_id ?? null,
        tax_rate: line.tax_id ? null : '0',
        tax_category: line.tax_id ? null : 'exempt',
        special_tax_id: terms ? null : (line.special_tax_id ?? null),
        special_tax: terms,
        price_includes_tax: priceIncludesTax,
      };
    }),
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
      special_tax_id: input.special_tax_id ?? null,
      special_tax_terms: termsOf(input),
      subtotal: minor(figures.subtotal, currency),
      discount_amount: minor(figures.discount, currency),
      net: minor(figures.net, currency),
      special_tax: minor(figures.special_tax, currency),
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
      special_tax_total: minor(t.special_tax, currency),
      tax_total: minor(t.tax, currency),
      gross_total: minor(t.gross, currency),
    },
  };
}

/** What the client gave for a stored line. */
const givenFields = (line: StoredLine) => ({
  id: line.id,
  product_id: line.product_id,
  description: line.description,
  quantity: line.quantity,
  unit_price: line.unit_price,
  discount: line.discount,
  tax_id: line.tax_id,
  special_tax_id: line.special_tax_id ?? null,
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
    special_tax: text(line.special_tax ?? 0),
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

/** Special sales tax per special tax (minor units): a sales posting's special tax lines. */
export function specialTaxPerTax(lines: readonly Pick<StoredLine, 'special_tax' | 'special_tax_id'>[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of lines) {
    const amount = line.special_tax ?? 0;
    if (amount > 0 && line.special_tax_id) out.set(line.special_tax_id, (out.get(line.special_tax_id) ?? 0) + amount);
  }
  return out;
}
