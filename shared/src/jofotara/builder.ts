/**
 * Writes a JoFotara document as a UBL 2.1 `Invoice` (JORDAN.md §1.3; ISTD guide v1.4).
 *
 * Element order is the UBL 2.1 Invoice schema's, which is also the guide's and Odoo's: ProfileID,
 * ID, UUID, IssueDate, InvoiceTypeCode, Note, DocumentCurrencyCode, TaxCurrencyCode,
 * BillingReference (returns), AdditionalDocumentReference (ICV), AccountingSupplierParty,
 * AccountingCustomerParty, SellerSupplierParty, PaymentMeans (returns), AllowanceCharge, TaxTotal
 * (not on income), LegalMonetaryTotal, InvoiceLine….
 *
 * Track by track (GUIDE p.11–85):
 * - income: no TaxTotal anywhere; TaxInclusiveAmount = TaxExclusiveAmount − discounts.
 * - general sales: each line's TaxTotal holds the general tax, its RoundingAmount and one VAT
 *   TaxSubtotal; returns add a TaxSubtotal per rate to the document TaxTotal, PrepaidAmount 0 and
 *   BaseQuantity 1 (C62) on each price (GUIDE p.50–56).
 * - special sales: each line's TaxTotal has the special tax (scheme OTH, no Percent) first, then the
 *   general tax, computed on net + special tax; the line TaxAmount and the document TaxAmount are the
 *   general tax only.
 * Every amount carries currencyID="JO" (not JOD) and at most nine decimals.
 */
import {
  computeDocument,
  type ComputedDocument,
  type ComputedLine,
  type ComputedTaxGroup,
  type ValidatedBuyer,
} from './compute.js';
import { formatMillis, formatNanos, formatPlain } from './decimal.js';
import type { JoFotaraDocument } from './types.js';
import { element, serializeDocument, type XmlNode } from './xml.js';

export const UBL_INVOICE_NAMESPACE = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
export const UBL_CAC_NAMESPACE = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
export const UBL_CBC_NAMESPACE = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
export const UBL_EXT_NAMESPACE = 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2';

/** JoFotara expects "JO", not the ISO code JOD, in every currencyID (GUIDE, every template). */
const CURRENCY_ID = 'JO';

const cbc = (name: string, content: string, attributes?: Record<string, string>): XmlNode =>
  element(`cbc:${name}`, content, attributes);
const cac = (name: string, children: ReadonlyArray<XmlNode | null | undefined | false>): XmlNode =>
  element(`cac:${name}`, children);
const amount = (name: string, nanos: bigint): XmlNode => cbc(name, formatNanos(nanos), { currencyID: CURRENCY_ID });

const countryJordan = (): XmlNode => cac('Country', [cbc('IdentificationCode', 'JO')]);
const vatScheme = (): XmlNode => cac('TaxScheme', [cbc('ID', 'VAT')]);

function supplierParty(document: ComputedDocument): XmlNode {
  // No PartyIdentification for the seller: the guide's template has none (GUIDE p.13).
  return cac('AccountingSupplierParty', [
    cac('Party', [
      cac('PostalAddress', [countryJordan()]),
      cac('PartyTaxScheme', [cbc('CompanyID', document.seller.tin), vatScheme()]),
      cac('PartyLegalEntity', [cbc('RegistrationName', document.seller.registered_name)]),
    ]),
  ]);
}

/**
 * The guide's fixed buyer block for returns ("taken from the original invoice… can not be modified",
 * GUIDE p.25, p.48, p.77), also used for a walk-in cash buyer, for whom the guide defines nothing.
 */
function buyerSkeleton(): XmlNode {
  return cac('AccountingCustomerParty', [
    cac('Party', [
      cac('PostalAddress', [countryJordan()]),
      cac('PartyTaxScheme', [vatScheme()]),
      cac('PartyLegalEntity', []),
    ]),
  ]);
}

function customerParty(document: ComputedDocument, buyer: ValidatedBuyer): XmlNode {
  // The sales and special templates carry the buyer's number in PartyTaxScheme/CompanyID and the
  // guide's example repeats the TN there (GUIDE p.35–36, p.62–63); the income template has none.
  const companyId = document.track !== 'income' && buyer.id_scheme === 'TN' ? cbc('CompanyID', buyer.id) : null;
  return cac('AccountingCustomerParty', [
    cac('Party', [
      cac('PartyIdentification', [cbc('ID', buyer.id, { schemeID: buyer.id_scheme })]),
      cac('PostalAddress', [
        buyer.postal_code === null ? null : cbc('PostalZone', buyer.postal_code),
        buyer.governorate === null ? null : cbc('CountrySubentityCode', buyer.governorate),
        countryJordan(),
      ]),
      cac('PartyTaxScheme', [companyId, vatScheme()]),
      buyer.name === null ? null : cac('PartyLegalEntity', [cbc('RegistrationName', buyer.name)]),
    ]),
    buyer.phone === null ? null : cac('AccountingContact', [cbc('Telephone', buyer.phone)]),
  ]);
}

function taxCategory(code: string, percent: string | null, scheme: 'VAT' | 'OTH'): XmlNode {
  return cac('TaxCategory', [
    cbc('ID', code, { schemeAgencyID: '6', schemeID: 'UN/ECE 5305' }),
    percent === null ? null : cbc('Percent', percent),
    cac('TaxScheme', [cbc('ID', scheme, { schemeAgencyID: '6', schemeID: 'UN/ECE 5153' })]),
  ]);
}

