import { formatMoney, fromMinorUnits, parseMoney } from '@daftar/shared/money';

/**
 * The allocation arithmetic of the record-payment form, in minor units with the shared money
 * module (the same parsing the server does), so the remainder the screen shows is the one the
 * server will keep as the contact's credit or advance.
 */

/** An invoice or bill the payment can settle: posted, with something still due. */
export interface OpenDocument {
  id: string;
  number: string | null;
  issue_date: string;
  due_date: string | null;
  total: string;
  balance_due: string;
}

/** What the person typed in each document's amount box, by document id; empty means not allocated. */
export type AllocationInputs = Record<string, string>;

const PLAIN_AMOUNT = /^\d{1,15}(\.\d+)?$/;

/** Minor units of a typed amount; null when it is empty, not a plain decimal, or finer than the currency. */
export function minorUnits(text: string, currency: string): number | null {
  const trimmed = text.trim();
  if (!PLAIN_AMOUNT.test(trimmed)) return null;
  try {
    return parseMoney(trimmed, currency).amount;
  } catch {
    return null;
  }
}

/** Minor units as the decimal text the API takes ("12.345"). */
export const amountText = (minor: number, currency: string) => formatMoney(fromMinorUnits(minor, currency));

/** Oldest first: by issue date, then due date, then number, so ties settle in a stable order. */
export function oldestFirst<T extends OpenDocument>(documents: readonly T[]): T[] {
  return [...documents].sort(
    (a, b) =>
      a.issue_date.localeCompare(b.issue_date) ||
      (a.due_date ?? a.issue_date).localeCompare(b.due_date ?? b.issue_date) ||
      (a.number ?? '').localeCompare(b.number ?? ''),
  );
}

/**
 * Spreads the payment over the documents, oldest first, each taking at most its balance due;
 * whatever is left stays unallocated. An amount that cannot be read allocates nothing.
 */
export function autoAllocate(paymentAmount: string, documents: readonly OpenDocument[], currency: string): AllocationInputs {
  let remaining = minorUnits(paymentAmount, currency) ?? 0;
  const allocations: AllocationInputs = {};
  for (const document of oldestFirst(documents)) {
    const balance = minorUnits(document.balance_due, currency) ?? 0;
    const share = Math.min(balance, remaining);
    allocations[document.id] = share > 0 ? amountText(share, currency) : '';
    remaining -= share;
  }
  return allocations;
}

/** A typed amount above the document's balance due becomes the balance due; anything else is kept as typed. */
export function capAtBalance(text: string, balanceDue: string, currency: string): string {
  const typed = minorUnits(text, currency);
  const balance = minorUnits(balanceDue, currency);
  if (typed === null || balance === null || typed <= balance) return text;
  return amountText(balance, currency);
}

export interface AllocationSummary {
  /** The payment's amount, or null while it cannot be read. */
  amount: number | null;
  /** Sum of the readable, positive allocations. */
  allocated: number;
  /** amount − allocated; negative when the allocations exceed the payment. Null while the amount cannot be read. */
  unallocated: number | null;
  /** Documents whose typed amount cannot be read as money. */
  unreadable: string[];
}

export function summarize(paymentAmount: string, allocations: AllocationInputs, currency: string): AllocationSummary {
  const amount = minorUnits(paymentAmount, currency);
  let allocated = 0;
  const unreadable: string[] = [];
  for (const [documentId, text] of Object.entries(allocations)) {
    if (!text.trim()) continue;
    const minor = minorUnits(text, currency);
    if (minor === null) unreadable.push(documentId);
    else allocated += minor;
  }
  return { amount, allocated, unallocated: amount === null ? null : amount - allocated, unreadable };
}
