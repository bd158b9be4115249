/**
 * Taxes of an organization (sales and purchase tax codes), the tax calculator and the Jordan GST
 * setup. Rates are percent decimals ("16", "7.5", at most 4 decimals) kept as canonical text, never
 * as floats; the figures come from `tax.ts`, and JoFotara's category codes from `jordanTax.ts`.
 */
import * as z from 'zod';
import { CURRENCY_CODES, formatDecimal, MoneyError, parseDecimal, type DecimalInput } from '../money.js';
import { MAX_RATE_DECIMALS, MAX_UNIT_PRICE_DECIMALS, TAX_CATEGORIES } from '../tax.js';
import { id, pagination, queryBoolean } from './common.js';
import { TAX_RECORD_CATEGORIES, SPECIAL_TAX_TYPES, TAX_SALES_ACCOUNT_SUBTYPES, TAX_PURCHASE_ACCOUNT_SUBTYPES } from './codes.js';
import { taxRuleIssues, type TaxRuleValues } from './taxRules.js';

export { TAX_RECORD_CATEGORIES, SPECIAL_TAX_TYPES, TAX_SALES_ACCOUNT_SUBTYPES, TAX_PURCHASE_ACCOUNT_SUBTYPES } from './codes.js';
export type { TaxRecordCategory, SpecialTaxType, TaxSalesAccountSubtype, TaxPurchaseAccountSubtype } from './codes.js';

/**
 * Jordan tax (GST registration) numbers: digits only; 7 digits in the EY format and Odoo's samples,
 * 8 in the ISTD guide's examples, "maybe more" (JORDAN.md §2.2), so 7 to 10.
 */
export const JORDAN_TAX_NUMBER_PATTERN = /^\d{7,10}$/;
export const gstRegistrationNumber = z
  .string()
  .trim()
  .regex(JORDAN_TAX_NUMBER_PATTERN, 'GST registration number must be 7 to 10 digits');

// ---------------------------------------------------------------------------------------------
// Decimal inputs

/** A decimal as requests carry it; `tax.ts` and the rules below read it exactly. */
export const decimalInput = z.union([z.string().max(64), z.number()]);

