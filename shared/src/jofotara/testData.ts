/**
 * Documents the tests build, one per situation the builder must handle. Test support only; not
 * exported from the package. Identifiers are fixed so that the golden files stay byte-stable.
 */
import type { JoFotaraDocument, JoFotaraInvoiceInput, JoFotaraReturnInput, JoFotaraSeller } from './types.js';

export const SELLER: JoFotaraSeller = {
  tin: '12345678',
  registered_name: 'شركة دفتر للتجارة',
  income_source_sequence: '9932895',
};

export const INCOME_CASH_WALK_IN: JoFotaraInvoiceInput = {
  kind: 'invoice',
  id: 'INV-2025-0001',
  uuid: '0193f6a2-7c1e-7a10-9b42-3c5d6e7f8a01',
  icv: 1,
  issue_date: '2025-04-01',
  note: 'Walk-in sale',
  track: 'income',
  payment_method: 'cash',
  seller: SELLER,
  buyer: null,
  lines: [
    { name: 'Consulting hour', quantity: '2', unit_price: '25.000' },
    { name: 'Printed report', quantity: '3.5', unit_price: '1.250', discount: '0.375' },
  ],
};

export const INCOME_RECEIVABLE: JoFotaraInvoiceInput = {
  kind: 'invoice',
  id: 'INV-2025-0002',
  uuid: '0193f6a2-7c1e-7a10-9b42-3c5d6e7f8a02',
  icv: 2,
  issue_date: '2025-04-02',
  track: 'income',
  payment_method: 'receivable',
  seller: SELLER,
  buyer: { id_scheme: 'NIN', id: '9861012345', name: 'سامي خليل', postal_code: '11118', governorate: 'JO-AM', phone: '+962 79 555 1234' },
  lines: [
    { name: 'Bookkeeping, April', quantity: '1', unit_price: '150.000', discount: '15.000' },
    { name: 'Tax filing', quantity: '1', unit_price: '75.500' },
  ],
};

export const GENERAL_CASH_MIXED_RATES: JoFotaraInvoiceInput = {
  kind: 'invoice',
  id: 'INV-2025-0003',
  uuid: '0193f6a2-7c1e-7a10-9b42-3c5d6e7f8a03',
  icv: 3,
  issue_date: '2025-04-03',
  note: 'Mixed rates & discounts <test>',
  track: 'general_sales',
  payment_method: 'cash',
  seller: SELLER,
  buyer: { id_scheme: 'PN', id: '4412345', name: 'John Smith', governorate: 'JO-AQ' },
  lines: [
    { name: 'Laptop', quantity: '1', unit_price: '649.990', discount: '50.000', tax: { category: 'S', rate: '16' } },
    { name: 'Tourist transport', quantity: '2.5', unit_price: '12.345', discount: '1.111', tax: { category: 'S', rate: '10' } },
    { name: 'Basic food basket', quantity: '3', unit_price: '7.333', tax: { category: 'S', rate: '5' } },
    { name: 'Fresh bread', quantity: '0.725', unit_price: '1.180', tax: { category: 'S', rate: '1' } },
    { name: 'Medical consultation', quantity: '1', unit_price: '40.000', tax: { category: 'Z', rate: '0' } },
    { name: 'Export shipment', quantity: '12', unit_price: '3.125', discount: '2.500', tax: { category: 'O', rate: '0' } },
  ],
};

export const GENERAL_RECEIVABLE: JoFotaraInvoiceInput = {
  kind: 'invoice',
  id: 'INV-2025-0004',
  uuid: '0193f6a2-7c1e-7a10-9b42-3c5d6e7f8a04',
  icv: 4,
  issue_date: '2025-04-04',
  track: 'general_sales',
  payment_method: 'receivable',
  seller: SELLER,
  buyer: {
    id_scheme: 'TN',
    id: '33445544',
    name: 'شركة الزرقاء للتوريدات',
    postal_code: '13110',
    governorate: 'JO-AZ',
    phone: '0791234567',
  },
  lines: [
    { name: 'Office chairs', quantity: '10', unit_price: '45.000', discount: '22.500', tax: { category: 'S', rate: '16' } },
    { name: 'Desk lamps', quantity: '4', unit_price: '12.750', tax: { category: 'S', rate: '16' } },
    { name: 'Delivery', quantity: '1', unit_price: '5.000', tax: { category: 'S', rate: '16' } },
  ],
};

