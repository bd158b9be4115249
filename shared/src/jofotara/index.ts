/**
 * JoFotara (Jordan's national e-invoicing system): the UBL 2.1 builder and the portal's
 * cross-checks. Pure functions, no I/O; the submission itself lives in functions/.
 */
export * from './types.js';
export {
  buildInvoiceXml,
  invoiceTree,
  UBL_INVOICE_NAMESPACE,
  UBL_CAC_NAMESPACE,
  UBL_CBC_NAMESPACE,
  UBL_EXT_NAMESPACE,
} from './builder.js';
export {
  computeDocument,
  type ComputedDocument,
  type ComputedLine,
  type ComputedTaxGroup,
  type ComputedTotals,
  type ComputedReturnReference,
  type ValidatedBuyer,
  type ValidatedSeller,
  type LineTax,
} from './compute.js';
export {
  crossCheck,
  parseJoFotaraInvoice,
  InvoiceStructureError,
  PORTAL_CROSS_CHECKS,
  SUPPLEMENTARY_CROSS_CHECKS,
  type CrossCheckName,
  type CrossCheckFailure,
  type ParsedAmount,
  type ParsedInvoice,
  type ParsedInvoiceLine,
  type ParsedTaxSubtotal,
} from './crossCheck.js';
export { formatNanos, formatMillis, NANOS_PER_UNIT, AMOUNT_DECIMALS, QUANTITY_DECIMALS } from './decimal.js';
export { XmlParseError } from './xml.js';
