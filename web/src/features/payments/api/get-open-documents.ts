import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import type { billOption } from '@daftar/shared/schemas/bills';
import type { InvoicePublic, InvoiceStatus } from '@daftar/shared/schemas/invoices';
import type { PaymentType } from '@daftar/shared/schemas/payments';
import type { z } from 'zod';
import { api, segment, type ListResponse } from '../../../lib/api-client';
import type { OpenDocument } from '../components/allocation';

/** The statuses a payment can settle (the server refuses drafts, paid and cancelled documents). */
const PAYABLE_INVOICE_STATUSES: readonly InvoiceStatus[] = ['confirmed', 'sent', 'partially_paid'];
type BillOption = z.infer<typeof billOption>;

const PAYABLE_BILL_STATUSES = new Set(['confirmed', 'partially_paid']);

const owesSomething = (balanceDue: string) => /[1-9]/.test(balanceDue);

/**
 * A customer's open invoices. The invoice list filters by status but not by customer, so the three
 * payable statuses are read (newest 1000 of each) and narrowed to the customer here.
 */
async function openInvoices(organizationId: string, contactId: string, signal: AbortSignal): Promise<OpenDocument[]> {
  const pages = await Promise.all(
    PAYABLE_INVOICE_STATUSES.map((status) =>
      api.get<ListResponse<InvoicePublic>>(`/organizations/${segment(organizationId)}/invoices`, { organizationId, query: { status, limit: MAX_PAGE_LIMIT }, signal }),
    ),
  );
  return pages
    .flatMap((page) => page.data)
    .filter((invoice) => invoice.contact_id === contactId && owesSomething(invoice.balance_due))
    .map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      issue_date: invoice.issue_date,
      due_date: invoice.due_date,
      total: invoice.gross_total,
      balance_due: invoice.balance_due,
    }));
}

/** A supplier's open bills: the short bill list filters by supplier and carries the balance due. */
async function openBills(organizationId: string, contactId: string, signal: AbortSignal): Promise<OpenDocument[]> {
  const page = await api.get<ListResponse<BillOption>>(`/organizations/${segment(organizationId)}/bills/list`, {
    organizationId,
    query: { supplier_id: contactId },
    signal,
  });
  return page.data
    .filter((bill) => PAYABLE_BILL_STATUSES.has(bill.status) && owesSomething(bill.balance_due))
    .map((bill) => ({
      id: bill.id,
      number: bill.number,
      issue_date: bill.issue_date,
      due_date: bill.due_date,
      total: bill.gross_total,
      balance_due: bill.balance_due,
    }));
}

/** Kept under the documents' own keys, so a confirmed invoice or bill shows up here at once. */
export const openDocumentsQueryOptions = (organizationId: string, type: PaymentType, contactId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, type === 'received' ? 'invoices' : 'bills', 'open-for-payment', contactId],
    queryFn: ({ signal }) => (type === 'received' ? openInvoices(organizationId, contactId, signal) : openBills(organizationId, contactId, signal)),
  });

export const useOpenDocuments = (organizationId: string, type: PaymentType, contactId: string) =>
  useQuery({ ...openDocumentsQueryOptions(organizationId, type, contactId), enabled: !!contactId });