export const GENERAL_ZERO_RATED: JoFotaraInvoiceInput = {
  kind: 'invoice',
  id: 'INV-2025-0005',
  uuid: '0193f6a2-7c1e-7a10-9b42-3c5d6e7f8a05',
  icv: 5,
  issue_date: '2025-04-05',
  track: 'general_sales',
  payment_method: 'cash',
  seller: SELLER,
  buyer: { id_scheme: 'PN', id: '77001234', name: 'Gulf Imports LLC' },
  lines: [{ name: 'Olive oil for export', quantity: '120', unit_price: '6.400', discount: '24.000', tax: { category: 'O', rate: '0' } }],
};

export const GENERAL_EXEMPT: JoFotaraInvoiceInput = {
  kind: 'invoice',
  id: 'INV-2025-0006',
  uuid: '0193f6a2-7c1e-7a10-9b42-3c5d6e7f8a06',
  icv: 6,
  issue_date: '2025-04-06',
  track: 'general_sales',
  payment_method: 'receivable',
  seller: SELLER,
  buyer: { id_scheme: 'NIN', id: '9901055555', name: 'Layla Haddad' },
  lines: [
    { name: 'Physiotherapy session', quantity: '6', unit_price: '30.000', tax: { category: 'Z', rate: '0' } },
    { name: 'Home visit', quantity: '1', unit_price: '20.000', discount: '20.000', tax: { category: 'Z', rate: '0' } },
  ],
};

export const SPECIAL_CASH: JoFotaraInvoiceInput = {
  kind: 'invoice',
  id: 'INV-2025-0007',
  uuid: '0193f6a2-7c1e-7a10-9b42-3c5d6e7f8a07',
  icv: 7,
  issue_date: '2025-04-07',
  track: 'special_sales',
  payment_method: 'cash',
  seller: SELLER,
  buyer: { id_scheme: 'TN', id: '20011223', name: 'Irbid Mini Market', governorate: 'JO-IR' },
  lines: [
    // The guide's worked example (GUIDE p.69): 10 × 50 − 5 = 495, special 10, general 10% of 505 = 50.5.
    {
      name: 'Cigarettes, carton',
      quantity: '10',
      unit_price: '50.000',
      discount: '5.000',
      tax: { category: 'S', rate: '10' },
      special_tax: { type: 'fixed', amount_per_unit: '1.000' },
    },
    {
      name: 'Energy drink',
      quantity: '24',
      unit_price: '0.850',
      discount: '0.400',
      tax: { category: 'S', rate: '16' },
      special_tax: { type: 'percent', percent: '20' },
    },
    { name: 'Lighter', quantity: '3', unit_price: '0.333', tax: { category: 'S', rate: '16' } },
    { name: 'Bottled water', quantity: '6', unit_price: '0.250', tax: { category: 'Z', rate: '0' }, special_tax: { type: 'fixed', amount_per_unit: '0.010' } },
  ],
};

export const SPECIAL_RECEIVABLE: JoFotaraInvoiceInput = {
  kind: 'invoice',
  id: 'INV-2025-0008',
  uuid: '0193f6a2-7c1e-7a10-9b42-3c5d6e7f8a08',
  icv: 8,
  issue_date: '2025-04-08',
  track: 'special_sales',
  payment_method: 'receivable',
  seller: SELLER,
  buyer: { id_scheme: 'TN', id: '31122334', name: 'Madaba Wholesale', postal_code: '17110', governorate: 'JO-MD' },
  lines: [
    {
      name: 'Tobacco, 1 kg',
      quantity: '2.125',
      unit_price: '37.999',
      discount: '1.234',
      tax: { category: 'S', rate: '16' },
      special_tax: { type: 'percent', percent: '12.5' },
    },
  ],
};

