import { describe, expect, it } from 'vitest';
import { narrate, inEnglish, type Narrative } from '@daftar/shared/narrative';
import { call } from '../../test/client.js';
import { billsSetup } from '../bills/test-setup.js';

const ARABIC = /[\u0600-\u06FF]/;
const LATIN_WORD = /[A-Za-z]{3,}/;
/** Values the narrative inserts as written are isolated in Arabic; what remains is the sentence itself. */
const withoutValues = (text: string) => text.replace(/\u2068[^\u2069]*\u2069/g, '');

interface PublicRecord {
  action: string;
  entity_id: string | null;
  summary: string;
  narrative: Narrative | null;
}

describe('audit summaries of the accounting side, in the reader’s language', () => {
  it('records a tax, a bill confirmation and a supplier payment as narratives whose Arabic is Arabic and whose English is the stored summary', async () => {
    // prepare: billsSetup creates the purchase tax "GST 16%" through the API
    const { org, users, as, supplier, createDraft, confirm } = await billsSetup();
    const draft = await createDraft();
    const bill = await confirm(draft.id);
    const paid = await call('POST', `/api/v1/organizations/${org.id}/payments`, {
      ...as('admin'),
      json: { payment_type: 'sent', payment_method: 'bank_transfer', contact_id: supplier.id, date: '2025-06-20', amount: '700.000', allocations: [{ bill_id: bill.id, amount: bill.gross_total }] },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    // act
    const res = await call('GET', `/api/v1/organizations/${org.id}/audit-logs`, { token: users.admin.token, query: { limit: 50 } });
    // assess
    expect(res.status).toBe(200);
    const records = res.body.data as PublicRecord[];
    const byAction = (action: string) => records.find((r) => r.action === action)!;

    const tax = byAction('tax.created');
    expect(tax.narrative).toEqual({ key: 'audit.tax.created', params: { name: 'GST 16%', category: 'standard', rate: expect.anything() } });
    expect(tax.summary).toMatch(/^Tax "GST 16%" \(standard 16(\.0+)?%\) created$/);
    expect(narrate(tax.narrative, 'ar')).toMatch(/^أُنشئت الضريبة «\u2068GST 16%\u2069» \(النسبة العامة \u206816(\.0+)?\u2069٪\)$/);

    const created = byAction('bill.created');
    expect(created.narrative).toEqual({ key: 'audit.document.created', params: { kind: 'bill', total: draft.gross_total, currency: 'JOD', lines: 2 } });
    expect(created.summary).toBe(`Draft bill created for ${draft.gross_total} JOD (2 lines)`);
    expect(narrate(created.narrative, 'ar')).toBe(`أُنشئت مسودة فاتورة مشتريات بمبلغ \u2068${draft.gross_total}\u2069 د.أ. (عدد البنود: \u20682\u2069)`);

    const confirmed = byAction('bill.confirmed');
    expect(confirmed.narrative).toEqual({ key: 'audit.bill.confirmed', params: { number: bill.number, total: bill.gross_total, currency: 'JOD' } });
    expect(confirmed.summary).toBe(`Bill ${bill.number} confirmed and posted: ${bill.gross_total} JOD`);
    expect(narrate(confirmed.narrative, 'ar')).toBe(`أُكّدت فاتورة المشتريات \u2068${bill.number}\u2069 ورُحّلت: \u2068${bill.gross_total}\u2069 د.أ.`);

    // 700.000 paid against the bill: the rest is an advance to the supplier, and the method is a translated term.
    const payment = byAction('payment.sent');
    expect(payment.narrative).toMatchObject({
      key: 'audit.payment.sent_partly',
      params: { number: paid.body.number, amount: '700.000', currency: 'JOD', method: 'bank_transfer', documents: bill.number },
    });
    expect(payment.summary).toMatch(new RegExp(`^Payment ${paid.body.number} sent: 700\\.000 JOD by bank transfer, settling ${bill.number}; \\d+\\.\\d{3} kept as supplier advance$`));
    const arabicPayment = narrate(payment.narrative, 'ar')!;
    expect(arabicPayment).toContain('(تحويل بنكي)');
    expect(arabicPayment).toContain('دفعةً مقدّمة للمورّد');

    // Every accounting record of this flow is a narrative; its Arabic has no English left outside the inserted values.
    const accounting = records.filter((r) => /^(tax|bill|payment)\./.test(r.action));
    expect(accounting.length).toBeGreaterThanOrEqual(4);
    for (const record of accounting) {
      expect(record.narrative, record.action).not.toBeNull();
      expect(record.summary, record.action).toBe(inEnglish(record.narrative!));
      const arabic = narrate(record.narrative, 'ar')!;
      expect(arabic, record.action).toMatch(ARABIC);
      expect(withoutValues(arabic), record.action).not.toMatch(LATIN_WORD);
    }
  });

  it('names a status change and a draft without English words in Arabic: a cancelled draft bill', async () => {
    // prepare
    const { org, users, as, createDraft } = await billsSetup();
    const draft = await createDraft();
    // act
    const cancelled = await call('PUT', `/api/v1/organizations/${org.id}/bills/${draft.id}/status`, { ...as('admin'), query: { status: 'cancelled' } });
    // assess
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const res = await call('GET', `/api/v1/organizations/${org.id}/audit-logs`, { token: users.admin.token, query: { action: 'bill.cancelled' } });
    const [record] = res.body.data as PublicRecord[];
    // A draft has no number, so its id names it; the "from" status already says it was a draft.
    expect(record!.narrative).toEqual({ key: 'audit.document.status', params: { kind: 'bill', number: draft.id, from: 'draft', to: 'cancelled' } });
    expect(record!.summary).toBe(`Status of bill ${draft.id}: draft → cancelled`);
    expect(narrate(record!.narrative, 'ar')).toBe(`حالة فاتورة مشتريات \u2068${draft.id}\u2069: من مسودة إلى ملغاة`);
  });
});
