import * as z from 'zod';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, PASSWORD_MIN_LENGTH } from '../constants.js';
import { ROLES } from '../roles.js';

/** Messages are the SPEC §5 texts, so the forms and the API say the same thing. */
export const messages = {
  invalidEmail: 'Invalid email address',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordRequired: 'Password is required',
  passwordsDoNotMatch: 'The passwords do not match',
  passwordConfirmationRequired: 'Password confirmation is required',
  date: 'Date must be YYYY-MM-DD',
  calendarDate: 'Not a valid calendar date',
} as const;

export const email = z
  .string()
  .trim()
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, messages.invalidEmail)
  .transform((v) => v.toLowerCase());

export const password = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .max(128, 'Password must be at most 128 characters');

export const role = z.enum(ROLES);

export const id = z.string().min(1).max(64);

/** Query booleans arrive as strings. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** True for a real Gregorian date written YYYY-MM-DD (no 2025-02-30, no 2025-13-01), years 1900–9999. */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * THE schema of a calendar date (a day, no time) in every body and query: YYYY-MM-DD naming a day
 * the Gregorian calendar has. Every date field of the API uses it (functions/src/http/dates.test.ts
 * walks the route table to make sure); wrap it (`.optional()`, `.nullish()`), never copy it.
 */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: messages.date, abort: true })
  .refine(isCalendarDate, messages.calendarDate);

/** @deprecated The same schema object as `calendarDate`, under its older name: use `calendarDate`. */
export const date = calendarDate;
export const dateTime = z.iso.datetime({ offset: true }).or(calendarDate);

export const pagination = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(DEFAULT_PAGE_LIMIT),
});

export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), count: z.number().int() });

export const message = z.object({ message: z.string() });

/** A stored narrative (shared/src/narrative.ts): a message key and the values it names. */
export const narrativePublic = z.object({
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).optional(),
});

/**
 * An amount as a request carries it: a plain non-negative decimal string or number, in major
 * units. Its precision is checked against the organization's currency where the currency is known
 * (the ledger turns it into minor units with `parseMoney`, never through a float).
 */
export const ledgerAmountInput = z.union([
  z.string().trim().regex(/^\d{1,15}(\.\d{1,9})?$/, 'Amount must be a non-negative decimal such as 12.345'),
  z.number().finite().nonnegative('Amount must not be negative').max(1e15),
]);

/** A price or cost as typed: a non-negative decimal with at most three decimals (fils). */
export const priceInput = z
  .union([z.string().trim(), z.number().finite()])
  .transform((v) => (typeof v === 'number' ? String(v) : v))
  .pipe(z.string().regex(/^\d{1,12}(\.\d{1,3})?$/, 'Enter an amount such as 1.250 (at most three decimals)'));

/** A quantity as typed: a non-negative decimal with at most three decimals. */
export const quantityInput = z
  .union([z.string().trim(), z.number().finite()])
  .transform((v) => (typeof v === 'number' ? String(v) : v))
  .pipe(z.string().regex(/^\d{1,9}(\.\d{1,3})?$/, 'Enter a quantity such as 2 or 0.750 (at most three decimals)'));
