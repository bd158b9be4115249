/**
 * Printed invoices and credit notes (bilingual A4 PDFs, documents/pdf/): what the seller, the
 * buyer and the tax office read. A tax invoice («فاتورة ضريبية») shows the seller's and the buyer's
 * tax numbers, every line with its tax, the totals per tax rate and the amount due; a credit note
 * («إشعار دائن») names the invoice it corrects. `qr` is JoFotara's QR payload once the invoice has
 * been reported (issue #6).
 */
import { money, type TaxCategory } from '@daftar/shared';
import { Contact, type ContactRecord } from '../db/contact.js';
import { outstandingOf, type InvoiceRecord } from '../db/invoice.js';
import { returnLinesOf, type InvoiceReturnRecord } from '../db/invoiceReturn.js';
import type { OrganizationItem } from '../db/organization.js';
import { readOrganization } from '../organizations/settings.js';
import { hasRtlLetters, isolateLtr } from '../documents/pdf/bidi.js';
import {
  renderDocumentPdf,
  type Bilingual,
  type PrintedDocument,
  type PrintedFact,
  type PrintedLine,
  type PrintedParty,
  type PrintedTaxRow,
  type PrintedTotal,
} from '../documents/pdf/layout.js';
import { linesOf } from './invoices.js';

/** The bilingual document layout every printed invoice and credit note goes through. */
export { renderDocumentPdf };

export interface PrintingParties {
  organization: OrganizationItem;
  /** Null only if the customer record is gone; the document then prints without buyer details. */
  contact: ContactRecord | null;
}

export async function printingParties(organizationId: string, contactId: string): Promise<PrintingParties> {
  const [organization, { data: contact }] = await Promise.all([
    readOrganization(organizationId),
    Contact.get({ organization_id: organizationId, id: contactId }).go(),
  ]);
  return { organization, contact };
}

