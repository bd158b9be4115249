import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jofotara } from '@daftar/shared';
import { call } from '../../test/client.js';
import { startJofotaraSimulator, readSimulatorQr, type StartedJofotaraSimulator } from '../jofotara/simulator.js';
import { createEinvoiceConsumer, retryDelaySeconds } from './consumer.js';
import { DEAD_LETTER_MESSAGE, handler as deadLetterHandler } from './dead-letters.js';
import { beginAttempt, getSubmission, isLockedByEinvoicing, recordOutcome, signedXmlOf } from './submission.js';
import { callJofotara, DEVICE, drainEinvoiceQueue, einvoicingOrganization, sqsEvent, sqsRecord } from './test-support.js';

const INCOME_ONLY_DEVICE = { clientId: 'c8a6f3e2-daftar-device-0002', secretKey: 'Income-Only-Secret-0002', tracks: ['income'] as const };
const UNKNOWN_DEVICE = { clientId: 'c8a6f3e2-daftar-device-9999', secretKey: 'Not-Linked-Anywhere-9999' };

let simulator: StartedJofotaraSimulator;

beforeAll(async () => {
  simulator = await startJofotaraSimulator({ credentials: [DEVICE, INCOME_ONLY_DEVICE] });
  process.env.JOFOTARA_BASE_URL = simulator.url;
});
afterAll(async () => {
  delete process.env.JOFOTARA_BASE_URL;
  await simulator.stop();
});
beforeEach(() => simulator.control.reset());

type Setup = Awaited<ReturnType<typeof einvoicingOrganization>>;

