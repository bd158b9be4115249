import type { EinvoiceDocumentType } from '@daftar/shared/schemas/einvoiceSubmission';
import { segment } from '../../../lib/api-client';

export const eInvoicingKey = (organizationId: string) => ['organizations', organizationId, 'e-invoicing'] as const;

export const settingsKey = (organizationId: string) => [...eInvoicingKey(organizationId), 'settings'] as const;

/** One document's submission and preview share this prefix, so a submit refreshes both. */
export const documentKey = (organizationId: string, documentType: EinvoiceDocumentType, documentId: string) =>
  [...eInvoicingKey(organizationId), documentType, documentId] as const;

/** Invoices and returns have the same three JoFotara routes under different paths. */
export const documentPath = (organizationId: string, documentType: EinvoiceDocumentType, documentId: string) =>
  documentType === 'invoice'
    ? `/organizations/${segment(organizationId)}/invoices/${segment(documentId)}/jofotara`
    : `/organizations/${segment(organizationId)}/invoices/return/invoices/${segment(documentId)}/jofotara`;
