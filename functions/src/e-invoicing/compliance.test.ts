import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { startJofotaraSimulator, type StartedJofotaraSimulator } from '../jofotara/simulator.js';
import { einvoiceCompliance } from './compliance.js';
import { createEinvoiceConsumer } from './consumer.js';
import { callJofotara, DEVICE, drainEinvoiceQueue, einvoicingOrganization, sqsEvent, sqsRecord } from './test-support.js';

let simulator: StartedJofotaraSimulator;

beforeAll(async () => {
  simulator = await startJofotaraSimulator({ credentials: [DEVICE] });
  process.env.JOFOTARA_BASE_URL = simulator.url;
});
afterAll(async () => {
  delete process.env.JOFOTARA_BASE_URL;
  await simulator.stop();
});

/** A NOT_SUBMITTED reply in the live shape (jafar-albadarneh/jofotara#24), with a warning beside the errors. */
const TOTALS_REJECTION = {
  EINV_RESULTS: {
    status: 'ERROR',
    INFO: [{ type: 'INFO', status: 'PASS', EINV_CODE: 'XSD_VALID', EINV_CATEGORY: 'XSD validation', EINV_MESSAGE: 'Complied with UBL 2.1 standards' }],
    WARNINGS: [{ type: 'WARNING', status: 'WARNING', EINV_CODE: 'buyerName', EINV_CATEGORY: 'Invoice', EINV_MESSAGE: 'اسم المشتري غير مطابق' }],
    ERRORS: [{ type: 'ERROR', status: 'ERROR', EINV_CODE: 'totalInclusiveAmount', EINV_CATEGORY: 'Invoice', EINV_MESSAGE: 'Total inclusive amount is incorrect' }],
  },
  EINV_STATUS: 'NOT_SUBMITTED',
  EINV_SINGED_INVOICE: null,
  EINV_QR: null,
  EINV_NUM: null,
  EINV_INV_UUID: null,
};

describe('e-invoice compliance report data', () => {
  it('counts and lists documents by state, with rejections and their reasons, and the posted documents never submitted', async () => {
    // prepare: five invoices and a return in different states
    const setup = await einvoicingOrganization();
    const consume = createEinvoiceConsumer({ delayRedelivery: async () => undefined });
    const submitAndConsume = async (invoiceId: string) => {
      const res = await callJofotara('POST', setup.paths.submit(invoiceId), setup.as('admin'));
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      const [message] = await drainEinvoiceQueue(setup.org.id);
      return consume(sqsEvent(sqsRecord(message, 1)));
    };
    const accepted = await setup.createConfirmed({ issue_date: '2025-05-02' });
    const rejected = await setup.createConfirmed({ issue_date: '2025-05-03' });
    const queued = await setup.createConfirmed({ issue_date: '2025-05-04' });
    const never = await setup.createConfirmed({ issue_date: '2025-05-05' });
    const outside = await setup.createConfirmed({ issue_date: '2025-07-01' });
    await setup.createDraft({ contact_id: setup.contacts.business.id, issue_date: '2025-05-06', lines: setup.mixedLines() });
    await submitAndConsume(accepted.id);
    simulator.control.failNext(1, { status: 400, body: TOTALS_REJECTION });
    await submitAndConsume(rejected.id);
    expect((await callJofotara('POST', setup.paths.submit(queued.id), setup.as('admin'))).status).toBe(202);
    const credit = await call('POST', `/api/v1/organizations/${setup.org.id}/invoices/${accepted.id}/returns`, {
      ...setup.as('admin'),
      json: { issue_date: '2025-05-10', reason: 'Damaged', lines: [{ line_id: accepted.lines[0]!.id, quantity: '1' }] },
    });
    expect(credit.status).toBe(201);

    // act
    const report = await einvoiceCompliance(setup.org.id, { from: '2025-05-01', to: '2025-05-31' });
    const everything = await einvoiceCompliance(setup.org.id);

    // assess
    expect(report.counts).toEqual({
      queued: 1,
      submitting: 0,
      submitted: 1,
      rejected: 1,
      failed: 0,
      credentials_invalid: 0,
      never_submitted: 2,
      posted_documents: 5,
    });
    expect(report.submitted_percent).toBe('20.0');
    expect(report.by_state.submitted).toMatchObject([{ document_id: accepted.id, document_number: accepted.number, has_qr: true, einv_num: accepted.number, type_name: '022' }]);
    expect(report.by_state.queued).toMatchObject([{ document_id: queued.id, attempts: 0 }]);
    expect(report.rejections).toMatchObject([
      {
        document_id: rejected.id,
        state: 'rejected',
        errors: [{ code: 'totalInclusiveAmount', category: 'Invoice', message: 'Total inclusive amount is incorrect' }],
        warnings: [{ code: 'buyerName', category: 'Invoice', message: 'اسم المشتري غير مطابق' }],
      },
    ]);
    expect(report.never_submitted).toEqual([
      { document_type: 'invoice', document_id: never.id, document_number: never.number, issue_date: '2025-05-05', status: 'confirmed', total: never.gross_total },
      { document_type: 'return', document_id: credit.body.id, document_number: credit.body.number, issue_date: '2025-05-10', status: 'confirmed', total: credit.body.gross_total },
    ]);
    // without a period, the July invoice counts too; drafts never do
    expect(everything.counts.posted_documents).toBe(6);
    expect(everything.never_submitted.map((d) => d.document_id)).toEqual([never.id, credit.body.id, outside.id]);
  });

  it('answers an organization with no documents with zero counts', async () => {
    const setup = await einvoicingOrganization();

    const report = await einvoiceCompliance(setup.org.id);

    expect(report.counts.posted_documents).toBe(0);
    expect(report.submitted_percent).toBe('100.0');
    expect(report.never_submitted).toEqual([]);
    expect(Object.values(report.by_state).flat()).toEqual([]);
  });
});