/** A confirmed invoice submitted through the route, and the message the route queued for it. */
async function queuedInvoice(setup: Setup, json?: Record<string, unknown>) {
  const invoice = await setup.createConfirmed();
  const res = await callJofotara('POST', setup.paths.submit(invoice.id), { ...setup.as('admin'), ...(json ? { json } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const messages = await drainEinvoiceQueue(setup.org.id);
  expect(messages).toHaveLength(1);
  return { invoice, message: messages[0]! };
}

/** A consumer whose redelivery delays are recorded instead of sent to SQS. */
function recordingConsumer(overrides: Parameters<typeof createEinvoiceConsumer>[0] = {}) {
  const delays: number[] = [];
  const consume = createEinvoiceConsumer({ delayRedelivery: async (_record, seconds) => void delays.push(seconds), ...overrides });
  return { consume, delays };
}

const portalCalls = (uuid: string) => simulator.control.submissions().filter((s) => s.uuid === uuid);

describe('e-invoice consumer', () => {
  it('retries 5xx with growing delays and the same UUID: 500 twice then SUBMITTED records exactly one submission, attempts 3, the QR', async () => {
    // prepare
    const setup = await einvoicingOrganization();
    const { invoice, message } = await queuedInvoice(setup);
    const { consume, delays } = recordingConsumer();
    simulator.control.failNext(2, { status: 500 });
    const record = (receiveCount: number) => sqsRecord(message, receiveCount, 'message-1');

    // act: three deliveries of the same message, as SQS makes them
    const first = await consume(sqsEvent(record(1)));
    const afterFirst = await getSubmission(setup.org.id, 'invoice', invoice.id);
    const second = await consume(sqsEvent(record(2)));
    const third = await consume(sqsEvent(record(3)));

    // assess
    expect(first.batchItemFailures).toEqual([{ itemIdentifier: 'message-1' }]);
    expect(afterFirst).toMatchObject({ state: 'queued', attempts: 1, last_error: expect.stringContaining('5xx, HTTP 500') });
    expect(second.batchItemFailures).toEqual([{ itemIdentifier: 'message-1' }]);
    expect(third.batchItemFailures).toEqual([]);
    expect(delays).toEqual([retryDelaySeconds(1), retryDelaySeconds(2)]);
    expect(delays).toEqual([30, 60]);

    const stored = (await getSubmission(setup.org.id, 'invoice', invoice.id))!;
    expect(stored).toMatchObject({ state: 'submitted', attempts: 3, einv_inv_uuid: stored.uuid, einv_num: invoice.number, errors: [] });
    expect(stored.last_error).toBeUndefined();
    expect(readSimulatorQr(stored.qr!)).toMatchObject({ 2: '12345678', 6: stored.uuid });
    expect(await signedXmlOf(stored)).toContain(`<cbc:UUID>${stored.uuid}</cbc:UUID>`);
    expect(JSON.parse(stored.raw_reply!)).toMatchObject({ EINV_STATUS: 'SUBMITTED', EINV_SINGED_INVOICE: '[stored as the signed XML]' });
    // the portal recorded the invoice once, and received the XML the route checked
    expect(portalCalls(stored.uuid).map((s) => s.status)).toEqual(['SUBMITTED']);
    expect(simulator.control.submissions()).toHaveLength(1);
    expect(portalCalls(stored.uuid)[0]).toMatchObject({ icv: '1', invoice_id: invoice.number, track: 'general_sales' });

    // the state route shows the QR; the invoice is locked
    const state = await callJofotara('GET', setup.paths.state(invoice.id), setup.as('viewer'));
    expect(state.body).toMatchObject({ state: 'submitted', qr: stored.qr, attempts: 3, locked: true, can_submit: false, signed_xml_available: true });
    expect(await isLockedByEinvoicing(setup.org.id, invoice.id)).toBe(true);

    // a late duplicate delivery sends nothing and resubmitting is refused
    const duplicate = await consume(sqsEvent(record(4)));
    const resubmit = await callJofotara('POST', setup.paths.submit(invoice.id), setup.as('admin'));
    expect(duplicate.batchItemFailures).toEqual([]);
    expect(simulator.control.submissions()).toHaveLength(1);
    expect(resubmit.status).toBe(409);
    expect(resubmit.body.detail).toMatch(/already accepted by JoFotara/);
  });

  it('marks 403 as credentials_invalid and stops: no retry, no second call', async () => {
    const setup = await einvoicingOrganization({ device: UNKNOWN_DEVICE });
    const { invoice, message } = await queuedInvoice(setup);
    const { consume, delays } = recordingConsumer();

    const first = await consume(sqsEvent(sqsRecord(message, 1, 'm-403')));
    const redelivered = await consume(sqsEvent(sqsRecord(message, 2, 'm-403')));

    expect(first.batchItemFailures).toEqual([]);
    expect(redelivered.batchItemFailures).toEqual([]);
    expect(delays).toEqual([]);
    const stored = await getSubmission(setup.org.id, 'invoice', invoice.id);
    expect(stored).toMatchObject({ state: 'credentials_invalid', attempts: 1, last_error: expect.stringMatching(/refused the Client-Id and Secret-Key \(HTTP 403\)/) });
    expect(stored!.last_error).not.toContain(UNKNOWN_DEVICE.secretKey);
    // nothing reached the portal's log (a 403 is answered before the invoice is read)
    expect(simulator.control.submissions()).toEqual([]);
    expect(await isLockedByEinvoicing(setup.org.id, invoice.id)).toBe(false);
    const state = await callJofotara('GET', setup.paths.state(invoice.id), setup.as('viewer'));
    expect(state.body).toMatchObject({ state: 'credentials_invalid', can_submit: true, locked: false });
  });

  it('survives a crash between the portal’s reply and the state write: the retry gets ALREADY_SUBMITTED and stores the QR', async () => {
    // prepare: the first outcome write fails, as if the Lambda died right after the portal answered
    const setup = await einvoicingOrganization();
    const { invoice, message } = await queuedInvoice(setup);
    let failedOnce = false;
    const { consume } = recordingConsumer({
      recordOutcome: async (item, outcome) => {
        if (!failedOnce) {
          failedOnce = true;
          throw new Error('DynamoDB: ProvisionedThroughputExceededException');
        }
        return recordOutcome(item, outcome);
      },
    });

    // act
    const crashed = await consume(sqsEvent(sqsRecord(message, 1, 'm-crash')));
    const afterCrash = await getSubmission(setup.org.id, 'invoice', invoice.id);
    const retried = await consume(sqsEvent(sqsRecord(message, 2, 'm-crash')));

    // assess
    expect(crashed.batchItemFailures).toEqual([{ itemIdentifier: 'm-crash' }]);
    expect(afterCrash).toMatchObject({ state: 'submitting', attempts: 1 });
    expect(retried.batchItemFailures).toEqual([]);
    const stored = (await getSubmission(setup.org.id, 'invoice', invoice.id))!;
    expect(portalCalls(stored.uuid).map((s) => s.status)).toEqual(['SUBMITTED', 'ALREADY_SUBMITTED']);
    expect(stored).toMatchObject({ state: 'submitted', attempts: 2, einv_num: invoice.number });
    expect(readSimulatorQr(stored.qr!)).toMatchObject({ 6: stored.uuid });
    expect(JSON.parse(stored.raw_reply!)).toMatchObject({ EINV_STATUS: 'ALREADY_SUBMITTED' });
  });

  it('stores the portal’s ERRORS and WARNINGS on a rejection, does not retry, and lets it be submitted again with the same UUID', async () => {
    // prepare: a device linked for the income track only, used for a general-sales invoice
    const setup = await einvoicingOrganization({ track: 'general_sales', device: INCOME_ONLY_DEVICE });
    const { invoice, message } = await queuedInvoice(setup);
    const { consume, delays } = recordingConsumer();

    // act
    const result = await consume(sqsEvent(sqsRecord(message, 1, 'm-rejected')));

    // assess
    expect(result.batchItemFailures).toEqual([]);
    expect(delays).toEqual([]);
    const stored = (await getSubmission(setup.org.id, 'invoice', invoice.id))!;
    expect(stored.state).toBe('rejected');
    expect(stored.errors).toEqual([{ code: 'invoice-persist', category: 'Invoice', message: 'invoice: This user is not authorized to submit this type of invoice.' }]);
    expect(stored.last_error).toBe('Rejected by JoFotara: invoice-persist');
    expect(JSON.parse(stored.raw_reply!)).toMatchObject({ EINV_STATUS: 'NOT_SUBMITTED' });
    expect(await isLockedByEinvoicing(setup.org.id, invoice.id)).toBe(false);
    const state = await callJofotara('GET', setup.paths.state(invoice.id), setup.as('viewer'));
    expect(state.body).toMatchObject({ state: 'rejected', can_submit: true, errors: stored.errors });

    // resubmitted: same UUID and invoice counter, a new queue id; the old message is now stale
    const again = await callJofotara('POST', setup.paths.submit(invoice.id), setup.as('admin'));
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ state: 'queued', uuid: stored.uuid, icv: stored.icv, errors: [], attempts: 0 });
    const [next] = await drainEinvoiceQueue(setup.org.id);
    expect(next!.queue_id).not.toBe(message.queue_id);
    const stale = await consume(sqsEvent(sqsRecord(message, 2, 'm-rejected')));
    expect(stale.batchItemFailures).toEqual([]);
    expect(simulator.control.submissions()).toHaveLength(1);
    expect((await getSubmission(setup.org.id, 'invoice', invoice.id))!.state).toBe('queued');
  });

  it('marks the submission failed on the last delivery the queue allows, lets the message go to the dead-letter queue, and accepts a resubmission', async () => {
    const setup = await einvoicingOrganization();
    const { invoice, message } = await queuedInvoice(setup);
    const { consume } = recordingConsumer({ maxReceiveCount: 3 });
    simulator.control.failNext(3, { status: 503 });

    const results = [];
    for (const receiveCount of [1, 2, 3]) results.push(await consume(sqsEvent(sqsRecord(message, receiveCount, 'm-fail'))));
    const failed = (await getSubmission(setup.org.id, 'invoice', invoice.id))!;
    // the dead-letter consumer finds it already failed and leaves it so
    const dead = await deadLetterHandler(sqsEvent(sqsRecord(message, 1, 'm-fail')));

    expect(results.map((r) => r.batchItemFailures.length)).toEqual([1, 1, 1]);
    expect(failed).toMatchObject({ state: 'failed', attempts: 3, last_error: expect.stringMatching(/gave up after the last retry/) });
    expect(dead.batchItemFailures).toEqual([]);
    expect((await getSubmission(setup.org.id, 'invoice', invoice.id))!.version).toBe(failed.version);

    const again = await callJofotara('POST', setup.paths.submit(invoice.id), setup.as('admin'));
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ uuid: failed.uuid, icv: failed.icv });
    const [next] = await drainEinvoiceQueue(setup.org.id);
    const done = await consume(sqsEvent(sqsRecord(next, 1, 'm-again')));
    expect(done.batchItemFailures).toEqual([]);
    expect(await getSubmission(setup.org.id, 'invoice', invoice.id)).toMatchObject({ state: 'submitted', attempts: 1, qr: expect.any(String) });
  });

  it('has the dead-letter consumer mark a submission whose last delivery crashed as failed', async () => {
    const setup = await einvoicingOrganization();
    const { invoice, message } = await queuedInvoice(setup);
    // the last delivery began its attempt and died before recording anything
    await beginAttempt((await getSubmission(setup.org.id, 'invoice', invoice.id))!);

    const result = await deadLetterHandler(sqsEvent(sqsRecord(message, 1, 'm-dead')));

    expect(result.batchItemFailures).toEqual([]);
    expect(await getSubmission(setup.org.id, 'invoice', invoice.id)).toMatchObject({ state: 'failed', last_error: DEAD_LETTER_MESSAGE, failed_at: expect.any(String) });
    const state = await callJofotara('GET', setup.paths.state(invoice.id), setup.as('viewer'));
    expect(state.body).toMatchObject({ state: 'failed', can_submit: true });
  });

  it('treats poison messages as failures (for the dead-letter queue) and stale or settled ones as done, calling the portal for neither', async () => {
    const setup = await einvoicingOrganization();
    const { message } = await queuedInvoice(setup);
    const { consume } = recordingConsumer();

    const result = await consume(
      sqsEvent(
        sqsRecord('not json', 1, 'garbage'),
        sqsRecord({ ...message, extra: true }, 1, 'wrong-shape'),
        sqsRecord({ ...message, document_id: '01a1ffb9-0000-7000-8000-000000000000' }, 1, 'no-submission'),
        sqsRecord({ ...message, queue_id: 'an-older-submit' }, 1, 'stale'),
      ),
    );

    expect(result.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['garbage', 'no-submission', 'wrong-shape']);
    expect(simulator.control.submissions()).toEqual([]);
    const deadLetters = await deadLetterHandler(sqsEvent(sqsRecord('not json', 1, 'garbage'), sqsRecord({ ...message, queue_id: 'an-older-submit' }, 1, 'stale')));
    expect(deadLetters.batchItemFailures).toEqual([]);
    expect((await getSubmission(setup.org.id, 'invoice', message.document_id as string))!.state).toBe('queued');
  });

  it('processes a batch of several documents independently', async () => {
    const setup = await einvoicingOrganization();
    const a = await queuedInvoice(setup);
    const b = await queuedInvoice(setup);
    const c = await queuedInvoice(setup);
    const { consume } = recordingConsumer();
    // the first request the portal sees fails; the other two go through
    simulator.control.failNext(1, { status: 502 });

    const result = await consume(sqsEvent(sqsRecord(a.message, 1, 'a'), sqsRecord(b.message, 1, 'b'), sqsRecord(c.message, 1, 'c')));

    expect(result.batchItemFailures).toHaveLength(1);
    const states = await Promise.all([a, b, c].map(({ invoice }) => getSubmission(setup.org.id, 'invoice', invoice.id)));
    expect(states.map((s) => s!.state).sort()).toEqual(['queued', 'submitted', 'submitted']);
    expect(states.map((s) => s!.icv).sort()).toEqual([1, 2, 3]);
  });
});

