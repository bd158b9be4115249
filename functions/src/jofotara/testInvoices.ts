/**
 * Test support: invoices built with the real UBL builder, so what the simulator sees is what a
 * submission will send. Not used by production code.
 */
import { randomUUID } from 'node:crypto';
import { jofotara } from '@daftar/shared';

export const TEST_SELLER: jofotara.JoFotaraSeller = {
  tin: '12345678',
  registered_name: 'شركة دفتر للتجارة',
  income_source_sequence: '9932895',
};

/** A general-sales cash invoice with two rates and a discount, and a fresh UUID unless given. */
export function generalSalesInvoice(overrides: Partial<Pick<jofotara.JoFotaraInvoiceInput, 'id' | 'uuid' | 'icv'>> = {}): jofotara.JoFotaraInvoiceInput {
  return {
    kind: 'invoice',
    id: overrides.id ?? `INV-${randomUUID().slice(0, 8)}`,
    uuid: overrides.uuid ?? randomUUID(),
    icv: overrides.icv ?? 1,
    issue_date: '2025-05-01',
    track: 'general_sales',
    payment_method: 'cash',
    seller: TEST_SELLER,
    buyer: null,
    lines: [
      { name: 'Laptop stand', quantity: '2', unit_price: '24.500', discount: '4.000', tax: { category: 'S', rate: '16' } },
      { name: 'Bread', quantity: '3', unit_price: '0.750', tax: { category: 'S', rate: '1' } },
    ],
  };
}

export const generalSalesInvoiceXml = (overrides?: Parameters<typeof generalSalesInvoice>[0]) => jofotara.buildInvoiceXml(generalSalesInvoice(overrides));

/** An income-track invoice (no tax), for track-authorization tests. */
export function incomeInvoiceXml(): string {
  return jofotara.buildInvoiceXml({
    kind: 'invoice',
    id: `INV-${randomUUID().slice(0, 8)}`,
    uuid: randomUUID(),
    icv: 1,
    issue_date: '2025-05-01',
    track: 'income',
    payment_method: 'cash',
    seller: TEST_SELLER,
    buyer: null,
    lines: [{ name: 'Consulting hour', quantity: '1', unit_price: '40.000' }],
  });
}