function documentTaxTotal(document: ComputedDocument): XmlNode | null {
  if (document.track === 'income') return null;
  // TaxSubtotals per rate only on general-sales returns ("Total tax value intended to be returned",
  // GUIDE p.50–51); on every other document the TaxTotal holds the amount alone.
  const subtotals =
    document.kind === 'return' && document.track === 'general_sales'
      ? document.tax_groups.map((group: ComputedTaxGroup) =>
          cac('TaxSubtotal', [
            amount('TaxableAmount', group.taxable),
            amount('TaxAmount', group.tax),
            taxCategory(group.category, formatPlain(group.rate), 'VAT'),
          ]),
        )
      : [];
  return cac('TaxTotal', [amount('TaxAmount', document.totals.general_tax), ...subtotals]);
}

function lineTaxTotal(document: ComputedDocument, line: ComputedLine): XmlNode | null {
  if (line.tax === null || line.general_tax === null) return null;
  const special =
    line.special_tax === null
      ? null
      : cac('TaxSubtotal', [
          amount('TaxableAmount', line.net),
          amount('TaxAmount', line.special_tax),
          taxCategory('S', null, 'OTH'),
        ]);
  return cac('TaxTotal', [
    amount('TaxAmount', line.general_tax),
    amount('RoundingAmount', line.total),
    special,
    cac('TaxSubtotal', [
      amount('TaxableAmount', line.net),
      amount('TaxAmount', line.general_tax),
      taxCategory(line.tax.category, formatPlain(line.tax.rate), 'VAT'),
    ]),
  ]);
}

function invoiceLine(document: ComputedDocument, line: ComputedLine): XmlNode {
  const baseQuantity =
    document.kind === 'return' && document.track === 'general_sales' ? cbc('BaseQuantity', '1', { unitCode: 'C62' }) : null;
  return cac('InvoiceLine', [
    cbc('ID', String(line.line_number)),
    cbc('InvoicedQuantity', formatMillis(line.quantity), { unitCode: 'PCE' }),
    amount('LineExtensionAmount', line.net),
    lineTaxTotal(document, line),
    cac('Item', [cbc('Name', line.name)]),
    cac('Price', [
      amount('PriceAmount', line.unit_price),
      baseQuantity,
      cac('AllowanceCharge', [
        cbc('ChargeIndicator', 'false'),
        cbc('AllowanceChargeReason', 'DISCOUNT'),
        amount('Amount', line.discount),
      ]),
    ]),
  ]);
}

/** The UBL element tree of a computed document. */
export function invoiceTree(document: ComputedDocument): XmlNode {
  const returnOf = document.return_of;
  const totals = document.totals;
  const prepaid = document.kind === 'return' && document.track === 'general_sales' ? amount('PrepaidAmount', 0n) : null;
  return element(
    'Invoice',
    [
      cbc('ProfileID', 'reporting:1.0'),
      cbc('ID', document.id),
      cbc('UUID', document.uuid),
      cbc('IssueDate', document.issue_date),
      cbc('InvoiceTypeCode', document.type_code, { name: document.type_name }),
      document.note === null ? null : cbc('Note', document.note),
      cbc('DocumentCurrencyCode', 'JOD'),
      cbc('TaxCurrencyCode', 'JOD'),
      returnOf === null
        ? null
        : cac('BillingReference', [
            cac('InvoiceDocumentReference', [
              cbc('ID', returnOf.original_id),
              cbc('UUID', returnOf.original_uuid),
              cbc('DocumentDescription', formatNanos(returnOf.original_total)),
            ]),
          ]),
      cac('AdditionalDocumentReference', [cbc('ID', 'ICV'), cbc('UUID', document.icv)]),
      supplierParty(document),
      document.buyer === null ? buyerSkeleton() : customerParty(document, document.buyer),
      cac('SellerSupplierParty', [
        cac('Party', [cac('PartyIdentification', [cbc('ID', document.seller.income_source_sequence)])]),
      ]),
      returnOf === null
        ? null
        : cac('PaymentMeans', [
            cbc('PaymentMeansCode', '10', { listID: 'UN/ECE 4461' }),
            cbc('InstructionNote', returnOf.reason),
          ]),
      cac('AllowanceCharge', [
        cbc('ChargeIndicator', 'false'),
        cbc('AllowanceChargeReason', 'discount'),
        amount('Amount', totals.allowance_total),
      ]),
      documentTaxTotal(document),
      cac('LegalMonetaryTotal', [
        amount('TaxExclusiveAmount', totals.tax_exclusive),
        amount('TaxInclusiveAmount', totals.tax_inclusive),
        amount('AllowanceTotalAmount', totals.allowance_total),
        prepaid,
        amount('PayableAmount', totals.payable),
      ]),
      ...document.lines.map((line) => invoiceLine(document, line)),
    ],
    {
      xmlns: UBL_INVOICE_NAMESPACE,
      'xmlns:cac': UBL_CAC_NAMESPACE,
      'xmlns:cbc': UBL_CBC_NAMESPACE,
      'xmlns:ext': UBL_EXT_NAMESPACE,
    },
  );
}

/**
 * The UBL 2.1 Invoice XML JoFotara takes, for an invoice (388) or a return (381). Pure: the same
 * input always gives the same bytes. Throws JoFotaraInputError / ReturnQuantityExceededError.
 */
export function buildInvoiceXml(document: JoFotaraDocument): string {
  return serializeDocument(invoiceTree(computeDocument(document)));
}
