import { describe, expect, it } from 'vitest';
import { inEnglish, narrate, type Narrative as LedgerNarrative } from '@daftar/shared/narrative';
import { call } from '../../test/client.js';
import { invoicingOrganization } from '../invoices/test-helpers.js';
import { systemAccounts } from './posting.js';

const FSI = '\u2068';
const PDI = '\u2069';

type Narrative = { key: string; params?: Record<string, string | number | null> } | null;
interface Line {
  description: string | null;
  narrative: Narrative;
  debit: string;
  credit: string;
  account_id: string;
}
interface Entry {
  id: string;
  memo: string | null;
  memo_narrative: Narrative;
  lines: Line[];
}

describe('journal memos and line descriptions as narratives', () => {
  it('stores what the server wrote for an invoice, its payment and the void as narratives beside the English, and reads them in Arabic', async () => {
    // prepare
    const { org, as, customer, createConfirmed } = await invoicingOrganization();
    const base = `/api/v1/organizations/${org.id}`;
    const { receivable, vat_output } = await systemAccounts(org.id, ['receivable', 'vat_output']);
    const invoice = await createConfirmed();
    const payment = await call('POST', `${base}/payments`, {
      ...as('member'),
      json: { payment_type: 'received', payment_method: 'bank_transfer', date: '2025-06-20', contact_id: customer.id, amount: '11.166', allocations: [{ invoice_id: invoice.id, amount: '11.166' }] },
    });
    expect(payment.status, JSON.stringify(payment.body)).toBe(201);
    const voided = await call('DELETE', `${base}/payments/${payment.body.id}`, as('admin'));
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    // act
    const entryOf = async (id: string) => {
      const res = await call('GET', `${base}/journal-entries/${id}`, as('viewer'));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as Entry;
    };
    const invoiceEntry = await entryOf(invoice.journal_entry_id);
    const paymentEntry = await entryOf(payment.body.journal_entry_id);
    const voidEntry = await entryOf(voided.body.reversal_entry_id);
    const card = await call('GET', `${base}/accounts/${receivable.id}/transactions`, as('viewer'));
    // assess
    // The invoice: memo and the tax line, English kept as it always read.
    expect(invoiceEntry.memo).toBe('Invoice INV-000001');
    expect(invoiceEntry.memo_narrative).toEqual({ key: 'ledger.invoice', params: { number: 'INV-000001' } });
    const taxLine = invoiceEntry.lines.find((l) => l.account_id === vat_output.id)!;
    expect(taxLine).toMatchObject({ description: 'Invoice INV-000001 tax', narrative: { key: 'ledger.invoice.tax', params: { number: 'INV-000001' } }, credit: '0.161' });
    expect(narrate(taxLine.narrative, 'ar')).toBe(`ضريبة الفاتورة ${FSI}INV-000001${PDI}`);
    expect(narrate(invoiceEntry.memo_narrative, 'ar')).toBe(`الفاتورة ${FSI}INV-000001${PDI}`);

    // The payment: memo names the customer (a value as typed), the receivable line the invoice it settles.
    expect(paymentEntry.memo).toBe('Payment received from Petra Hotels');
    // The customer has an Arabic name too: the Arabic memo uses it.
    expect(paymentEntry.memo_narrative).toEqual({ key: 'ledger.payment.received', params: { contact: 'Petra Hotels', contact_ar: 'فنادق البتراء' } });
    expect(narrate(paymentEntry.memo_narrative, 'ar')).toBe(`دفعة مقبوضة من ${FSI}فنادق البتراء${PDI}`);
    const settled = paymentEntry.lines.find((l) => l.account_id === receivable.id)!;
    expect(settled).toMatchObject({ description: 'Invoice INV-000001', narrative: { key: 'ledger.invoice', params: { number: 'INV-000001' } } });

    // The void: its own memo; the reversed lines keep the original lines' narratives.
    expect(voidEntry.memo).toBe('Void of payment PAY-000001');
    expect(voidEntry.memo_narrative).toEqual({ key: 'ledger.payment.void', params: { number: 'PAY-000001' } });
    expect(narrate(voidEntry.memo_narrative, 'ar')).toBe(`إلغاء الدفعة ${FSI}PAY-000001${PDI}`);
    expect(voidEntry.lines.find((l) => l.account_id === receivable.id)).toMatchObject({ debit: '11.166', narrative: settled.narrative });

    // The receivable's ledger card: each row's memo and description as narratives.
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    expect(card.body.data).toMatchObject([
      { entry_name: 'INV-000001', memo: 'Invoice INV-000001', memo_narrative: { key: 'ledger.invoice', params: { number: 'INV-000001' } }, description: 'Invoice INV-000001', description_narrative: { key: 'ledger.invoice' } },
      { entry_name: 'PAY-000001', memo_narrative: { key: 'ledger.payment.received', params: { contact: 'Petra Hotels' } }, description_narrative: { key: 'ledger.invoice', params: { number: 'INV-000001' } } },
      { memo: 'Void of payment PAY-000001', memo_narrative: { key: 'ledger.payment.void', params: { number: 'PAY-000001' } }, debit: '11.166' },
    ]);
  });

  it('leaves typed memos and descriptions without a narrative; a reversal without a memo says whose reversal it is', async () => {
    // prepare
    const { org, as } = await invoicingOrganization(null);
    const base = `/api/v1/organizations/${org.id}`;
    const { cash, sales } = await systemAccounts(org.id, ['cash', 'sales']);
    const manual = await call('POST', `${base}/journal-entries`, {
      ...as('admin'),
      json: { date: '2025-05-02', status: 'posted', memo: 'Till 2 sales', lines: [{ account_id: cash.id, debit: '5', description: 'Counted at close' }, { account_id: sales.id, credit: '5' }] },
    });
    expect(manual.status, JSON.stringify(manual.body)).toBe(201);
    // act
    const reversal = await call('POST', `${base}/journal-entries/${manual.body.id}/reverse`, { ...as('admin'), json: { date: '2025-05-31' } });
    const card = await call('GET', `${base}/accounts/${cash.id}/transactions`, as('viewer'));
    // assess
    expect(manual.body).toMatchObject({ memo: 'Till 2 sales', memo_narrative: null, lines: [{ description: 'Counted at close', narrative: null }, { description: null, narrative: null }] });
    expect(reversal.status, JSON.stringify(reversal.body)).toBe(201);
    const label = manual.body.entry_number as string;
    expect(reversal.body).toMatchObject({ memo: `Reversal of ${label}`, memo_narrative: { key: 'ledger.reversal', params: { entry: label } } });
    expect(narrate(reversal.body.memo_narrative, 'ar')).toBe(`عكس ${FSI}${label}${PDI}`);
    expect(card.body.data).toMatchObject([
      { memo: 'Till 2 sales', memo_narrative: null, description: 'Counted at close', description_narrative: null },
      { memo: `Reversal of ${label}`, memo_narrative: { key: 'ledger.reversal' }, description: 'Counted at close', description_narrative: null },
    ]);
  });

  it('writes the English the server wrote before narratives, word for word', () => {
    const english: [LedgerNarrative, string][] = [
      [{ key: 'ledger.bill.tax', params: { number: 'BILL-000002' } }, 'Bill BILL-000002 tax'],
      [{ key: 'ledger.credit_note.tax', params: { number: 'CN-000001', invoice: 'INV-000003' } }, 'Credit note CN-000001 for invoice INV-000003 tax'],
      [{ key: 'ledger.credit_note.store_credit', params: { number: 'CN-000001', invoice: 'INV-000003' } }, 'Credit note CN-000001 for invoice INV-000003: store credit'],
      [{ key: 'ledger.expense.reimbursable', params: { employee: 'Rana Haddad', description: 'Taxi' } }, 'Expense reimbursable to Rana Haddad: Taxi'],
      [{ key: 'ledger.expense.input_tax', params: { description: 'Taxi' } }, 'Taxi — input tax'],
      [{ key: 'ledger.payment.supplier_advance', params: { contact: 'Zarqa Paper' } }, 'Advance to supplier: Zarqa Paper'],
      [{ key: 'ledger.bank.opening_balance_withdrawn', params: { account: 'Arab Bank' } }, 'Opening balance of Arab Bank withdrawn: bank account deleted'],
      [{ key: 'ledger.bank.tax_on', params: { tax: 'GST 16%', description: 'POS fee' } }, 'GST 16% on POS fee'],
      [{ key: 'ledger.bank.reconciliation_undone', params: { entry: 'JE-000004' } }, 'Reversal of JE-000004: bank reconciliation undone'],
    ];
    for (const [narrative, text] of english) expect(inEnglish(narrative), narrative.key).toBe(text);
    // What a person typed stays as typed inside the Arabic sentence, isolated.
    expect(narrate({ key: 'ledger.bank.statement', params: { description: 'CLIQ from Petra' } }, 'ar')).toBe(`كشف الحساب البنكي: ${FSI}CLIQ from Petra${PDI}`);
  });
});
