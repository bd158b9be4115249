/**
 * Report amounts arrive as decimal strings (or numbers, SPEC §3). Only the sign is read here, to
 * colour a figure; the figure itself is formatted from the string.
 */
export const isNegative = (amount: string | number | null | undefined) => Number(amount ?? 0) < 0;

export const isZero = (amount: string | number | null | undefined) => Number(amount ?? 0) === 0;

/** SPEC §2: green when zero or positive, red when negative. */
export const signColor = (amount: string | number | null | undefined) => (isNegative(amount) ? 'red' : 'green');
