/**
 * The tax rules shared by the forms and the API, without zod: the domain code (tax calculation,
 * posting) imports them from here, so a Lambda that calculates taxes does not build every tax
 * schema at cold start. `taxes.ts` re-exports them.
 */
import { parseDecimal } from '../money.js';
import { findJordanGstRate, jofotaraTaxCategory, JORDAN_SPECIAL_SALES_TAX, type JoFotaraTaxCategory } from '../jordanTax.js';
import type { SpecialTaxType, TaxPurchaseAccountSubtype, TaxRecordCategory, TaxSalesAccountSubtype } from './codes.js';

const isPositive = (rate: string) => parseDecimal(rate).coefficient > 0n;

export interface TaxRuleValues {
  rate?: string | null;
  tax_category: TaxRecordCategory;
  special_tax_type?: SpecialTaxType | null;
  special_tax_amount?: string | null;
  sales_account_subtype?: TaxSalesAccountSubtype | null;
  is_default?: boolean;
  is_active?: boolean;
}

export interface TaxRuleIssue {
  path: string;
  message: string;
}

/**
 * What makes a tax coherent: a standard tax has a positive rate; zero-rated and exempt taxes have
 * 0%; a special tax is either a percent (its `rate`) or a fixed amount per unit
 * (`special_tax_amount`, with rate 0); only special taxes carry special fields; a default tax is
 * active and is a general (not special) tax, since it is what a new line gets.
 */
export function taxRuleIssues(values: TaxRuleValues): TaxRuleIssue[] {
  const issues: TaxRuleIssue[] = [];
  const rate = values.rate ?? '0';
  const category = values.tax_category;
  if (category === 'standard' && !isPositive(rate)) {
    issues.push({ path: 'rate', message: 'A standard tax needs a rate above 0%' });
  }
  if ((category === 'zero_rated' || category === 'exempt') && isPositive(rate)) {
    issues.push({ path: 'rate', message: `${category === 'exempt' ? 'An exempt' : 'A zero-rated'} tax has a 0% rate` });
  }
  if (category === 'special') {
    if (!values.special_tax_type) {
      issues.push({ path: 'special_tax_type', message: 'A special tax is of type fixed or percent' });
    } else if (values.special_tax_type === 'percent') {
      if (!isPositive(rate)) issues.push({ path: 'rate', message: 'A percent special tax needs a rate above 0%' });
      if (values.special_tax_amount != null) {
        issues.push({ path: 'special_tax_amount', message: 'A percent special tax has a rate, not an amount' });
      }
    } else {
      if (values.special_tax_amount == null || !isPositive(values.special_tax_amount)) {
        issues.push({ path: 'special_tax_amount', message: 'A fixed special tax needs an amount per unit above 0' });
      }
      if (isPositive(rate)) issues.push({ path: 'rate', message: 'A fixed special tax has an amount per unit, not a rate' });
    }
    if (values.is_default) issues.push({ path: 'is_default', message: 'A special tax cannot be the default tax' });
  } else {
    if (values.special_tax_type != null) {
      issues.push({ path: 'special_tax_type', message: 'Only a special tax has a special tax type' });
    }
    if (values.special_tax_amount != null) {
      issues.push({ path: 'special_tax_amount', message: 'Only a special tax has a special tax amount' });
    }
    if (values.sales_account_subtype === 'special_tax_output') {
      issues.push({ path: 'sales_account_subtype', message: 'Only a special tax posts to special_tax_output' });
    }
  }
  if (values.is_default && values.is_active === false) {
    issues.push({ path: 'is_default', message: 'An inactive tax cannot be the default tax' });
  }
  return issues;
}

/**
 * JoFotara's TaxCategory code (JORDAN.md §1.3): S for a positive rate and for special tax, O for
 * zero-rated, Z for exempt.
 */
export function jofotaraCategoryOf(category: TaxRecordCategory, rate: string): JoFotaraTaxCategory {
  if (category === 'special') return JORDAN_SPECIAL_SALES_TAX.jofotara_category;
  return jofotaraTaxCategory(category, rate);
}

/** Whether JoFotara accepts the rate: standard rates must be one of Jordan's set (1–10, 16%). */
export function isJoFotaraRate(category: TaxRecordCategory, rate: string): boolean {
  if (category === 'special') return true;
  return findJordanGstRate(rate, category) !== undefined;
}

/** The ledger subtypes a new tax posts to when its creator names none. */
export function defaultTaxAccountSubtypes(category: TaxRecordCategory): {
  sales_account_subtype: TaxSalesAccountSubtype;
  purchase_account_subtype: TaxPurchaseAccountSubtype;
} {
  return {
    sales_account_subtype: category === 'special' ? 'special_tax_output' : 'vat_output',
    purchase_account_subtype: 'vat_input',
  };
}