/** "1,234.500": grouped for reading, at the currency's precision. */
export function printedAmount(minor: number, currency: string): string {
  const text = money.formatMoney(money.fromMinorUnits(minor, currency));
  const [whole = '', fraction] = text.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${minor < 0 ? '-' : ''}${grouped}${fraction !== undefined ? `.${fraction}` : ''}`;
}

const distinct = (values: (string | null | undefined)[]) => [...new Set(values.map((v) => v?.trim()).filter((v): v is string => !!v))];

const fact = (en: string, ar: string, value: string | null | undefined): PrintedFact[] => (value ? [{ label: { en, ar }, value }] : []);

function addressLines(place: { address?: string; city?: string; governorate?: string; postal_code?: string; phone?: string; email?: string }): string[] {
  const parts = distinct([place.address, place.city, place.governorate, place.postal_code]);
  const address = parts.join(parts.some(hasRtlLetters) ? '، ' : ', ');
  return distinct([address, place.phone, place.email]);
}

function seller(organization: OrganizationItem): PrintedParty {
  return {
    heading: { en: 'Seller', ar: 'البائع' },
    // The Arabic business name under the English one, so a reader of either language finds theirs.
    names: distinct([organization.legal_name, organization.name, organization.name_ar]),
    facts: [
      ...fact('Tax number', 'الرقم الضريبي', organization.tax_number),
      ...fact('Sales tax reg.', 'رقم تسجيل المبيعات', organization.gst_registration_number),
      ...fact('Commercial reg.', 'السجل التجاري', organization.commercial_registration),
    ],
    details: addressLines(organization),
  };
}

function buyer(contact: ContactRecord | null): PrintedParty {
  return {
    heading: { en: 'Buyer', ar: 'المشتري' },
    names: contact ? distinct([contact.name, contact.name_ar]) : ['—'],
    facts: contact
      ? [...fact('Tax number', 'الرقم الضريبي', contact.tax_number), ...fact('National ID', 'الرقم الوطني', contact.national_id)]
      : [],
    details: contact ? addressLines(contact) : [],
  };
}

interface FigureLine {
  description: string;
  quantity: string;
  unit_price: string;
  tax_category: TaxCategory;
  tax_rate: string;
  discount_amount: number;
  net: number;
  /** Absent on documents written before special sales tax. */
  special_tax?: number;
  tax: number;
  gross: number;
}

const rateLabel = (category: TaxCategory, rate: string) => (category === 'standard' ? `${rate}%` : category === 'zero_rated' ? '0%' : '—');

function printedLines(lines: FigureLine[], currency: string): PrintedLine[] {
  const amount = (minor: number) => printedAmount(minor, currency);
  return lines.map((l) => ({
    description: l.description,
    quantity: l.quantity,
    unitPrice: l.unit_price,
    discount: l.discount_amount ? amount(l.discount_amount) : '',
    net: amount(l.net),
    taxRate: rateLabel(l.tax_category, l.tax_rate),
    tax: amount(l.tax),
    gross: amount(l.gross),
  }));
}

const CATEGORY_ORDER: Record<TaxCategory, number> = { standard: 0, zero_rated: 1, exempt: 2 };

/**
 * Taxable amount and tax per (category, rate): standard rates first, highest first, then zero-rated,
 * then exempt; then the special sales tax on the nets that carry it. The general tax's taxable
 * amount includes the special tax (JORDAN.md §2.1).
 */
function taxRows(lines: FigureLine[], currency: string): PrintedTaxRow[] {
  const rows = new Map<string, { category: TaxCategory; rate: string; taxable: number; tax: number }>();
  const special = { taxable: 0, tax: 0 };
  for (const line of lines) {
    const key = `${line.tax_category}:${line.tax_rate}`;
    const row = rows.get(key) ?? { category: line.tax_category, rate: line.tax_rate, taxable: 0, tax: 0 };
    row.taxable += line.net + (line.special_tax ?? 0);
    row.tax += line.tax;
    rows.set(key, row);
    if (line.special_tax) {
      special.taxable += line.net;
      special.tax += line.special_tax;
    }
  }
  const specialRow: PrintedTaxRow[] = special.tax
    ? [{ label: SPECIAL_TAX_LABEL, taxable: printedAmount(special.taxable, currency), tax: printedAmount(special.tax, currency) }]
    : [];
  const labels: Record<TaxCategory, (rate: string) => Bilingual> = {
    standard: (rate) => ({ en: `Sales tax ${rate}%`, ar: `ضريبة المبيعات ${rate}%` }),
    zero_rated: () => ({ en: 'Zero-rated 0%', ar: 'خاضع بنسبة الصفر' }),
    exempt: () => ({ en: 'Exempt', ar: 'معفى من الضريبة' }),
  };
  return [...rows.values()]
    .sort((a, b) => CATEGORY_ORDER[a.category] - CATEGORY_ORDER[b.category] || Number(b.rate) - Number(a.rate))
    .map((row) => ({ label: labels[row.category](row.rate), taxable: printedAmount(row.taxable, currency), tax: printedAmount(row.tax, currency) }))
    .concat(specialRow);
}

const SPECIAL_TAX_LABEL: Bilingual = { en: 'Special sales tax', ar: 'الضريبة الخاصة' };

/** The special sales tax total, printed only when the document carries one. */
const specialTaxTotal = (minor: number | undefined, currency: string): PrintedTotal[] =>
  minor ? [total(SPECIAL_TAX_LABEL.en, SPECIAL_TAX_LABEL.ar, minor, currency)] : [];

function currencyOf(code: string) {
  const info = money.currencyInfo(code);
  return { code, en: info.name_en, ar: info.name_ar };
}

const total = (en: string, ar: string, minor: number, currency: string, strong = false): PrintedTotal => ({
  label: { en, ar },
  value: strong ? `${printedAmount(minor, currency)} ${currency}` : printedAmount(minor, currency),
  strong,
});

export interface InvoicePdfOptions {
  /** JoFotara's QR payload (issue #6); drawn under the tax summary when given. */
  qr?: string;
}

export function invoiceFilename(invoice: InvoiceRecord): string {
  return invoice.number ? `${invoice.number}.pdf` : `invoice-draft-${invoice.id.slice(-12)}.pdf`;
}

export async function invoicePdf(invoice: InvoiceRecord, parties: PrintingParties, options: InvoicePdfOptions = {}): Promise<Buffer> {
  const { organization, contact } = parties;
  const currency = invoice.currency;
  const lines = linesOf(invoice);
  const draft = invoice.status === 'draft';
  const reference = invoice.number ?? 'DRAFT';
  const totals: PrintedTotal[] = [
    ...(invoice.discount_total
      ? [total('Subtotal', 'المجموع قبل الخصم', invoice.subtotal, currency), total('Discount', 'الخصم', invoice.discount_total, currency)]
      : []),
    total('Total excl. tax', 'المجموع دون الضريبة', invoice.net_total, currency),
    ...specialTaxTotal(invoice.special_tax_total, currency),
    total('Sales tax', 'ضريبة المبيعات', invoice.tax_total, currency),
    total('Total incl. tax', 'الإجمالي شامل الضريبة', invoice.gross_total, currency, true),
    ...(invoice.amount_paid ? [total('Paid', 'المدفوع', invoice.amount_paid, currency)] : []),
    ...(invoice.amount_credited ? [total('Credit notes', 'إشعارات دائنة', invoice.amount_credited, currency)] : []),
    total('Amount due', 'المبلغ المستحق', draft ? invoice.gross_total : outstandingOf(invoice), currency, true),
  ];
  const printed: PrintedDocument = {
    title: { en: 'Tax invoice', ar: 'فاتورة ضريبية' },
    reference,
    draft,
    facts: [
      { label: { en: 'Invoice number', ar: 'رقم الفاتورة' }, value: invoice.number ?? 'DRAFT — مسودة' },
      { label: { en: 'Issue date', ar: 'تاريخ الإصدار' }, value: invoice.issue_date },
      ...fact('Due date', 'تاريخ الاستحقاق', invoice.due_date),
      ...fact('Reference', 'المرجع', invoice.reference),
    ],
    seller: seller(organization),
    buyer: buyer(contact),
    currency: currencyOf(currency),
    lines: printedLines(lines, currency),
    taxRows: taxRows(lines, currency),
    totals,
    remarks: invoice.notes ? [{ label: { en: 'Notes', ar: 'ملاحظات' }, text: invoice.notes }] : [],
    qr: options.qr,
    metadata: {
      title: `Tax invoice ${reference} — فاتورة ضريبية`,
      author: organization.legal_name ?? organization.name,
      subject: `Tax invoice ${reference} for ${contact?.name ?? 'customer'}`,
    },
  };
  return renderDocumentPdf(printed);
}

export const creditNoteFilename = (credit: InvoiceReturnRecord) => `${credit.number}.pdf`;

/** `invoice` is the original, for its issue date (null if it could not be read). */
export async function creditNotePdf(credit: InvoiceReturnRecord, invoice: InvoiceRecord | null, parties: PrintingParties): Promise<Buffer> {
  const { organization, contact } = parties;
  const currency = credit.currency;
  const lines = returnLinesOf(credit);
  const printed: PrintedDocument = {
    title: { en: 'Credit note', ar: 'إشعار دائن' },
    reference: credit.number,
    draft: false,
    facts: [
      { label: { en: 'Credit note no.', ar: 'رقم الإشعار' }, value: credit.number },
      { label: { en: 'Issue date', ar: 'تاريخ الإصدار' }, value: credit.issue_date },
      { label: { en: 'Original invoice', ar: 'الفاتورة الأصلية' }, value: credit.invoice_number },
      ...fact('Invoice date', 'تاريخ الفاتورة', invoice?.issue_date),
    ],
    seller: seller(organization),
    buyer: buyer(contact),
    currency: currencyOf(currency),
    lines: printedLines(lines, currency),
    taxRows: taxRows(lines, currency),
    totals: [
      ...(credit.discount_total
        ? [total('Subtotal', 'المجموع قبل الخصم', credit.subtotal, currency), total('Discount', 'الخصم', credit.discount_total, currency)]
        : []),
      total('Total excl. tax', 'المجموع دون الضريبة', credit.net_total, currency),
      ...specialTaxTotal(credit.special_tax_total, currency),
      total('Sales tax', 'ضريبة المبيعات', credit.tax_total, currency),
      total('Total credited', 'إجمالي الإشعار', credit.gross_total, currency, true),
      total('Off the invoice balance', 'مخصوم من رصيد الفاتورة', credit.applied_to_invoice, currency),
      total('Store credit', 'رصيد دائن للعميل', credit.store_credit, currency),
    ],
    remarks: [
      { label: { en: 'Reason for the return', ar: 'سبب الإرجاع' }, text: credit.reason },
      {
        label: { en: 'Corrects', ar: 'يصحح' },
        text: `This credit note corrects invoice ${credit.invoice_number}.\nيصحح هذا الإشعار الفاتورة رقم ${isolateLtr(credit.invoice_number)}.`,
      },
    ],
    metadata: {
      title: `Credit note ${credit.number} — إشعار دائن`,
      author: organization.legal_name ?? organization.name,
      subject: `Credit note ${credit.number} against invoice ${credit.invoice_number}`,
    },
  };
  return renderDocumentPdf(printed);
}