const canonicalDecimal = (maxDecimals: number, label: string, max?: number) =>
  decimalInput.transform((value: DecimalInput, ctx) => {
    let text: string;
    try {
      const decimal = parseDecimal(typeof value === 'string' ? value.trim() : value);
      if (decimal.scale > maxDecimals) {
        ctx.addIssue({ code: 'custom', message: `${label} has at most ${maxDecimals} decimal places` });
        return z.NEVER;
      }
      if (decimal.coefficient < 0n) {
        ctx.addIssue({ code: 'custom', message: `${label} must be zero or more` });
        return z.NEVER;
      }
      text = formatDecimal(decimal);
      if (max !== undefined && decimal.coefficient > BigInt(max) * 10n ** BigInt(decimal.scale)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be at most ${max}` });
        return z.NEVER;
      }
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: error instanceof MoneyError ? error.message : `${label} must be a decimal number` });
      return z.NEVER;
    }
    return text;
  });

/** A percent from 0 to 100 with at most 4 decimals, answered as canonical text ("16", "7.5"). */
export const taxRate = canonicalDecimal(MAX_RATE_DECIMALS, 'Rate', 100);
/** A fixed special tax per unit, in the document's currency, at most 9 decimals (as a unit price). */
export const specialTaxAmount = canonicalDecimal(MAX_UNIT_PRICE_DECIMALS, 'Special tax amount');

export { defaultTaxAccountSubtypes, isJoFotaraRate, jofotaraCategoryOf, taxRuleIssues } from './taxRules.js';
export type { TaxRuleIssue, TaxRuleValues } from './taxRules.js';

const addRuleIssues = (values: TaxRuleValues, ctx: z.RefinementCtx) => {
  for (const issue of taxRuleIssues(values)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
};

// ---------------------------------------------------------------------------------------------
// Tax records

/** Codes are unique per organization, compared upper-case: "vat16" and "VAT16" are one code. */
export const taxCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/, 'Code is 1 to 32 letters, digits, dots, dashes or underscores')
  .transform((v) => v.toUpperCase());

const taxName = z.string().trim().min(1, 'Name is required').max(200);
const optionalText = (max: number) => z.string().trim().max(max).nullish();

const taxFields = {
  name: taxName,
  name_ar: optionalText(200),
  description: optionalText(1000),
  code: taxCode.nullish(),
  /** Percent; defaults to 0 (zero-rated, exempt, fixed special tax). */
  rate: taxRate.optional(),
  tax_category: z.enum(TAX_RECORD_CATEGORIES).default('standard'),
  special_tax_type: z.enum(SPECIAL_TAX_TYPES).nullish(),
  special_tax_amount: specialTaxAmount.nullish(),
  /** Default vat_output (special_tax_output for a special tax). */
  sales_account_subtype: z.enum(TAX_SALES_ACCOUNT_SUBTYPES).nullish(),
  /** Default vat_input; null: the tax is not recoverable and stays in the cost of what was bought. */
  purchase_account_subtype: z.enum(TAX_PURCHASE_ACCOUNT_SUBTYPES).nullish(),
  /** The tax a new line gets; one per organization (setting it moves the mark). */
  is_default: z.boolean().default(false),
  is_active: z.boolean().default(true),
};

export const taxCreate = z.strictObject(taxFields).superRefine((v, ctx) => addRuleIssues(v, ctx));
export type TaxCreate = z.output<typeof taxCreate>;

/**
 * Every field optional and without defaults; null clears an optional field. The rules are checked
 * again on the stored tax merged with the change. `version`, when given, must match.
 */
export const taxUpdate = z
  .strictObject({
    name: taxName.optional(),
    name_ar: taxFields.name_ar,
    description: taxFields.description,
    code: taxFields.code,
    rate: taxRate.optional(),
    tax_category: z.enum(TAX_RECORD_CATEGORIES).optional(),
    special_tax_type: taxFields.special_tax_type,
    special_tax_amount: taxFields.special_tax_amount,
    sales_account_subtype: z.enum(TAX_SALES_ACCOUNT_SUBTYPES).optional(),
    purchase_account_subtype: taxFields.purchase_account_subtype,
    is_default: z.boolean().optional(),
    is_active: z.boolean().optional(),
    version: z.number().int().min(1).optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'version'), 'Nothing to update');
export type TaxUpdate = z.output<typeof taxUpdate>;

export const taxListQuery = pagination.extend({
  include_inactive: queryBoolean.default(false),
  tax_category: z.enum(TAX_RECORD_CATEGORIES).optional(),
});
export type TaxListQuery = z.output<typeof taxListQuery>;

export const taxPublic = z.object({
  id: z.string(),
  organization_id: z.string(),
  code: z.string().nullable(),
  name: z.string(),
  name_ar: z.string().nullable(),
  description: z.string().nullable(),
  /** Percent, canonical text ("16"); for a fixed special tax "0". */
  rate: z.string(),
  tax_category: z.enum(TAX_RECORD_CATEGORIES),
  jofotara_category: z.enum(['S', 'Z', 'O']),
  /** False for a standard rate outside Jordan's set: JoFotara would refuse invoices using it. */
  jofotara_supported: z.boolean(),
  special_tax_type: z.enum(SPECIAL_TAX_TYPES).nullable(),
  /** Per unit, decimal text, for a fixed special tax. */
  special_tax_amount: z.string().nullable(),
  sales_account_subtype: z.enum(TAX_SALES_ACCOUNT_SUBTYPES),
  purchase_account_subtype: z.enum(TAX_PURCHASE_ACCOUNT_SUBTYPES).nullable(),
  is_default: z.boolean(),
  is_active: z.boolean(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TaxPublic = z.infer<typeof taxPublic>;

/** The short form for pickers (`GET taxes/list`). */
export const taxOption = taxPublic.pick({
  id: true,
  code: true,
  name: true,
  name_ar: true,
  rate: true,
  tax_category: true,
  jofotara_category: true,
  special_tax_type: true,
  special_tax_amount: true,
  is_default: true,
  is_active: true,
});
export type TaxOption = z.infer<typeof taxOption>;

// ---------------------------------------------------------------------------------------------
// Calculator

const lineDiscount = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('amount'), amount: decimalInput }),
  z.strictObject({ type: z.literal('percent'), percent: decimalInput }),
]);
const inlineSpecialTax = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('fixed'), amount_per_unit: decimalInput }),
  z.strictObject({ type: z.literal('percent'), percent: decimalInput }),
]);

/**
 * One line: the general tax is either a stored tax (`tax_id`) or given inline (`tax_rate`, and
 * `tax_category` for a 0% rate); a special tax likewise (`special_tax_id` or `special_tax`).
 * Quantities, prices and rates are checked by `tax.ts`, whose errors point at the field.
 */
export const taxCalculationLine = z
  .strictObject({
    quantity: decimalInput,
    unit_price: decimalInput,
    discount: lineDiscount.nullish(),
    tax_id: id.nullish(),
    tax_rate: decimalInput.nullish(),
    tax_category: z.enum(TAX_CATEGORIES).nullish(),
    special_tax_id: id.nullish(),
    special_tax: inlineSpecialTax.nullish(),
    price_includes_tax: z.boolean().default(false),
  })
  .superRefine((line, ctx) => {
    if (line.tax_id != null && line.tax_rate != null) {
      ctx.addIssue({ code: 'custom', path: ['tax_rate'], message: 'Give tax_id or tax_rate, not both' });
    } else if (line.tax_id == null && line.tax_rate == null) {
      ctx.addIssue({ code: 'custom', path: ['tax_id'], message: 'Give tax_id or tax_rate' });
    }
    if (line.tax_id != null && line.tax_category != null) {
      ctx.addIssue({ code: 'custom', path: ['tax_category'], message: 'The category comes from the tax; give tax_category only with tax_rate' });
    }
    if (line.special_tax_id != null && line.special_tax != null) {
      ctx.addIssue({ code: 'custom', path: ['special_tax'], message: 'Give special_tax_id or special_tax, not both' });
    }
  });
export type TaxCalculationLine = z.output<typeof taxCalculationLine>;

export const MAX_CALCULATION_LINES = 500;

export const taxCalculationRequest = z.strictObject({
  lines: z.array(taxCalculationLine).min(1, 'At least one line is required').max(MAX_CALCULATION_LINES),
  /** Defaults to the organization's base currency. */
  currency: z.enum(CURRENCY_CODES).optional(),
});
export type TaxCalculationRequest = z.output<typeof taxCalculationRequest>;

const amounts = {
  net: z.string(),
  special_tax: z.string(),
  taxable_amount: z.string(),
  tax: z.string(),
  gross: z.string(),
};

export const taxCalculationResult = z.object({
  currency: z.string(),
  lines: z.array(
    z.object({
      tax_id: z.string().nullable(),
      special_tax_id: z.string().nullable(),
      tax_category: z.enum(TAX_CATEGORIES),
      jofotara_category: z.enum(['S', 'Z', 'O']),
      tax_rate: z.string(),
      price_includes_tax: z.boolean(),
      subtotal: z.string(),
      discount: z.string(),
      ...amounts,
    }),
  ),
  totals: z.object({ subtotal: z.string(), discount: z.string(), ...amounts }),
  /** One row per (category, rate): standard rates highest first, then zero-rated, then exempt. */
  breakdown: z.array(
    z.object({ tax_category: z.enum(TAX_CATEGORIES), jofotara_category: z.enum(['S', 'Z', 'O']), tax_rate: z.string(), ...amounts }),
  ),
});
export type TaxCalculationResult = z.infer<typeof taxCalculationResult>;

// ---------------------------------------------------------------------------------------------
// Jordan GST

export const jordanGstDefault = z.object({
  country: z.literal('JO'),
  currency: z.literal('JOD'),
  standard_rate: z.string(),
  /** GST returns are filed every two months (JORDAN.md §2.2). */
  return_period_months: z.number().int(),
  rates: z.array(
    z.object({
      code: z.string(),
      rate: z.string(),
      tax_category: z.enum(TAX_CATEGORIES),
      jofotara_category: z.enum(['S', 'Z', 'O']),
      name: z.string(),
      name_ar: z.string(),
      /** The organization's tax with this code, once set up. */
      tax_id: z.string().nullable(),
    }),
  ),
  special_sales_tax: z.object({
    name: z.string(),
    name_ar: z.string(),
    jofotara_category: z.literal('S'),
    jofotara_tax_scheme: z.literal('OTH'),
  }),
  /** Every rate of the set exists as a tax of the organization. */
  is_set_up: z.boolean(),
  gst_registration_number: z.string().nullable(),
});
export type JordanGstDefault = z.infer<typeof jordanGstDefault>;

/** An empty `gst_registration_number=` keeps the stored number, as leaving it out does. */
export const jordanGstSetupQuery = z.object({
  gst_registration_number: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    gstRegistrationNumber.optional(),
  ),
});

export const jordanGstSetupResult = z.object({
  message: z.string(),
  created: z.number().int(),
  existing: z.number().int(),
  gst_registration_number: z.string().nullable(),
  /** The set, in the order of the Jordan rate list: 16, 10, 8, 7, 5, 4, 3, 2, 1, zero-rated, exempt. */
  taxes: z.array(taxPublic),
});
export type JordanGstSetupResult = z.infer<typeof jordanGstSetupResult>;

