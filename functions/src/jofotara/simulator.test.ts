import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jofotara } from '@daftar/shared';
import { submitToPortal } from './client.js';
import { SIMULATOR_DEFAULT_CREDENTIAL, startJofotaraSimulator, validateUblInvoice, type StartedJofotaraSimulator } from './simulator.js';
import { generalSalesInvoiceXml } from './testInvoices.js';

const DEVICE = { clientId: 'sim-test-client-0001', secretKey: 'sim-test-secret' };
let simulator: StartedJofotaraSimulator;

beforeAll(async () => {
  simulator = await startJofotaraSimulator({ credentials: [DEVICE] });
});
afterAll(() => simulator.stop());
beforeEach(() => simulator.control.reset());

const post = (body: string, headers: Record<string, string> = { 'client-id': DEVICE.clientId, 'secret-key': DEVICE.secretKey }) =>
  fetch(`${simulator.url}/core/invoices/`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
const control = (method: string, path: string, json?: unknown) =>
  fetch(`${simulator.url}/_simulator/${path}`, { method, ...(json === undefined ? {} : { body: JSON.stringify(json), headers: { 'content-type': 'application/json' } }) });
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (response: Response): Promise<any> => response.json();
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('JoFotara simulator: the portal endpoint', () => {
  it('answers 400 to a body that is not JSON, has no invoice, or is not base64, and records none of them', async () => {
    const notJson = await post('invoice=PEludm9pY2U+');
    const noInvoice = await post(JSON.stringify({ document: base64('<Invoice/>') }));
    const notBase64 = await post(JSON.stringify({ invoice: '<Invoice>not base64</Invoice>' }));
    const badPadding = await post(JSON.stringify({ invoice: 'PEludm9pY2U+=' }));

    for (const response of [notJson, noInvoice, notBase64, badPadding]) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ status: 400, error: 'Bad Request', path: '/core/invoices/' });
    }
    expect(simulator.control.submissions()).toEqual([]);
  });

  it('answers 403 without credentials or with a wrong pair, before looking at the body', async () => {
    const none = await post('garbage', {});
    const wrongClient = await post('garbage', { 'client-id': 'someone-else', 'secret-key': DEVICE.secretKey });

    expect(none.status).toBe(403);
    expect(wrongClient.status).toBe(403);
    expect(await none.json()).toMatchObject({ status: 403, error: 'Forbidden' });
  });

  it('rejects a payload that is not UTF-8 XML as XSD_INVALID', async () => {
    const latin1 = await post(JSON.stringify({ invoice: Buffer.from([0x3c, 0x61, 0xe9, 0x3e]).toString('base64') }));
    const notXml = await post(JSON.stringify({ invoice: base64('hello') }));

    expect(latin1.status).toBe(400);
    expect((await json(latin1)).EINV_RESULTS.ERRORS[0]).toMatchObject({ EINV_CODE: 'XSD_INVALID', EINV_MESSAGE: expect.stringContaining('not UTF-8') });
    const body = await json(notXml);
    expect(body).toMatchObject({ EINV_STATUS: 'NOT_SUBMITTED', EINV_RESULTS: { status: 'ERROR' } });
    expect(body.EINV_RESULTS.ERRORS[0].EINV_MESSAGE).toMatch(/Not well-formed XML/);
  });

  it('answers OPTIONS (for reachability probes), refuses other methods and unknown paths', async () => {
    const options = await fetch(`${simulator.url}/core/invoices/`, { method: 'OPTIONS' });
    const get = await fetch(`${simulator.url}/core/invoices`);
    const other = await fetch(`${simulator.url}/core/other`, { method: 'POST' });

    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('POST, OPTIONS');
    expect(get.status).toBe(405);
    expect(other.status).toBe(404);
  });

  it('signs an invoice that already has UBLExtensions inside them, and the result stays schema-valid', async () => {
    const xml = generalSalesInvoiceXml().replace(
      /(<Invoice[^>]*>)/,
      '$1\n  <ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent><x:Note xmlns:x="urn:example:seller">mine</x:Note></ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>',
    );

    const result = await submitToPortal({ baseUrl: simulator.url, ...DEVICE, xml });

    expect(result.kind).toBe('submitted');
    const signed = result.kind === 'submitted' ? result.signedXml! : '';
    expect(signed.match(/UBLExtensions>/g)).toHaveLength(2);
    expect(signed.match(/<ext:UBLExtension[ >]/g)).toHaveLength(2);
    expect(await validateUblInvoice(signed)).toEqual([]);
  });
});

