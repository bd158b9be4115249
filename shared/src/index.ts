export * from './constants.js';
export * from './roles.js';
export * as schemas from './schemas/index.js';
export * as money from './money.js';
export * as tax from './tax.js';
export * as jordanTax from './jordanTax.js';
export type { Money, CurrencyCode } from './money.js';
export type { TaxCategory, TaxLineInput, TaxLine, TaxDocument } from './tax.js';
export * as jofotara from './jofotara/index.js';
