/**
 * The tax calculator behind `POST taxes/calculate`: resolves each line's taxes (stored or inline)
 * and lets `shared/src/tax.ts` do every figure, so an invoice computed later gives the same fils.
 */
import { money, tax as taxMath, type TaxLineInput } from '@daftar/shared';
import { jofotaraCategoryOf } from '@daftar/shared/schemas/taxRules';
import type { TaxCalculationRequest, TaxCalculationResult } from '@daftar/shared/schemas/taxes';
import { readById } from '../db/batch-get.js';
import { Tax, type TaxRecord } from '../db/tax.js';
import { organizationSettings } from '../organizations/settings.js';
import { ValidationError, type ValidationIssue } from '../platform/errors.js';

/** The organization's taxes named by the lines (BatchGet; another organization's id is simply absent). */
const taxesById = (organizationId: string, ids: string[]) =>
  readById<TaxRecord>((keys) => Tax.get(keys).go({ consistent: true }), organizationId, ids, { what: 'taxes' });

const issue = (loc: (string | number)[], msg: string): ValidationIssue => ({ loc: ['body', ...loc], msg, type: 'value_error' });

/** `tax.ts`'s refusal as a 422 entry: its `loc` already points into the body (`lines`, i, field). */
function taxErrorIssue(error: unknown, fallback: (string | number)[]): ValidationIssue {
  if (error instanceof taxMath.TaxError) return issue([...error.loc], error.message);
  if (error instanceof money.MoneyError) return issue(fallback, error.message);
  throw error;
}

export async function calculateTaxes(organizationId: string, request: TaxCalculationRequest): Promise<TaxCalculationResult> {
  const currency = request.currency ?? (await organizationSettings(organizationId)).currency;
  const ids = request.lines.flatMap((l) => [l.tax_id, l.special_tax_id]).filter((id): id is string => !!id);
  const taxes = ids.length ? await taxesById(organizationId, ids) : new Map<string, TaxRecord>();

  const issues: ValidationIssue[] = [];
  const inputs: TaxLineInput[] = [];
  request.lines.forEach((line, index) => {
    const at = (field: string) => ['lines', index, field];
    const input: TaxLineInput = {
      quantity: line.quantity,
      unit_price: line.unit_price,
      discount: line.discount ?? null,
      tax_rate: line.tax_rate ?? '0',
      tax_category: line.tax_category ?? undefined,
      special_tax: line.special_tax ?? null,
      price_includes_tax: line.price_includes_tax,
    };
    if (line.tax_id) {
      const general = taxes.get(line.tax_id);
      if (!general) issues.push(issue(at('tax_id'), 'Tax not found'));
      else if (general.tax_category === 'special') issues.push(issue(at('tax_id'), `${general.name} is a special tax; give it as special_tax_id`));
      else if (!general.is_active) issues.push(issue(at('tax_id'), `${general.name} is inactive`));
      else {
        input.tax_rate = general.rate;
        input.tax_category = general.tax_category;
      }
    }
    if (line.special_tax_id) {
      const special = taxes.get(line.special_tax_id);
      if (!special) issues.push(issue(at('special_tax_id'), 'Tax not found'));
      else if (special.tax_category !== 'special') issues.push(issue(at('special_tax_id'), `${special.name} is not a special tax; give it as tax_id`));
      else if (!special.is_active) issues.push(issue(at('special_tax_id'), `${special.name} is inactive`));
      else {
        input.special_tax =
          special.special_tax_type === 'fixed'
            ? { type: 'fixed', amount_per_unit: special.special_tax_amount ?? '0' }
            : { type: 'percent', percent: special.rate };
      }
    }
    inputs.push(input);
  });
  // Every line is checked, so one answer lists every mistake.
  inputs.forEach((input, index) => {
    try {
      taxMath.calculateLineTax(input, currency, ['lines', index]);
    } catch (error) {
      if (!issues.some((i) => i.loc[2] === index)) issues.push(taxErrorIssue(error, ['lines', index]));
    }
  });
  if (issues.length) throw new ValidationError(issues);

  let document: taxMath.TaxDocument;
  try {
    document = taxMath.calculateDocumentTax(inputs, currency);
  } catch (error) {
    throw new ValidationError([taxErrorIssue(error, ['lines'])]);
  }
  const text = money.formatMoney;
  const amounts = (m: { net: money.Money; special_tax: money.Money; taxable_amount: money.Money; tax: money.Money; gross: money.Money }) => ({
    net: text(m.net),
    special_tax: text(m.special_tax),
    taxable_amount: text(m.taxable_amount),
    tax: text(m.tax),
    gross: text(m.gross),
  });
  return {
    currency: document.currency,
    lines: document.lines.map((line, index) => ({
      tax_id: request.lines[index]!.tax_id ?? null,
      special_tax_id: request.lines[index]!.special_tax_id ?? null,
      tax_category: line.category,
      jofotara_category: jofotaraCategoryOf(line.category, line.tax_rate),
      tax_rate: line.tax_rate,
      price_includes_tax: line.price_includes_tax,
      subtotal: text(line.subtotal),
      discount: text(line.discount),
      ...amounts(line),
    })),
    totals: { subtotal: text(document.totals.subtotal), discount: text(document.totals.discount), ...amounts(document.totals) },
    breakdown: document.breakdown.map((row) => ({
      tax_category: row.category,
      jofotara_category: jofotaraCategoryOf(row.category, row.tax_rate),
      tax_rate: row.tax_rate,
      ...amounts(row),
    })),
  };
}
