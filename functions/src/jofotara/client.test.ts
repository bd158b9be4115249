import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jofotara } from '@daftar/shared';
import { portalInvoicesUrl, submitToPortal, type PortalResult, type SubmitToPortalInput } from './client.js';
import { readSimulatorQr, startJofotaraSimulator, validateUblInvoice, type StartedJofotaraSimulator } from './simulator.js';
import { generalSalesInvoice, generalSalesInvoiceXml, incomeInvoiceXml, TEST_SELLER } from './testInvoices.js';

const DEVICE = { clientId: 'c8a6f3e2-device-0001', secretKey: 'S3cr3t-K3y-for-the-simulator' };
const INCOME_ONLY_DEVICE = { clientId: 'c8a6f3e2-device-0002', secretKey: 'Income-Only-Secret', tracks: ['income'] as const };
const RESPONSES = new URL('../../../../shared/jordan/responses/', import.meta.url);
const liveReply = (name: string) => readFileSync(new URL(name, RESPONSES), 'utf8');

let simulator: StartedJofotaraSimulator;

beforeAll(async () => {
  simulator = await startJofotaraSimulator({ credentials: [DEVICE, INCOME_ONLY_DEVICE] });
});
afterAll(() => simulator.stop());
beforeEach(() => simulator.control.reset());

const submit = (xml: string, overrides: Partial<SubmitToPortalInput> = {}) =>
  submitToPortal({ baseUrl: simulator.url, clientId: DEVICE.clientId, secretKey: DEVICE.secretKey, xml, timeoutMs: 20_000, ...overrides });

function expectKind<K extends PortalResult['kind']>(result: PortalResult, kind: K): Extract<PortalResult, { kind: K }> {
  expect(result.kind, JSON.stringify(result).slice(0, 500)).toBe(kind);
  return result as Extract<PortalResult, { kind: K }>;
}

