import { ApiError } from './api-client';
import { i18n } from './i18n';

/**
 * Form-error helpers that need no form library: a zod issue or a 422 `detail` entry turned into a
 * message in the reader's language, and a 422 answer read as `{loc, msg, type}` issues.
 *
 * This module imports no schema (nor zod), so it may sit in the sign-in chunk. The table of the
 * shared schemas' own messages (lib/validation, which loads zod) is loaded on first use by
 * `loadMessageTable()`; forms built with `useZodForm` load it before their first validation.
 */

/** A message keyed by its dotted path (`contact_id`, `lines`, `lines.2.quantity`). */
export type FormErrors = Record<string, string>;
/** The old name: the document forms' errors. */
export type DocumentErrors = FormErrors;

/** One entry of a 422 answer's `detail` list (SPEC §8; functions/src/platform/errors.ts). */
export interface ServerIssue {
  loc: readonly (string | number)[];
  msg: string;
  /** The zod issue code (`too_small`, `invalid_format`, …) or a domain reason (`value_error`, …). */
  type: string;
  /** `loc` without its source (`body`, `query`, `path`), dotted: `lines.0.quantity`; '' for the whole body. */
  path: string;
}

/** What a zod issue (or a server issue) tells us; the params are a zod issue's own fields. */
export interface IssueLike {
  code?: string;
  message: string;
  /** too_small / too_big */
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  /** invalid_type */
  expected?: string;
  /** invalid_format */
  format?: string;
  /**
   * The message is zod's own default (the schema wrote none): the code and params say it better,
   * in the reader's language. A message the schema (or the server) wrote is kept.
   */
  generic?: boolean;
}

type MessageTable = { translateValidationMessage: (message: string) => string; validationMessageKey: (message: string) => string | undefined };
let table: MessageTable | null = null;
let tableLoading: Promise<MessageTable> | null = null;

/** lib/validation registers itself when it loads. */
export function registerMessageTable(loaded: MessageTable) {
  table = loaded;
}

/** Loads the shared schemas' message table (it comes with zod, so it is a chunk of its own). */
export function loadMessageTable(): Promise<MessageTable> {
  if (table) return Promise.resolve(table);
  tableLoading ??= import('./validation').then((module) => (table = module));
  return tableLoading;
}

const SOURCES = new Set(['body', 'query', 'path']);

/** `['body', 'lines', 0, 'quantity']` → `lines.0.quantity`. */
export function pathOfLoc(loc: readonly PropertyKey[]): string {
  const rest = loc.length > 0 && SOURCES.has(String(loc[0])) ? loc.slice(1) : loc;
  return rest.map(String).join('.');
}

/** The `{loc, msg, type}` issues of a 422 answer; null when the error is not a validation answer. */
export function serverIssues(errorOrBody: unknown): ServerIssue[] | null {
  let body = errorOrBody;
  if (errorOrBody instanceof ApiError) {
    if (errorOrBody.status !== 422) return null;
    body = errorOrBody.body;
  }
  if (!body || typeof body !== 'object' || !('detail' in body) || !Array.isArray(body.detail)) return null;
  const issues = (body.detail as unknown[]).flatMap((entry): ServerIssue[] => {
    if (!entry || typeof entry !== 'object' || !('msg' in entry) || typeof entry.msg !== 'string') return [];
    const loc = 'loc' in entry && Array.isArray(entry.loc) ? (entry.loc as (string | number)[]) : [];
    const type = 'type' in entry && typeof entry.type === 'string' ? entry.type : 'value_error';
    return [{ loc, msg: entry.msg, type, path: pathOfLoc(loc) }];
  });
  return issues.length ? issues : null;
}

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options ?? {});
const num = (value: number | bigint | undefined) => (value === undefined ? undefined : Number(value));

/** zod's own English wording (its default messages), whatever the issue says it is. */
const ZOD_WORDING = /^(Invalid input|Invalid option|Invalid string|Invalid (element|key|union|discriminator)|Too (big|small)|Expected|Unrecognized key|Required$|Invalid$|Invalid number|Invalid date)/i;