/** Unit prices at nine decimals (a tax-inclusive price taken apart) on fractional quantities. */
export const GENERAL_NINE_DECIMALS: JoFotaraInvoiceInput = {
  kind: 'invoice',
  id: 'INV-2025-0009',
  uuid: '0193f6a2-7c1e-7a10-9b42-3c5d6e7f8a09',
  icv: 9,
  issue_date: '2025-04-09',
  track: 'general_sales',
  payment_method: 'receivable',
  seller: SELLER,
  buyer: { id_scheme: 'TN', id: '54321', name: 'Ahmad' },
  lines: [
    { name: 'product_a', quantity: '3.48', unit_price: '0.95377843', discount: '0.082978723', tax: { category: 'S', rate: '16' } },
    { name: 'product_b', quantity: '6.02', unit_price: '1.705796038', discount: '0.256722304', tax: { category: 'S', rate: '16' } },
    { name: 'product_c', quantity: '1.333', unit_price: '2.718281828', discount: '0.000000001', tax: { category: 'S', rate: '7' } },
  ],
};

export const INCOME_RETURN: JoFotaraReturnInput = {
  kind: 'return',
  id: 'RET-2025-0001',
  uuid: '0193f6a2-7c1e-7a10-9b42-3c5d6e7f8b01',
  icv: 10,
  issue_date: '2025-04-10',
  reason: 'Report returned unused',
  original: INCOME_RECEIVABLE,
  lines: [{ line_number: 1, quantity: '1' }],
};

export const GENERAL_PARTIAL_RETURN: JoFotaraReturnInput = {
  kind: 'return',
  id: 'RET-2025-0002',
  uuid: '0193f6a2-7c1e-7a10-9b42-3c5d6e7f8b02',
  icv: 11,
  issue_date: '2025-04-11',
  note: 'Second return against INV-2025-0003',
  reason: 'Damaged in transit',
  original: GENERAL_CASH_MIXED_RATES,
  lines: [
    { line_number: 2, quantity: '1.25', returned_before: '0.5' },
    { line_number: 5, quantity: '1' },
    { line_number: 6, quantity: '5' },
  ],
};

export const SPECIAL_RETURN: JoFotaraReturnInput = {
  kind: 'return',
  id: 'RET-2025-0003',
  uuid: '0193f6a2-7c1e-7a10-9b42-3c5d6e7f8b03',
  icv: 12,
  issue_date: '2025-04-12',
  reason: 'Expired stock',
  original: SPECIAL_CASH,
  lines: [
    { line_number: 1, quantity: '4' },
    { line_number: 2, quantity: '24' },
  ],
};

export const SCENARIOS: ReadonlyArray<{ name: string; document: JoFotaraDocument }> = [
  { name: 'income-011-cash-walk-in', document: INCOME_CASH_WALK_IN },
  { name: 'income-021-receivable', document: INCOME_RECEIVABLE },
  { name: 'general-012-cash-mixed-rates', document: GENERAL_CASH_MIXED_RATES },
  { name: 'general-022-receivable', document: GENERAL_RECEIVABLE },
  { name: 'general-012-zero-rated', document: GENERAL_ZERO_RATED },
  { name: 'general-022-exempt', document: GENERAL_EXEMPT },
  { name: 'special-013-cash', document: SPECIAL_CASH },
  { name: 'special-023-receivable', document: SPECIAL_RECEIVABLE },
  { name: 'general-022-nine-decimals', document: GENERAL_NINE_DECIMALS },
  { name: 'income-021-return', document: INCOME_RETURN },
  { name: 'general-012-partial-return', document: GENERAL_PARTIAL_RETURN },
  { name: 'special-013-return', document: SPECIAL_RETURN },
];
