import type { PromotionRuleInput } from '@daftar/shared/schemas/promotions';
import type { FormIssue } from '../../../lib/form-schema';
import { instantOf, wallTimeOf } from './time';

/** The conditions a rule can hold, in the order the "+ condition" menu offers them. */
export const CONDITIONS = ['products', 'categories', 'min_quantity', 'min_subtotal', 'customers', 'locations', 'period', 'days', 'hours'] as const;
export type Condition = (typeof CONDITIONS)[number];

/**
 * A rule as the builder holds it: the conditions the person added (in the order added) and each
 * condition's fields as typed. Only the added conditions are sent.
 */
export interface RuleValues {
  conditions: Condition[];
  product_ids: string[];
  category_ids: string[];
  min_quantity: string;
  min_subtotal: string;
  customer_ids: string[];
  location_ids: string[];
  /** The shop's wall time, as a datetime-local field holds it ("2026-12-04T09:00"). */
  starts_at: string;
  ends_at: string;
  days_of_week: number[];
  time_from: string;
  time_to: string;
}

export const emptyRule = (): RuleValues => ({
  conditions: [],
  product_ids: [],
  category_ids: [],
  min_quantity: '',
  min_subtotal: '',
  customer_ids: [],
  location_ids: [],
  starts_at: '',
  ends_at: '',
  days_of_week: [],
  time_from: '',
  time_to: '',
});

const given = (list: readonly unknown[] | undefined) => !!list && list.length > 0;

/** A stored rule in the builder: each condition it has is shown. */
export function ruleValuesOf(rule: PromotionRuleInput, timeZone: string): RuleValues {
  const has: Record<Condition, boolean> = {
    products: given(rule.product_ids),
    categories: given(rule.category_ids),
    min_quantity: rule.min_quantity !== undefined,
    min_subtotal: rule.min_subtotal !== undefined,
    customers: given(rule.customer_ids),
    locations: given(rule.location_ids),
    period: !!rule.starts_at || !!rule.ends_at,
    days: given(rule.days_of_week),
    hours: !!rule.time_from || !!rule.time_to,
  };
  return {
    conditions: CONDITIONS.filter((c) => has[c]),
    product_ids: [...(rule.product_ids ?? [])],
    category_ids: [...(rule.category_ids ?? [])],
    min_quantity: rule.min_quantity ?? '',
    min_subtotal: rule.min_subtotal ?? '',
    customer_ids: [...(rule.customer_ids ?? [])],
    location_ids: [...(rule.location_ids ?? [])],
    starts_at: wallTimeOf(rule.starts_at, timeZone),
    ends_at: wallTimeOf(rule.ends_at, timeZone),
    days_of_week: [...(rule.days_of_week ?? [])].sort((a, b) => a - b),
    time_from: rule.time_from ?? '',
    time_to: rule.time_to ?? '',
  };
}

/** A wall time as the instant the API takes; text it cannot read goes as typed, for the schema to refuse. */
const instantOrText = (wall: string, timeZone: string) => instantOf(wall, timeZone) ?? wall.trim();

/** The rule as the API takes it (promotionRuleInput): only the added conditions, blanks left out. */
export function rulePayload(values: RuleValues, timeZone: string): PromotionRuleInput {
  const on = (condition: Condition) => values.conditions.includes(condition);
  const text = (value: string) => value.trim() || undefined;
  const rule: PromotionRuleInput = {};
  if (on('products') && values.product_ids.length) rule.product_ids = [...values.product_ids];
  if (on('categories') && values.category_ids.length) rule.category_ids = [...values.category_ids];
  if (on('min_quantity') && text(values.min_quantity)) rule.min_quantity = values.min_quantity.trim();
  if (on('min_subtotal') && text(values.min_subtotal)) rule.min_subtotal = values.min_subtotal.trim();
  if (on('customers') && values.customer_ids.length) rule.customer_ids = [...values.customer_ids];
  if (on('locations') && values.location_ids.length) rule.location_ids = [...values.location_ids];
  if (on('period') && text(values.starts_at)) rule.starts_at = instantOrText(values.starts_at, timeZone);
  if (on('period') && text(values.ends_at)) rule.ends_at = instantOrText(values.ends_at, timeZone);
  if (on('days') && values.days_of_week.length) rule.days_of_week = [...values.days_of_week].sort((a, b) => a - b);
  if (on('hours') && text(values.time_from)) rule.time_from = values.time_from.trim();
  if (on('hours') && text(values.time_to)) rule.time_to = values.time_to.trim();
  return rule;
}

/** The field of a condition that holds its message when the condition was added but left empty. */
const EMPTY_FIELD: Record<Condition, keyof RuleValues> = {
  products: 'product_ids',
  categories: 'category_ids',
  min_quantity: 'min_quantity',
  min_subtotal: 'min_subtotal',
  customers: 'customer_ids',
  locations: 'location_ids',
  period: 'starts_at',
  days: 'days_of_week',
  hours: 'time_from',
};

/**
 * What only the builder can tell: a condition added and left empty would restrict nothing (an empty
 * list means "any" to the engine), which is never what the person meant. `message` is in the
 * reader's language already.
 */
export function emptyConditions(values: RuleValues, path: readonly (string | number)[], message: (condition: Condition) => string): FormIssue[] {
  return values.conditions.flatMap((condition) => {
    const empty =
      condition === 'period'
        ? !values.starts_at.trim() && !values.ends_at.trim()
        : condition === 'hours'
          ? !values.time_from.trim() && !values.time_to.trim()
          : (() => {
              const value = values[EMPTY_FIELD[condition]];
              return Array.isArray(value) ? value.length === 0 : !String(value).trim();
            })();
    return empty ? [{ path: [...path, EMPTY_FIELD[condition]], message: message(condition) }] : [];
  });
}
