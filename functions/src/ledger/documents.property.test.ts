/**
 * Property test of the books through the API (issue #4's reliability bar): random sales invoices,
 * partial and over-payments, returns, bills and bill payments, expenses, payment voids, manual
 * entries and their reversals — four writers at a time — plus calls made to fail (allocation above
 * what is owed, returning more than was sold, a payment on a draft, a double confirmation raced
 * against itself). After every run:
 * - every entry balances and the balance items equal a full recomputation from the journal;
 * - the trial balance's debits equal its credits;
 * - every control account equals its sub-ledger, read from the documents: receivable = Σ invoices'
 *   balance due, payable = Σ bills' balance due, customer credit = Σ unallocated receipts + Σ
 *   returns' store credit, supplier advances = Σ unallocated payments sent, output tax = Σ invoice
 *   tax − Σ returned tax, sales = Σ invoice nets, sales returns = Σ returned nets;
 * - each invoice's amount paid = Σ its live allocations, and no line is returned beyond what was sold.
 * A refused call, or a transaction cancelled by a concurrent one, that left anything behind breaks
 * one of these equalities.
 *
 * Size: DOCUMENT_PROPERTY_OPERATIONS (default 2000) operations over DOCUMENT_PROPERTY_RUNS runs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money } from '@daftar/shared';
import { call } from '../../test/client.js';
import { organizationWithRoles } from '../../test/fixtures.js';
import { accountBalances } from './balances.js';
import { systemAccounts } from './chart.js';
import { verifyLedger } from './verify.js';

const RUNS = Number(process.env.DOCUMENT_PROPERTY_RUNS ?? 8);
const OPERATIONS = Number(process.env.DOCUMENT_PROPERTY_OPERATIONS ?? 2000);
const PER_RUN = Math.max(10, Math.round(OPERATIONS / RUNS));
const WRITERS = 4;

type Op =
  | { kind: 'invoice'; lines: { qty: number; price: number; taxed: boolean; discount: number }[]; day: number }
  | { kind: 'receive'; pick: number; share: number; over: number; day: number }
  | { kind: 'return'; pick: number; line: number; share: number; day: number }
  | { kind: 'bill'; lines: { qty: number; price: number; taxed: boolean }[]; day: number }
  | { kind: 'pay_bill'; pick: number; share: number; day: number }
  | { kind: 'expense'; amount: number; taxed: boolean; day: number }
  | { kind: 'void'; pick: number }
  | { kind: 'manual'; amount: number; reverse: boolean; day: number }
  | { kind: 'overpay_allocation'; pick: number }
  | { kind: 'over_return'; pick: number }
  | { kind: 'pay_draft' }
  | { kind: 'double_confirm' };

const line = fc.record({ qty: fc.integer({ min: 1, max: 5_000 }), price: fc.integer({ min: 1, max: 250_000 }), taxed: fc.boolean(), discount: fc.constantFrom(0, 0, 0, 5, 10, 12.5) });
const day = fc.integer({ min: 0, max: 60 });
const share = fc.integer({ min: 1, max: 100 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('invoice' as const), lines: fc.array(line, { minLength: 1, maxLength: 4 }), day }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('receive' as const), pick: fc.nat(), share, over: fc.constantFrom(0, 0, 0, 1_500), day }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('return' as const), pick: fc.nat(), line: fc.nat(), share, day }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('bill' as const), lines: fc.array(line.map(({ discount: _d, ...l }) => l), { minLength: 1, maxLength: 3 }), day }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('pay_bill' as const), pick: fc.nat(), share, day }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('expense' as const), amount: fc.integer({ min: 1, max: 900_000 }), taxed: fc.boolean(), day }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('void' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('manual' as const), amount: fc.integer({ min: 1, max: 2_000_000 }), reverse: fc.boolean(), day }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('overpay_allocation' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('over_return' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'pay_draft' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'double_confirm' as const }) },
);

const fils = (text: string) => money.parseMoney(text, 'JOD').amount;
const jod = (minor: number) => money.formatMoney(money.fromMinorUnits(minor, 'JOD'));
const quantity = (thousandths: number) => (thousandths / 1000).toFixed(3);
const dateOf = (offset: number) => new Date(Date.UTC(2025, 4, 1 + offset)).toISOString().slice(0, 10);

/** One organization with what the operations need, all created through the API. */
async function books() {
  const { org, users } = await organizationWithRoles();
  const admin = { token: users.admin.token, org: org.id };
  const member = { token: users.member.token, org: org.id };
  const base = `/api/v1/organizations/${org.id}`;
  const ok = async (res: Promise<{ status: number; body: any }>, what: string) => {
    const r = await res;
    if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  await ok(call('POST', `${base}/taxes/jordan-gst/setup`, { ...admin, query: { gst_registration_number: '12345678' } }), 'GST setup');
  const taxes = (await ok(call('GET', `${base}/taxes`, admin), 'taxes')).data as { id: string; rate: string; tax_category: string }[];
  const gst16 = taxes.find((t) => Number(t.rate) === 16 && t.tax_category === 'standard')!;
  const customer = await ok(call('POST', `${base}/contacts`, { ...admin, json: { contact_type: 'customer', name: 'Al Noor Trading' } }), 'customer');
  const supplier = await ok(call('POST', `${base}/contacts`, { ...admin, json: { contact_type: 'supplier', name: 'Zarqa Paper Co.' } }), 'supplier');
  const accounts = await systemAccounts(org.id, ['cash', 'bank', 'receivable', 'payable', 'store_credit', 'prepaid_expenses', 'vat_output', 'vat_input', 'sales', 'sales_returns', 'owner_capital'] as never);
  const chart = (await ok(call('GET', `${base}/accounts`, { ...admin, query: { type: 'expense', limit: 1000 } }), 'accounts')).data as { id: string; code: string }[];
  const supplies = chart.find((a) => a.code === '6400')!;
  const category = await ok(call('POST', `${base}/expense-categories`, { ...admin, json: { name: 'Office supplies', account_id: supplies.id } }), 'expense category');
  return { org, admin, member, base, ok, gst16, customer, supplier, accounts: accounts as unknown as Record<string, { id: string }>, supplies, category };
}

type Books = Awaited<ReturnType<typeof books>>;

/** What the operations created, so later ones can pick among them. */
interface State {
  invoices: string[];
  bills: string[];
  receipts: string[];
  refused: number;
}

async function run(b: Books, s: State, o: Op): Promise<void> {
  const { base, admin, member, ok } = b;
  const pick = <T,>(list: T[], n: number) => (list.length ? list[n % list.length] : undefined);
  const confirmedInvoice = async (n: number) => {
    const id = pick(s.invoices, n);
    return id ? (await call('GET', `${base}/invoices/${id}`, admin)).body : undefined;
  };
  const expectRefused = (res: { status: number; body: unknown }, statuses: number[], what: string) => {
    expect(statuses, `${what}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
    s.refused++;
  };
  const newInvoice = async (lines: Extract<Op, { kind: 'invoice' }>['lines'], onDay: number) =>
    ok(
      call('POST', `${base}/invoices/with-line-items`, {
        ...member,
        json: {
          contact_id: b.customer.id,
          issue_date: dateOf(onDay),
          due_date: dateOf(onDay + 30),
          lines: lines.map((l, i) => ({
            description: `Item ${i + 1}`,
            quantity: quantity(l.qty),
            unit_price: jod(l.price),
            tax_id: l.taxed ? b.gst16.id : null,
            discount: l.discount ? { type: 'percent', percent: String(l.discount) } : null,
          })),
        },
      }),
      'invoice draft',
    );

  switch (o.kind) {
    case 'invoice': {
      const draft = await newInvoice(o.lines, o.day);
      const confirmed = await call('POST', `${base}/invoices/${draft.id}/confirm`, admin);
      if (draft.gross_total === '0.000') return expectRefused(confirmed, [422], 'confirming an invoice of zero');
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      s.invoices.push(draft.id);
      return;
    }
    case 'receive': {
      const invoice = await confirmedInvoice(o.pick);
      if (!invoice) return;
      const due = fils(invoice.balance_due);
      const allocate = Math.floor((due * o.share) / 100);
      const amount = allocate + o.over;
      if (amount <= 0) return;
      const res = await call('POST', `${base}/payments`, {
        ...member,
        json: {
          payment_type: 'received',
          contact_id: b.customer.id,
          payment_method: o.over ? 'cash' : 'bank_transfer',
          date: dateOf(o.day + 1),
          amount: jod(amount),
          allocations: allocate > 0 ? [{ invoice_id: invoice.id, amount: jod(allocate) }] : [],
        },
      });
      // A concurrent payment or return may have settled part of it since it was read.
      if (res.status === 201) s.receipts.push(res.body.id);
      else expectRefused(res, [409, 422], 'payment');
      return;
    }
    case 'return': {
      const invoice = await confirmedInvoice(o.pick);
      if (!invoice) return;
      const target = invoice.lines[o.line % invoice.lines.length];
      const returned = Number((invoice.returned_quantities ?? {})[target.id] ?? 0);
      const left = Math.round((Number(target.quantity) - returned) * 1000);
      const qty = Math.floor((left * o.share) / 100);
      if (qty <= 0) return;
      const res = await call('POST', `${base}/invoices/${invoice.id}/returns`, {
        ...admin,
        json: { issue_date: dateOf(o.day + 2), reason: 'Damaged', lines: [{ line_id: target.id, quantity: quantity(qty) }] },
      });
      if (res.status !== 201) expectRefused(res, [409, 422], 'return');
      return;
    }
    case 'bill': {
      const draft = await ok(
        call('POST', `${base}/bills/with-line-items`, {
          ...member,
          json: {
            contact_id: b.supplier.id,
            issue_date: dateOf(o.day),
            due_date: dateOf(o.day + 15),
            lines: o.lines.map((l, i) => ({ description: `Paper ${i + 1}`, quantity: quantity(l.qty), unit_price: jod(l.price), tax_id: l.taxed ? b.gst16.id : null, account_id: b.supplies.id })),
          },
        }),
        'bill draft',
      );
      const confirmed = await call('POST', `${base}/bills/${draft.id}/confirm`, admin);
      if (draft.gross_total === '0.000') return expectRefused(confirmed, [422], 'confirming a bill of zero');
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      s.bills.push(draft.id);
      return;
    }
    case 'pay_bill': {
      const id = pick(s.bills, o.pick);
      if (!id) return;
      const bill = (await call('GET', `${base}/bills/${id}`, admin)).body;
      const amount = Math.floor((fils(bill.balance_due) * o.share) / 100);
      if (amount <= 0) return;
      const res = await call('POST', `${base}/bills/${id}/payments`, { ...member, json: { payment_method: 'cash', date: dateOf(o.day + 1), amount: jod(amount) } });
      if (res.status !== 201) expectRefused(res, [409, 422], 'bill payment');
      return;
    }
    case 'expense': {
      const draft = await ok(
        call('POST', `${base}/expenses`, {
          ...member,
          json: { date: dateOf(o.day), category_id: b.category.id, description: 'Printer paper', amount: jod(o.amount), tax_id: o.taxed ? b.gst16.id : null, paid_from_account_id: b.accounts.cash!.id },
        }),
        'expense',
      );
      await ok(call('POST', `${base}/expenses/${draft.id}/submit`, member), 'submit');
      await ok(call('POST', `${base}/expenses/${draft.id}/approve`, admin), 'approve');
      return;
    }
    case 'void': {
      const id = pick(s.receipts, o.pick);
      if (!id) return;
      const res = await call('DELETE', `${base}/payments/${id}`, admin);
      if (res.status !== 200) expectRefused(res, [409], 'void'); // voided already (by an earlier or a concurrent op)
      return;
    }
    case 'manual': {
      const entry = await ok(
        call('POST', `${base}/journal-entries`, {
          ...admin,
          json: { date: dateOf(o.day), status: 'posted', memo: 'Owner contribution', lines: [{ account_id: b.accounts.bank!.id, debit: jod(o.amount) }, { account_id: b.accounts.owner_capital!.id, credit: jod(o.amount) }] },
        }),
        'manual entry',
      );
      if (o.reverse) await ok(call('POST', `${base}/journal-entries/${entry.id}/reverse`, { ...admin, json: { date: dateOf(o.day + 3) } }), 'reverse');
      return;
    }
    case 'overpay_allocation': {
      const invoice = await confirmedInvoice(o.pick);
      if (!invoice) return;
      const tooMuch = fils(invoice.gross_total) + 1;
      const res = await call('POST', `${base}/payments`, {
        ...member,
        json: { payment_type: 'received', contact_id: b.customer.id, payment_method: 'cash', date: dateOf(5), amount: jod(tooMuch), allocations: [{ invoice_id: invoice.id, amount: jod(tooMuch) }] },
      });
      expectRefused(res, [422], 'allocation above the invoice total');
      return;
    }
    case 'over_return': {
      const invoice = await confirmedInvoice(o.pick);
      if (!invoice) return;
      const target = invoice.lines[0];
      const res = await call('POST', `${base}/invoices/${invoice.id}/returns`, {
        ...admin,
        json: { issue_date: dateOf(40), reason: 'Too many', lines: [{ line_id: target.id, quantity: quantity(Math.round(Number(target.quantity) * 1000) + 1) }] },
      });
      expectRefused(res, [422], 'return above what was sold');
      return;
    }
    case 'pay_draft': {
      const draft = await newInvoice([{ qty: 1000, price: 1000, taxed: true, discount: 0 }], 3);
      const res = await call('POST', `${base}/payments`, {
        ...member,
        json: { payment_type: 'received', contact_id: b.customer.id, payment_method: 'cash', date: dateOf(5), amount: '1.160', allocations: [{ invoice_id: draft.id, amount: '1.160' }] },
      });
      expectRefused(res, [422], 'payment on a draft');
      await ok(call('DELETE', `${base}/invoices/${draft.id}`, member), 'delete draft');
      return;
    }
    case 'double_confirm': {
      const draft = await newInvoice([{ qty: 2000, price: 4_250, taxed: true, discount: 0 }], 7);
      const answers = await Promise.all([call('POST', `${base}/invoices/${draft.id}/confirm`, admin), call('POST', `${base}/invoices/${draft.id}/confirm`, admin)]);
      // One posting; the twin answers the same confirmed invoice (issue 11: a repeat is an answer, not an error).
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(answers[1]!.body.journal_entry_id).toBe(answers[0]!.body.journal_entry_id);
      s.refused++;
      s.invoices.push(draft.id);
      return;
    }
  }
}

async function all<T>(b: Books, path: string): Promise<T[]> {
  const out: T[] = [];
  for (let skip = 0; ; skip += 1000) {
    const page = (await call('GET', `${b.base}/${path}`, { ...b.admin, query: { skip, limit: 1000 } })).body as { data: T[]; count: number };
    out.push(...page.data);
    if (out.length >= page.count || page.data.length === 0) return out;
  }
}

async function assertBooks(b: Books, s: State) {
  const verification = await verifyLedger(b.org.id);
  expect(verification.unbalancedEntries).toEqual([]);
  expect(verification.differences).toEqual([]);

  const tb = (await call('GET', `${b.base}/accounting/trial-balance`, { ...b.admin, query: { as_of_date: '2099-12-31' } })).body;
  expect(tb.total_debit).toBe(tb.total_credit);

  const balances = await accountBalances(b.org.id);
  const debitBalance = (account: { id: string }) => {
    const t = balances.get(account.id) ?? { debit: 0, credit: 0 };
    return t.debit - t.credit;
  };
  const a = b.accounts;
  type Doc = { id: string; status: string; balance_due: string; amount_paid: string; tax_total: string; net_total: string; gross_total: string; lines: { id: string; quantity: string }[]; returned_quantities?: Record<string, string> };
  const invoices = (await all<Doc>(b, 'invoices')).filter((i) => i.status !== 'draft' && i.status !== 'cancelled');
  const bills = (await all<Doc>(b, 'bills')).filter((i) => i.status !== 'draft' && i.status !== 'cancelled');
  const returns = await all<{ tax_total: string; net_total: string; store_credit: string; original_invoice_id: string }>(b, 'invoices/return/invoices');
  const payments = (await all<{ id: string; status: string; payment_type: string; unallocated_amount: string; allocations: { invoice_id?: string | null; bill_id?: string | null; amount: string }[] }>(b, 'payments')).filter((p) => p.status !== 'void');
  const sum = <T,>(list: T[], f: (x: T) => string) => list.reduce((n, x) => n + fils(f(x)), 0);

  expect(debitBalance(a.receivable!)).toBe(sum(invoices, (i) => i.balance_due));
  expect(-debitBalance(a.payable!)).toBe(sum(bills, (i) => i.balance_due));
  expect(-debitBalance(a.store_credit!)).toBe(sum(payments.filter((p) => p.payment_type === 'received'), (p) => p.unallocated_amount) + sum(returns, (r) => r.store_credit));
  expect(debitBalance(a.prepaid_expenses!)).toBe(sum(payments.filter((p) => p.payment_type === 'sent'), (p) => p.unallocated_amount));
  expect(-debitBalance(a.vat_output!)).toBe(sum(invoices, (i) => i.tax_total) - sum(returns, (r) => r.tax_total));
  expect(-debitBalance(a.sales!)).toBe(sum(invoices, (i) => i.net_total));
  expect(debitBalance(a.sales_returns!)).toBe(sum(returns, (r) => r.net_total));

  const paidTo = new Map<string, number>();
  for (const p of payments) for (const al of p.allocations) {
    const doc = al.invoice_id ?? al.bill_id!;
    paidTo.set(doc, (paidTo.get(doc) ?? 0) + fils(al.amount));
  }
  for (const doc of [...invoices, ...bills]) {
    expect(fils(doc.amount_paid), doc.id).toBe(paidTo.get(doc.id) ?? 0);
    expect(fils(doc.balance_due), doc.id).toBeGreaterThanOrEqual(0);
  }
  for (const invoice of invoices) {
    for (const l of invoice.lines) expect(Number(invoice.returned_quantities?.[l.id] ?? 0)).toBeLessThanOrEqual(Number(l.quantity));
  }
  return { invoices: invoices.length, bills: bills.length, returns: returns.length, payments: payments.length, refused: s.refused };
}

describe('books under random documents', () => {
  it(
    'keep every entry balanced, balances equal to the journal, and every control account equal to its documents',
    async () => {
      const totals = { operations: 0, invoices: 0, bills: 0, returns: 0, payments: 0, refused: 0 };
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: PER_RUN, maxLength: PER_RUN }), async (operations) => {
          const b = await books();
          const s: State = { invoices: [], bills: [], receipts: [], refused: 0 };
          // Invoices and bills first in each batch of writers, so the others find documents.
          for (let i = 0; i < operations.length; i += WRITERS) await Promise.all(operations.slice(i, i + WRITERS).map((o) => run(b, s, o)));
          const seen = await assertBooks(b, s);
          totals.operations += operations.length;
          for (const k of ['invoices', 'bills', 'returns', 'payments', 'refused'] as const) totals[k] += seen[k];
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      console.log(`documents property: ${JSON.stringify(totals)}`);
      expect(totals.operations).toBe(RUNS * PER_RUN);
    },
    30 * 60_000,
  );
});