describe('e-invoice outcome records', () => {
  it('keeps a large signed invoice in the uploads bucket under the organization, and reads it back', async () => {
    const setup = await einvoicingOrganization();
    const { invoice } = await queuedInvoice(setup);
    const started = (await beginAttempt((await getSubmission(setup.org.id, 'invoice', invoice.id))!))!;
    const signedXml = `<Invoice>${'<cbc:Note>x</cbc:Note>'.repeat(8000)}</Invoice>`;

    const after = await recordOutcome(started, {
      kind: 'submitted',
      result: { kind: 'submitted', uuid: started.uuid, number: invoice.number, qr: 'QR-PAYLOAD', signedXml, warnings: [], raw: { EINV_STATUS: 'SUBMITTED', EINV_SINGED_INVOICE: 'base64…' } },
    });

    expect(after.signed_xml).toBeUndefined();
    expect(after.signed_xml_key).toBe(`${setup.org.id}/jofotara/invoice/${invoice.id}/signed-${started.uuid}.xml`);
    expect(await signedXmlOf(after)).toBe(signedXml);
    expect(after).toMatchObject({ state: 'submitted', qr: 'QR-PAYLOAD', version: started.version + 1 });
  });

  it('counts an ALREADY_SUBMITTED reply without a QR as submitted, recording what the portal gave and saying the QR is missing', async () => {
    const setup = await einvoicingOrganization();
    const { invoice, message } = await queuedInvoice(setup);
    const uuid = (await getSubmission(setup.org.id, 'invoice', invoice.id))!.uuid;
    simulator.control.failNext(1, {
      status: 200,
      body: { EINV_RESULTS: { status: 'PASS', INFO: [], WARNINGS: [], ERRORS: [] }, EINV_STATUS: 'ALREADY_SUBMITTED', EINV_NUM: invoice.number, EINV_INV_UUID: uuid, EINV_QR: null },
    });
    const { consume } = recordingConsumer();

    const result = await consume(sqsEvent(sqsRecord(message, 1, 'm-no-qr')));

    expect(result.batchItemFailures).toEqual([]);
    const stored = (await getSubmission(setup.org.id, 'invoice', invoice.id))!;
    expect(stored).toMatchObject({ state: 'submitted', einv_num: invoice.number, einv_inv_uuid: uuid, last_error: expect.stringMatching(/without repeating the QR/) });
    expect(stored.qr).toBeUndefined();
  });

  it('refuses to record over a newer write (the version moved)', async () => {
    const setup = await einvoicingOrganization();
    const { invoice } = await queuedInvoice(setup);
    const queued = (await getSubmission(setup.org.id, 'invoice', invoice.id))!;
    await beginAttempt(queued);

    await expect(recordOutcome(queued, { kind: 'retry', message: 'late' })).rejects.toThrow(/conditional/i);
    expect(await beginAttempt(queued)).toBeNull();
    expect((await getSubmission(setup.org.id, 'invoice', invoice.id))!).toMatchObject({ state: 'submitting', attempts: 1 });
  });
});