/** Replaces the text of the first `<cbc:name …>…</cbc:name>`. */
const replaceAmount = (xml: string, name: string, value: string) => xml.replace(new RegExp(`(<cbc:${name}[^>]*>)[^<]*(</cbc:${name}>)`), `$1${value}$2`);

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('JoFotara client ↔ simulator', () => {
  it('submits an invoice and gets its UUID, number, a QR and the signed XML back', async () => {
    // prepare
    const invoice = generalSalesInvoice({ icv: 7 });
    const xml = jofotara.buildInvoiceXml(invoice);
    // act
    const result = expectKind(await submit(xml), 'submitted');
    // assess
    expect(result.uuid).toBe(invoice.uuid);
    expect(result.number).toBe(invoice.id);
    expect(result.warnings).toEqual([]);
    const qr = readSimulatorQr(result.qr!);
    const payable = /<cbc:PayableAmount[^>]*>([^<]+)</.exec(xml)![1];
    expect(qr).toMatchObject({ 1: TEST_SELLER.registered_name, 2: TEST_SELLER.tin, 4: payable, 6: invoice.uuid });
    expect(result.signedXml).toContain('<ds:Signature');
    expect(result.signedXml).toContain(`<cbc:UUID>${invoice.uuid}</cbc:UUID>`);
    expect(await validateUblInvoice(result.signedXml!)).toEqual([]);
    expect(jofotara.crossCheck(result.signedXml!)).toEqual([]);
    expect(result.raw).toMatchObject({ EINV_STATUS: 'SUBMITTED', EINV_RESULTS: { status: 'PASS', ERRORS: [] } });
    expect(simulator.control.submissions()).toMatchObject([{ status: 'SUBMITTED', uuid: invoice.uuid, invoice_id: invoice.id, icv: '7', track: 'general_sales' }]);
  });

  it('answers a resend of an accepted UUID with already_submitted and the stored QR', async () => {
    const xml = generalSalesInvoiceXml();
    const first = expectKind(await submit(xml), 'submitted');

    const again = expectKind(await submit(xml), 'already_submitted');

    expect(again.qr).toBe(first.qr);
    expect(again.uuid).toBe(first.uuid);
    expect(simulator.control.submissions().map((s) => s.status)).toEqual(['SUBMITTED', 'ALREADY_SUBMITTED']);
  });

  it('rejects an invoice whose totals do not add up, with the portal’s EINV codes, and accepts it once corrected', async () => {
    // prepare: the payable amount no longer equals the inclusive amount
    const invoice = generalSalesInvoice();
    const xml = jofotara.buildInvoiceXml(invoice);
    const broken = replaceAmount(xml, 'PayableAmount', '999.000');
    // act
    const rejected = expectKind(await submit(broken), 'rejected');
    const corrected = await submit(xml);
    // assess
    expect(rejected.status).toBe(400);
    expect(rejected.errors).toEqual([{ code: 'totalPayableAmount', category: 'invoice', message: 'Total payable amount is incorrect' }]);
    expect(rejected.raw).toMatchObject({ EINV_STATUS: 'NOT_SUBMITTED', EINV_QR: null, EINV_RESULTS: { status: 'ERROR', INFO: [{ EINV_CODE: 'XSD_VALID' }] } });
    expect(corrected.kind).toBe('submitted');
  });

  it('reports each failed cross-check once, line checks included', async () => {
    const xml = replaceAmount(replaceAmount(generalSalesInvoiceXml(), 'LineExtensionAmount', '1.000'), 'TaxInclusiveAmount', '1.000');

    const rejected = expectKind(await submit(xml), 'rejected');

    expect(rejected.errors.map((e) => e.code).sort()).toEqual(['lineExtensionAmount', 'taxableAmount', 'roundingAmount', 'totalInclusiveAmount', 'totalPayableAmount'].sort());
    expect(rejected.errors.find((e) => e.code === 'lineExtensionAmount')?.message).toBe('Line extension amount is incorrect (line 1)');
  });

  it('rejects an invoice that breaks the UBL 2.1 schema with XSD_INVALID', async () => {
    const xml = generalSalesInvoiceXml().replace('<cbc:IssueDate>', '<cbc:Colour>red</cbc:Colour>\n  <cbc:IssueDate>');

    const rejected = expectKind(await submit(xml), 'rejected');

    expect(rejected.errors).toHaveLength(1);
    expect(rejected.errors[0]).toMatchObject({ code: 'XSD_INVALID', category: 'XSD validation' });
    expect(rejected.errors[0]!.message).toMatch(/^Schema validation failed: line \d+: Element 'cbc:Colour': This element is not expected/);
    expect(rejected.raw).toMatchObject({ EINV_RESULTS: { INFO: [] } });
    expect(simulator.control.submissions()).toMatchObject([{ status: 'NOT_SUBMITTED', http_status: 400 }]);
  });

  it('rejects a track the device is not registered for with the live invoice-persist error', async () => {
    const rejected = expectKind(await submit(generalSalesInvoiceXml(), { clientId: INCOME_ONLY_DEVICE.clientId, secretKey: INCOME_ONLY_DEVICE.secretKey }), 'rejected');
    const accepted = await submit(incomeInvoiceXml(), { clientId: INCOME_ONLY_DEVICE.clientId, secretKey: INCOME_ONLY_DEVICE.secretKey });

    expect(rejected.errors).toEqual([{ code: 'invoice-persist', category: 'Invoice', message: 'invoice: This user is not authorized to submit this type of invoice.' }]);
    expect(accepted.kind).toBe('submitted');
  });

  it('maps a wrong Secret-Key to auth_failed 403 and records nothing', async () => {
    const result = expectKind(await submit(generalSalesInvoiceXml(), { secretKey: 'wrong-secret' }), 'auth_failed');

    expect(result.status).toBe(403);
    expect(result.raw).toMatchObject({ status: 403, error: 'Forbidden', path: '/core/invoices/' });
    expect(JSON.stringify(result)).not.toContain('wrong-secret');
    expect(simulator.control.submissions()).toEqual([]);
  });

  it('maps a 400 without an EINV body to bad_request, and 401 to auth_failed', async () => {
    simulator.control.failNext(1, { status: 400, body: 'Required request body is missing' });
    simulator.control.failNext(1, { status: 401 });

    const badRequest = expectKind(await submit('<Invoice/>'), 'bad_request');
    const unauthorized = expectKind(await submit('<Invoice/>'), 'auth_failed');

    expect(badRequest).toMatchObject({ status: 400, raw: 'Required request body is missing' });
    expect(unauthorized.status).toBe(401);
  });

  it('treats 5xx, 429 and a non-portal 200 as retryable, and the next attempt goes through', async () => {
    const xml = generalSalesInvoiceXml();
    simulator.control.failNext(1, { status: 503 });
    simulator.control.failNext(1, { status: 429 });
    simulator.control.failNext(1, { status: 200, body: '<html>Scheduled maintenance</html>' });

    expect(await submit(xml)).toMatchObject({ kind: 'retryable', reason: '5xx', status: 503 });
    expect(await submit(xml)).toMatchObject({ kind: 'retryable', reason: 'throttled', status: 429 });
    expect(await submit(xml)).toMatchObject({ kind: 'retryable', reason: 'unexpected_reply', status: 200, raw: '<html>Scheduled maintenance</html>' });
    expect((await submit(xml)).kind).toBe('submitted');
  });

  it('gives up on a slow reply at the timeout (retryable), and the resend of an invoice that did arrive is already_submitted', async () => {
    // prepare: the portal takes 1.5 s, then accepts the invoice although the client has gone
    const xml = generalSalesInvoiceXml();
    simulator.control.failNext(1, { delayMs: 1_500 });
    // act
    const started = Date.now();
    const first = await submit(xml, { timeoutMs: 300 });
    const waited = Date.now() - started;
    for (let i = 0; i < 100 && simulator.control.submissions().length === 0; i += 1) await new Promise((r) => setTimeout(r, 100));
    const resend = await submit(xml);
    // assess
    expect(first).toEqual({ kind: 'retryable', reason: 'timeout' });
    expect(waited).toBeLessThan(1_400);
    expect(resend.kind).toBe('already_submitted');
  });

  it('reports a refused connection as retryable network', async () => {
    const result = await submitToPortal({ baseUrl: await closedPortUrl(), clientId: 'x', secretKey: 'y', xml: '<Invoice/>', timeoutMs: 5_000 });

    expect(result).toEqual({ kind: 'retryable', reason: 'network' });
  });

  it('reads rejections the same way when the portal answers them with HTTP 200', async () => {
    const lenient = await startJofotaraSimulator({ credentials: [DEVICE], rejectionStatus: 200 });
    try {
      const xml = replaceAmount(generalSalesInvoiceXml(), 'PayableAmount', '1.000');
      const result = expectKind(await submitToPortal({ baseUrl: lenient.url, ...DEVICE, xml }), 'rejected');
      expect(result.status).toBe(200);
      expect(result.errors.map((e) => e.code)).toEqual(['totalPayableAmount']);
    } finally {
      await lenient.stop();
    }
  });
});