/** A message for a zod issue code and its params; null when the code alone says too little. */
function byCode(issue: IssueLike): string | null {
  const min = num(issue.minimum);
  const max = num(issue.maximum);
  switch (issue.code) {
    case 'too_small':
      if (min === undefined) return null;
      if (issue.origin === 'number' || issue.origin === 'bigint') return t(min === 0 ? 'validation.notNegative' : 'validation.numberTooSmall', { min });
      if (issue.origin === 'string') return min <= 1 ? t('validation.required') : t('validation.tooShort', { min });
      if (issue.origin === 'array' || issue.origin === 'set') return min <= 1 ? t('validation.required') : t('validation.tooFewItems', { min });
      return t('validation.invalid');
    case 'too_big':
      if (max === undefined) return null;
      if (issue.origin === 'number' || issue.origin === 'bigint') return t('validation.numberTooBig', { max });
      if (issue.origin === 'string') return t('validation.tooLong', { max });
      if (issue.origin === 'array' || issue.origin === 'set') return t('validation.tooManyItems', { max });
      return t('validation.invalid');
    case 'invalid_type':
      return issue.expected === 'number' || issue.expected === 'int' ? t('validation.number') : issue.expected ? t('validation.required') : null;
    case 'invalid_format':
      return issue.format === 'email' ? t('validation.invalidEmail') : issue.format ? t('validation.format') : null;
    case 'invalid_value':
    case 'invalid_union':
      return t('validation.choice');
    case 'unrecognized_keys':
      return t('validation.unknownField');
    case 'not_multiple_of':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return t('validation.invalid');
    default:
      return null;
  }
}

/** zod's default English without its code (a message alone): what it says, in the reader's language. */
function byZodWording(message: string): string {
  if (/received undefined|^Required$/i.test(message)) return t('validation.required');
  if (/expected (number|int)/i.test(message)) return t('validation.number');
  if (/^Invalid (option|discriminator)/i.test(message)) return t('validation.choice');
  if (/^Unrecognized key/i.test(message)) return t('validation.unknownField');
  const big = /^Too big: expected \w+ to have <=?(\d+) (characters|items)/i.exec(message);
  if (big) return t(big[2] === 'items' ? 'validation.tooManyItems' : 'validation.tooLong', { max: Number(big[1]) });
  const bigNumber = /^Too big: expected number to be <=?(-?[\d.]+)/i.exec(message);
  if (bigNumber) return t('validation.numberTooBig', { max: Number(bigNumber[1]) });
  const smallNumber = /^Too small: expected number to be >=?(-?[\d.]+)/i.exec(message);
  if (smallNumber) return t('validation.numberTooSmall', { min: Number(smallNumber[1]) });
  if (/^Too small: expected (string|array) to have >=?1 /i.test(message)) return t('validation.required');
  return t('validation.invalid');
}

/**
 * Schema and server texts that follow a pattern (`Rate has at most 4 decimal places`,
 * `quantity must be at most 100`), in the reader's language; null for any other.
 */
