/** Money arrives as decimal text; its sign is read from the text, never through a float. */
export const isNegativeAmount = (amount: string) => amount.trim().startsWith('-') && !/^-0*(\.0*)?$/.test(amount.trim());
export const isZeroAmount = (amount: string) => /^-?0*(\.0*)?$/.test(amount.trim());

/** "-12.500" → "12.500": the same amount without its sign. */
export const withoutSign = (amount: string) => amount.trim().replace(/^-/, '');