describe('JoFotara client: reading the live reply shapes', () => {
  const replay = async (status: number, body: string) => {
    simulator.control.failNext(1, { status, body: JSON.parse(body) });
    return submit('<Invoice/>');
  };

  it('reads the live totals-mismatch rejection (issue #24) with its three EINV codes', async () => {
    const result = expectKind(await replay(200, liveReply('live_error_totals_mismatch_issue24.json')), 'rejected');

    expect(result.errors).toEqual([
      { code: 'totalSpecialTaxesAmount', category: 'invoice', message: 'Total special amount is incorrect' },
      { code: 'totalInclusiveAmount', category: 'invoice', message: 'Total inclusive amount is incorrect' },
      { code: 'totalPayableAmount', category: 'invoice', message: 'Total payable amount is incorrect' },
    ]);
    expect(result.warnings).toEqual([]);
  });

  it('reads the live "not authorized for this type" and the HTTP 400 invoice-persist rejections', async () => {
    const notAuthorized = expectKind(await replay(200, liveReply('live_error_not_authorized_invoice_type_issue24.json')), 'rejected');
    const persist = expectKind(await replay(400, liveReply('live_error_invoice_persist_http400_issue9_RECONSTRUCTED.json')), 'rejected');

    expect(notAuthorized.errors).toEqual([{ code: 'invoice-persist', category: 'Invoice', message: 'invoice: This user is not authorized to submit this type of invoice.' }]);
    expect(persist.status).toBe(400);
    expect(persist.errors[0]).toMatchObject({ code: 'invoice-persist', category: 'Invoice' });
    expect(persist.errors[0]!.message).toContain('Internal Server Error');
  });

  it('reads the SDK success and already-submitted shapes', async () => {
    const submitted = expectKind(await replay(200, liveReply('sdk_test_success_EINV_format.json')), 'submitted');
    const already = expectKind(await replay(200, liveReply('sdk_test_already_submitted.json')), 'already_submitted');

    expect(submitted).toMatchObject({ uuid: 'uuid-string', number: 'EIN12345', qr: 'qrdata', signedXml: null });
    expect(already).toMatchObject({ uuid: '123e4567-e89b-12d3-a456-111111111112', number: '002', qr: 'qrcodedata' });
  });
});

describe('portal URL', () => {
  it('appends the invoice endpoint to a base URL, and keeps one that already names it', () => {
    expect(portalInvoicesUrl('https://backend.jofotara.gov.jo')).toBe('https://backend.jofotara.gov.jo/core/invoices/');
    expect(portalInvoicesUrl('https://backend.jofotara.gov.jo/core/invoices')).toBe('https://backend.jofotara.gov.jo/core/invoices/');
    expect(portalInvoicesUrl('http://127.0.0.1:4010/')).toBe('http://127.0.0.1:4010/core/invoices/');
  });
});