function byPattern(message: string): string | null {
  let m: RegExpExecArray | null;
  if ((m = /at most (\d+) decimal(?: place)?s?\b/i.exec(message))) return t('validation.maxDecimals', { max: Number(m[1]) });
  if ((m = /must be at most (-?[\d.]+)%?$/i.exec(message))) return t('validation.numberTooBig', { max: m[1] });
  if (/out of range|too large|too big/i.test(message)) return t('validation.outOfRange');
  if (/must be (greater|more) than zero$|must be positive$|above 0%?$/i.test(message)) return t('validation.positive');
  if (/must (be zero or more|not be negative)$|non-negative$/i.test(message)) return t('validation.notNegative');
  if (/^(Not a (decimal|finite) number|A decimal must be)|decimal such as/i.test(message)) return t('validation.decimal');
  if (/^.+ is required$/i.test(message)) return t('validation.required');
  if (/must (be on or before|not be after) /i.test(message)) return t('validation.dateRange');
  if (/(is|be) a year such as/i.test(message)) return t('validation.year');
  if (/cannot be before the issue date/i.test(message)) return t('validation.dueBeforeIssue');
  if (/at least (one|two) lines?/i.test(message)) return t('validation.linesRequired');
  if (/^A line needs a description$/i.test(message)) return t('validation.lineDescription');
  if (/^Nothing to update$/i.test(message)) return t('validation.nothingToUpdate');
  // A scale-label layout whose prefix and item code do not make a 13-digit label (shared/src/barcodes.ts).
  if ((m = /^With (\d)-digit item codes a prefix has (\d) digits?:/.exec(message))) return t('validation.scalePrefixLength', { item: m[1], prefix: m[2] });
  for (const [pattern, key] of SCHEMA_RULES) if (pattern.test(message)) return t(`validation.${key}`);
  // Stock refusals (functions/src/inventory/stock.ts).
  if ((m = /^Only ([\d.]+) of (.+) on hand; ([\d.]+) needed$/.exec(message))) return t('validation.stockShortNeeded', { available: m[1], product: m[2], needed: m[3] });
  if ((m = /^Only ([\d.]+) of (.+) on hand$/.exec(message))) return t('validation.stockShort', { available: m[1], product: m[2] });
  if ((m = /^(.+) does not track stock$/.exec(message))) return t('validation.notTracked', { product: m[1] });
  if ((m = /^([\d.]+) of (.+) are reserved for customers; release the reservation before counting fewer$/.exec(message))) return t('validation.reservedStock', { reserved: m[1], product: m[2] });
  // The till's refusals of a return or a deposit (functions/src/pos/sales.ts, store-credit.ts).
  if ((m = /^Only ([\d.]+) of (.+) can still be returned$/.exec(message))) return t('validation.returnTooMuch', { available: m[1], product: m[2] });
  for (const [pattern, key] of TILL_REFUSALS) if (pattern.test(message)) return t(`validation.${key}`);
  // The catalogue import's findings (functions/src/products/import/run.ts, shared/src/barcodes.ts).
  if ((m = /^SKU (.+) is also on row (\d+)$/.exec(message))) return t('validation.skuRepeated', { sku: m[1], row: m[2] });
  if ((m = /^Barcode (\S+) is also on row (\d+)$/.exec(message))) return t('validation.barcodeRepeated', { barcode: m[1], row: m[2] });
  if ((m = /^Barcode (\S+) is already used by (.+)$/.exec(message))) return t('validation.barcodeTaken', { barcode: m[1], product: m[2] });
  if ((m = /^The check digit of barcode (\S+) is wrong$/.exec(message))) return t('validation.checkDigit', { barcode: m[1] });
  if ((m = /^No (product|service) category is called "(.+)"$/.exec(message))) return t(`validation.unknownCategory_${m[1]}`, { name: m[2] });
  if ((m = /^No active tax is called or has the rate "(.+)"$/.exec(message))) return t('validation.unknownTax', { name: m[1] });
  return null;
}

/**
 * The shared schemas' refinements that would otherwise reach the generic "this value is not
 * valid": each says what to change (validation-coverage.test.ts fails on any that reaches it).
 * Their English speaks the API's field names (`annual_amount`), so English readers get these too.
 */