describe('JoFotara simulator: the control surface', () => {
  it('queues failures over HTTP, lists submissions and resets', async () => {
    // prepare
    const queued = await control('POST', 'fail', { count: 2, status: 503 });
    // act
    const first = await post('{}');
    const second = await post('{}');
    const third = await submitToPortal({ baseUrl: simulator.url, ...DEVICE, xml: generalSalesInvoiceXml() });
    const listed = await json(await control('GET', 'submissions'));
    const reset = await control('POST', 'reset');
    const afterReset = await (await control('GET', 'submissions')).json();
    // assess
    expect(await queued.json()).toEqual({ queued: 2 });
    expect([first.status, second.status]).toEqual([503, 503]);
    expect(await first.json()).toMatchObject({ status: 503, error: 'Service Unavailable' });
    expect(third.kind).toBe('submitted');
    expect(listed.count).toBe(1);
    expect(listed.data[0]).toMatchObject({ sequence: 1, status: 'SUBMITTED', client_id_last4: '0001', http_status: 200 });
    expect(JSON.stringify(listed)).not.toContain(DEVICE.secretKey);
    expect(reset.status).toBe(200);
    expect(afterReset).toEqual({ data: [], count: 0 });
  });

  it('delays a reply on demand, then answers normally', async () => {
    await control('POST', 'fail', { delayMs: 300 });
    const started = Date.now();
    const response = await post('{}', {});
    expect(response.status).toBe(403);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('adds a device over HTTP and refuses malformed control requests', async () => {
    const added = await control('POST', 'credentials', { client_id: 'added-device-9999', secret_key: 'added-secret', tracks: ['general_sales'] });
    const badFail = await control('POST', 'fail', { count: 'many' });
    const badDevice = await control('POST', 'credentials', { client_id: 'x', secret_key: 'y', tracks: ['retail'] });
    const unknown = await control('GET', 'nothing-here');

    const result = await submitToPortal({ baseUrl: simulator.url, clientId: 'added-device-9999', secretKey: 'added-secret', xml: generalSalesInvoiceXml() });

    expect(added.status).toBe(201);
    expect(badFail.status).toBe(400);
    expect(badDevice.status).toBe(400);
    expect(unknown.status).toBe(404);
    expect(result.kind).toBe('submitted');
  });
});

describe('JoFotara simulator: state across restarts', () => {
  it('keeps accepted invoices in its state file, so a restarted simulator answers ALREADY_SUBMITTED', async () => {
    // prepare
    const dir = mkdtempSync(join(tmpdir(), 'jofotara-sim-'));
    const statePath = join(dir, 'state', 'jofotara.json');
    const xml = generalSalesInvoiceXml();
    try {
      const first = await startJofotaraSimulator({ statePath });
      const accepted = await submitToPortal({ baseUrl: first.url, clientId: SIMULATOR_DEFAULT_CREDENTIAL.clientId, secretKey: SIMULATOR_DEFAULT_CREDENTIAL.secretKey, xml });
      await first.stop();
      // act
      const second = await startJofotaraSimulator({ statePath });
      const again = await submitToPortal({ baseUrl: second.url, clientId: SIMULATOR_DEFAULT_CREDENTIAL.clientId, secretKey: SIMULATOR_DEFAULT_CREDENTIAL.secretKey, xml });
      const log = second.control.submissions();
      await second.control.reset();
      const afterReset = JSON.parse(readFileSync(statePath, 'utf8'));
      await second.stop();
      // assess
      expect(accepted.kind).toBe('submitted');
      expect(again.kind).toBe('already_submitted');
      expect(again.kind === 'already_submitted' && accepted.kind === 'submitted' && again.qr === accepted.qr).toBe(true);
      expect(log.map((s) => [s.sequence, s.status])).toEqual([[1, 'SUBMITTED'], [2, 'ALREADY_SUBMITTED']]);
      expect(afterReset).toEqual({ accepted: {}, submissions: [] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does not write credentials to its state file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jofotara-sim-'));
    const statePath = join(dir, 'jofotara.json');
    try {
      const started = await startJofotaraSimulator({ statePath, credentials: [DEVICE] });
      await submitToPortal({ baseUrl: started.url, ...DEVICE, xml: generalSalesInvoiceXml() });
      await started.stop();
      const stored = readFileSync(statePath, 'utf8');
      expect(stored).toContain('SUBMITTED');
      expect(stored).not.toContain(DEVICE.secretKey);
      expect(stored).not.toContain(DEVICE.clientId);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('JoFotara simulator: samples', () => {
  it('accepts the builder’s invoices for every track (schema and cross-checks agree with the builder)', async () => {
    const income = jofotara.buildInvoiceXml({
      kind: 'invoice', id: 'INV-S-1', uuid: '0193f6a2-7c1e-7a10-9b42-000000000001', icv: 1, issue_date: '2025-05-01',
      track: 'income', payment_method: 'receivable', seller: { tin: '1234567', registered_name: 'Test', income_source_sequence: '1' },
      buyer: { id_scheme: 'NIN', id: '9861012345', name: 'Sami' },
      lines: [{ name: 'Service', quantity: '1', unit_price: '10.000' }],
    });
    const special = jofotara.buildInvoiceXml({
      kind: 'invoice', id: 'INV-S-2', uuid: '0193f6a2-7c1e-7a10-9b42-000000000002', icv: 2, issue_date: '2025-05-01',
      track: 'special_sales', payment_method: 'cash', seller: { tin: '1234567', registered_name: 'Test', income_source_sequence: '1' },
      buyer: null,
      lines: [{ name: 'Cigarettes', quantity: '10', unit_price: '50', discount: '5', tax: { category: 'S', rate: '10' }, special_tax: { type: 'fixed', amount_per_unit: '1' } }],
    });
    for (const xml of [income, special]) {
      const result = await submitToPortal({ baseUrl: simulator.url, ...DEVICE, xml });
      expect(result.kind, JSON.stringify(result).slice(0, 400)).toBe('submitted');
    }
  });
});
