/**
 * What a till receipt becomes at JoFotara, as names both the submission (einvoice.ts) and the
 * e-mailed receipt (receipts.ts) use — kept apart so the receipt's code does not load the UBL builder.
 */
import type { EinvoiceDocumentType } from '@daftar/shared/schemas/einvoiceSubmission';

export type PosDocumentType = Extract<EinvoiceDocumentType, 'pos_receipt' | 'pos_return'>;
/** An exchange's new lines are an invoice of their own, numbered after the receipt with this suffix. */
export const EXCHANGE_SUFFIX = '-EX';