describe('e-invoice returns', () => {
  it('submits a return as 381 with a BillingReference to the accepted invoice, its line numbers and reason', async () => {
    const setup = await einvoicingOrganization();
    const { invoice, message } = await queuedInvoice(setup);
    const { consume } = recordingConsumer();
    await consume(sqsEvent(sqsRecord(message, 1, 'invoice')));
    const accepted = (await getSubmission(setup.org.id, 'invoice', invoice.id))!;
    expect(accepted.state).toBe('submitted');
    const returnPath = `/api/v1/organizations/${setup.org.id}/invoices/${invoice.id}/returns`;
    const first = await call('POST', returnPath, { ...setup.as('admin'), json: { issue_date: '2025-06-20', reason: 'بضاعة تالفة', lines: [{ line_id: invoice.lines[0]!.id, quantity: '1' }] } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await call('POST', returnPath, {
      ...setup.as('admin'),
      json: { issue_date: '2025-06-21', reason: 'Wrong item', lines: [{ line_id: invoice.lines[0]!.id, quantity: '1' }, { line_id: invoice.lines[2]!.id, quantity: '1.5' }] },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);

    const preview = await callJofotara('GET', setup.paths.previewReturn(second.body.id), setup.as('viewer'));
    const submitted = await callJofotara('POST', setup.paths.submitReturn(second.body.id), setup.as('admin'));
    const [returnMessage] = await drainEinvoiceQueue(setup.org.id);
    const consumed = await consume(sqsEvent(sqsRecord(returnMessage, 1, 'return')));

    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.cross_check.passed).toBe(true);
    expect(preview.body.summary).toMatchObject({
      type_code: '381',
      type_name: '022',
      id: second.body.number,
      billing_reference: { id: invoice.number, uuid: accepted.uuid, original_total: accepted.payable_amount, reason: 'Wrong item' },
      buyer: null,
    });
    expect(preview.body.summary.lines.map((l: { line_number: number; quantity: string }) => [l.line_number, l.quantity])).toEqual([
      [1, '1'],
      [3, '1.5'],
    ]);
    expect(jofotara.crossCheck(preview.body.xml)).toEqual([]);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(202);
    expect(submitted.body).toMatchObject({ document_type: 'return', state: 'queued', icv: 2, type_code: '381' });
    expect(consumed.batchItemFailures).toEqual([]);
    const stored = (await getSubmission(setup.org.id, 'return', second.body.id))!;
    expect(stored).toMatchObject({ state: 'submitted', invoice_id: invoice.id, qr: expect.any(String) });
    expect(simulator.control.submissions().map((s) => s.status)).toEqual(['SUBMITTED', 'SUBMITTED']);
  });

  it('refuses a return whose invoice JoFotara has not accepted (409)', async () => {
    const setup = await einvoicingOrganization();
    const invoice = await setup.createConfirmed();
    const credit = await call('POST', `/api/v1/organizations/${setup.org.id}/invoices/${invoice.id}/returns`, {
      ...setup.as('admin'),
      json: { issue_date: '2025-06-20', reason: 'Damaged', lines: [{ line_id: invoice.lines[0]!.id, quantity: '1' }] },
    });
    expect(credit.status).toBe(201);

    const res = await callJofotara('POST', setup.paths.submitReturn(credit.body.id), setup.as('admin'));

    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/must be accepted by JoFotara before its return/);
    expect(await getSubmission(setup.org.id, 'return', credit.body.id)).toBeNull();
  });
});