const SCHEMA_RULES: readonly (readonly [RegExp, string])[] = [
  [/^An IBAN is a 2-letter country code/i, 'iban'],
  [/^An opening balance needs the date/i, 'openingBalanceDate'],
  [/^Map either an amount column or debit\/credit columns/i, 'statementAmountColumns'],
  [/^mapping must be JSON/i, 'mappingJson'],
  [/^Give amounts or annual_amount, not both$/i, 'budgetAmountsOrAnnual'],
  [/^Give 12 monthly amounts or an annual_amount$/i, 'budgetAmountsNeeded'],
  [/^Phone must have 4 to 15 digits$/i, 'phoneDigits'],
  [/^The Arabic name must contain Arabic letters$/i, 'arabicName'],
  [/^A reimbursable expense was paid by the employee/i, 'reimbursablePaidFrom'],
  [/^Give either user_id or email$/i, 'userOrEmail'],
  [/^GST is filed for January.February/i, 'taxPeriodMonth'],
  [/^Only a special tax has a special tax type$/i, 'specialTaxType'],
  [/^Only a special tax has a special tax amount$/i, 'specialTaxAmount'],
  [/^Give tax_id or tax_rate, not both$/i, 'taxOrRate'],
  [/^The category comes from the tax; give tax_category only with tax_rate$/i, 'categoryWithRate'],
  [/^Give special_tax_id or special_tax, not both$/i, 'specialTaxOrAmount'],
  [/^Enter an amount such as 1\.250 \(at most three decimals\)$/i, 'amountThreeDecimals'],
  [/^Enter a quantity such as 2 or 0\.750 \(at most three decimals\)$/i, 'quantityThreeDecimals'],
  [/^A barcode holds letters, digits and dashes only$/i, 'barcodeCharacters'],
  [/^A SKU cannot contain # or double spaces$/i, 'skuCharacters'],
  [/^This barcode is listed twice$/i, 'barcodeTwice'],
  [/^A service has no stock to track$/i, 'serviceNotTracked'],
  [/^A receipt needs the unit cost$/i, 'receiptUnitCost'],
  [/^Say where the goods leave from$/i, 'transferFrom'],
  [/^Say where the goods go$/i, 'transferTo'],
  [/^Enter a unit cost such as 0\.250 \(at most three decimals\)$/i, 'unitCostThreeDecimals'],
  [/^Enter a quantity such as -2 or 0\.750 \(at most three decimals\)$/i, 'signedQuantityThreeDecimals'],
  [/^Count at least one product$/i, 'countOneProduct'],
  [/^At most 5,000 products in one count$/i, 'countTooMany'],
  // The till (shared/src/schemas/pos.ts).
  [/^A quantity is greater than zero$/i, 'quantityPositive'],
  [/^Enter an amount greater than zero$/i, 'amountPositive'],
  [/^A return without a receipt needs the customer$/i, 'receiptlessCustomer'],
  [/^Name the sold line returned$/i, 'returnLine'],
  [/^A return without a receipt names the product and its price$/i, 'receiptlessProduct'],
  [/^A name or a phone number is enough, but one is needed$/i, 'nameOrPhone'],
  [/^A receipt prefix is 1 to 8 capital letters or digits$/i, 'receiptPrefix'],
  [/^Ids made by the register are UUIDs$/i, 'registerIds'],
  [/^A receipt id is a time-ordered UUID \(version 7\)/i, 'registerIds'],
  // Promotions (shared/src/schemas/promotions.ts).
  [/^The end comes after the start$/i, 'promotionEndAfterStart'],
  // Cash flow (shared/src/schemas/cashflow.ts).
  [/^A forecast is for 30, 60 or 90 days$/i, 'forecastHorizon'],
  [/^A transfer moves money between your own accounts; post it in banking$/i, 'cashFlowNoTransfer'],
  [/^Say what it is$/i, 'cashFlowDescription'],
  [/^Give an amount per day or a percentage$/i, 'forecastAdjustmentAmount'],
  [/^Type something to search for$/i, 'searchTermRequired'],
  [/^Give both ends of the hours, or neither$/i, 'promotionHoursBoth'],
  [/^A percentage is more than 0 and at most 100$/i, 'promotionPercentRange'],
  [/^A percentage such as 10 or 12\.5$/i, 'promotionPercentFormat'],
  [/^A time such as 09:00 or 22:30$/i, 'promotionTime'],
  [/^A date and time with its offset/i, 'promotionInstant'],
  [/^A tiered reward has at least one tier$/i, 'promotionTierNeeded'],
  [/^Give the cart: its lines, or cart_total and item_count$/i, 'promotionCartNeeded'],
  // Gift cards (shared/src/schemas/giftCards.ts), and the gift-card server's fixed refusals.
  [/^A PIN is 4 to 6 digits$/i, 'giftCardPin'],
  [/^A gift card number is 16 digits; check the number on the card$/i, 'giftCardNumber'],
  [/^Say how the card was paid for$/i, 'giftCardPaidHow'],
  [/^A promotional card is given, not paid for$/i, 'giftCardPromotional'],
  [/^Only a promotional card is given without payment$/i, 'giftCardNotGiven'],
  [/^Enter an amount such as 5\.000 or -5\.000 \(at most three decimals\)$/i, 'signedAmountThreeDecimals'],
  [/^An adjustment is not zero$/i, 'adjustmentNotZero'],
  [/^Say why the balance is adjusted$/i, 'adjustmentReason'],
  [/^Give the reason for suspending the card$/i, 'suspendReason'],
  [/^Make at least one card$/i, 'cardsAtLeastOne'],
  [/^At most 500 cards at once$/i, 'cardsBatchMax'],
  [/^At most 100 cards at once$/i, 'cardsOperationMax'],
  [/^Choose at least one card$/i, 'chooseCard'],
  [/^Activating cards needs the amount on each and how they were paid$/i, 'bulkActivateAmount'],
  [/^Activating a card needs the amount on it$/i, 'activateAmount'],
  [/^Only a gift card payment names a card$/i, 'giftCardPaymentOnly'],
  [/^Enter the card[’']s PIN$/i, 'giftCardPinRequired'],
  [/^Too many wrong PINs: the card is locked for 30 minutes$/i, 'giftCardPinLocked'],
  [/^The card holds nothing to refund; deactivate it instead$/i, 'giftCardNothingToRefund'],
  [/^A promotional card was given, not bought: deactivate it instead$/i, 'giftCardPromotionalRefund'],
  [/^The card changed meanwhile; reload it and try again$/i, 'giftCardChanged'],
  [/^Only an admin or owner adjusts a gift card$/i, 'giftCardAdjustAdmins'],
  [/^No gift card has this number$/i, 'giftCardNoNumber'],
  [/^Gift card not found$/i, 'giftCardNotFound'],
  // Layaway (shared/src/schemas/layaway.ts).
  [/^A layaway holds at least one item$/i, 'layawayItemsNeeded'],
  [/^At most 20 items$/i, 'layawayItemsMax'],
  [/^Give the new quantity or unit price$/i, 'layawayItemChange'],
  [/^The due date comes after the start date$/i, 'layawayDueAfterStart'],
  [/^The deposit is at least the minimum deposit$/i, 'layawayMinimumDeposit'],
  [/^Give the reason for cancelling$/i, 'layawayCancelReason'],
  [/^Choose at least one layaway$/i, 'chooseLayaway'],
  [/^At most 100 layaways at once$/i, 'layawaysOperationMax'],
  // Loyalty (shared/src/schemas/loyalty.ts, shared/src/pos/loyalty.ts).
  [/^Points per JOD is greater than zero$/i, 'loyaltyPointsPerUnit'],
  [/^A point is worth more than zero$/i, 'loyaltyPointValue'],
  [/^A multiplier is greater than zero$/i, 'loyaltyMultiplier'],
  [/^The redemption rate is between 0 and 1$/i, 'loyaltyRedemptionRate'],
  [/^Two tiers start at the same points$/i, 'loyaltyTiersDistinct'],
  [/^Points are not zero$/i, 'loyaltyPointsNotZero'],
  [/^Say why the points change$/i, 'loyaltyReason'],
  [/^Points are at least 1$/i, 'loyaltyPointsAtLeastOne'],
  [/^A reward costs at least 1 point$/i, 'loyaltyRewardCost'],
  [/^A discount reward gives an amount greater than zero$/i, 'loyaltyRewardDiscount'],
  [/^A free item reward names the product$/i, 'loyaltyRewardProduct'],
  [/^Choose the program to enroll in$/i, 'loyaltyChooseProgram'],
  [/^The points are worth more than the sale comes to$/i, 'loyaltyPointsOverSale'],
  // Payments (shared/src/schemas/payments.ts).
  [/^A cheque[’']s due date cannot be before the payment date$/i, 'chequeDueBeforePayment'],
  // The scale-label layout (shared/src/barcodes.ts, the organization's scale_barcodes).
  [/^A scale prefix starts with 2 or 02/i, 'scalePrefixFormat'],
  [/^This prefix is listed twice$/i, 'scalePrefixTwice'],
  [/^List at least one scale prefix$/i, 'scalePrefixesNeeded'],
  [/^At most \d+ scale prefixes$/i, 'scalePrefixesMax'],
  [/^An item code has 4 to 6 digits$/i, 'scaleItemDigits'],
];

/** The till's fixed refusals, in the reader's language. */
const TILL_REFUSALS: readonly (readonly [RegExp, string])[] = [
  [/^Only a manager \(admin or owner\) can take a return without a receipt$/, 'receiptlessManagers'],
  [/^This organization does not take returns without a receipt$/, 'receiptlessNever'],
  [/^A return without a receipt is refunded as store credit$/, 'receiptlessStoreCredit'],
  [/^Store credit needs the customer$/, 'storeCreditCustomer'],
  [/^The refund is more than the sale has left to give back$/, 'refundTooMuch'],
  [/^The sale returned was not found$/, 'returnSaleNotFound'],
  [/^The shop owes the customer on this ticket: no payment is taken$/, 'returnNoPayment'],
  [/^Money paid in at a till needs the open session$/, 'depositSession'],
  [/^The session is closed; open a new session$/, 'sessionClosed'],
];

/** English written for programs, not people: field names, minor units, a decimal's raw text. */
const MACHINE_WORDING = /\b[a-z]+_[a-z_]+\b|out of range|minor units|^Not a (decimal|finite) number|^A decimal must be/;

const isEnglish = () => (i18n.resolvedLanguage ?? i18n.language ?? 'en').startsWith('en');

/**
 * A zod issue (or a 422 entry as `{code: type, message: msg}`) in the reader's language: a message
 * the shared schemas wrote on purpose and that has a translation (`Password is required`) is shown
 * translated; zod's own default message is replaced by one chosen by the issue code and its params
 * (`too_big` + `maximum: 255` → “at most 255 characters”); any other message (a schema's or the
 * server's own wording) is shown as written.
 */
export function translateIssue(issue: IssueLike): string {
  const key = table?.validationMessageKey(issue.message);
  if (key) {
    const min = num(issue.minimum);
    const max = num(issue.maximum);
    return i18n.t(`validation.${key}`, { defaultValue: issue.message, min: min ?? 8, max });
  }
  // zod's own wording, whether or not the caller knew it was (a 422's `msg`, a message alone).
  if (issue.generic || ZOD_WORDING.test(issue.message)) return byCode(issue) ?? byZodWording(issue.message);
  // A schema's (or the server's) own English is shown as written to an English reader unless it
  // speaks in code (`start_date`, minor units); any other reader gets it by its pattern, else by
  // what its code says, in their language.
  if (isEnglish() && issue.message && !MACHINE_WORDING.test(issue.message)) return issue.message;
  return byPattern(issue.message) ?? (byCode(issue) ?? t('validation.invalid'));
}

/**
 * A schema's message in the reader's language when its pattern is known, else as written: for
 * lists of server findings (an import's row errors) where a generic "invalid" would say less.
 */
export function readerMessage(message: string): string {
  if (isEnglish()) return message;
  return byPattern(message) ?? message;
}

/** A message that says more than a field's one-line hint (too large, too many decimals); undefined for any other. */
export function specificIssueMessage(message: string): string | undefined {
  const exact = /at most \d+ decimal|must be at most |out of range|too large|too big/i.test(message);
  return exact ? (byPattern(message) ?? undefined) : undefined;
}

/**
 * zod issues (the shared schemas) as path-keyed messages, first one per path. `translate` turns a
 * schema's English message into the reader's language, knowing the path it belongs to; without
 * it, `translateIssue` decides by code and params.
 */
export function errorsFromIssues(
  issues: readonly (Omit<IssueLike, 'code'> & { code?: string; path: readonly PropertyKey[] })[],
  translate?: (message: string, path: string) => string,
): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || 'form';
    errors[path] ??= translate ? translate(issue.message, path) : translateIssue(issue);
  }
  return errors;
}

/**
 * A 422 answer's `detail` list (`loc: ['body', 'lines', 2, 'quantity']`) as path-keyed messages;
 * null when the error is not a validation answer.
 */
export function errorsFromValidationDetail(body: unknown, translate?: (message: string, path: string, type: string) => string): FormErrors | null {
  const issues = serverIssues(body);
  if (!issues) return null;
  const errors: FormErrors = {};
  for (const issue of issues) {
    const path = issue.path || 'form';
    errors[path] ??= translate ? translate(issue.msg, path, issue.type) : translateIssue({ code: issue.type, message: issue.msg });
  }
  return errors;
}

/** The first message at `field` or under it (`lines` → `lines.2.quantity`). */
export function firstErrorOf(errors: Readonly<FormErrors>, field: string): string | undefined {
  const key = Object.keys(errors).find((k) => k === field || k.startsWith(`${field}.`));
  return key === undefined ? undefined : errors[key];
}
