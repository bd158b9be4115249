/**
 * Gift card numbers (issue 16): 16 digits, the last a Luhn check digit (ISO/IEC 7812), so a digit
 * typed wrong or two neighbours swapped at the counter is caught before any lookup. Numbers are
 * made by the server at random (never sequential: a sequential number lets anyone guess the next
 * card) and start with 9, a prefix no payment network issues, so a card terminal never mistakes
 * one for a bank card. Shown in groups of four; typed with or without spaces and dashes.
 */

export const GIFT_CARD_NUMBER_LENGTH = 16;
export const GIFT_CARD_NUMBER_PREFIX = '9';

/** The Luhn check digit for the digits before it. */
export function luhnCheckDigit(body: string): number {
  let sum = 0;
  // From the right, every second digit of the body (the ones next to the check digit) is doubled.
  for (let i = 0; i < body.length; i++) {
    let d = body.charCodeAt(body.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** Digits only: spaces and dashes a person types between the groups are dropped. */
export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** True for 16 digits whose last is the Luhn check digit of the others. */
export function isValidCardNumber(input: string): boolean {
  const digits = normalizeCardNumber(input);
  if (!/^\d+$/.test(digits) || digits.length !== GIFT_CARD_NUMBER_LENGTH) return false;
  return luhnCheckDigit(digits.slice(0, -1)) === Number(digits.at(-1));
}

/**
 * A new card number from `randomDigits` (the caller's source of randomness: crypto on the
 * server, a seeded one in tests): the prefix, 14 random digits and the check digit.
 */
export function makeCardNumber(randomDigits: (count: number) => string): string {
  const body = GIFT_CARD_NUMBER_PREFIX + randomDigits(GIFT_CARD_NUMBER_LENGTH - 2);
  if (!/^\d{15}$/.test(body)) throw new Error('randomDigits must give digits only');
  return body + String(luhnCheckDigit(body));
}

/** "9123 4567 8901 2345" */
export function formatCardNumber(input: string): string {
  return normalizeCardNumber(input).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "•••• •••• •••• 2345": what a receipt or a list prints. */
export function maskCardNumber(input: string): string {
  const digits = normalizeCardNumber(input);
  return `•••• •••• •••• ${digits.slice(-4)}`;
}
