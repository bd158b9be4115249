import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { createOrganization, createUser, organizationWithRoles } from '../../test/fixtures.js';
import { AuditLog } from '../db/auditLog.js';
import { documentClient } from '../db/client.js';
import { config } from '../platform/config.js';
import { decryptSecret, SecretDecryptionError, useMasterKeyProvider } from '../platform/crypto.js';
import { createJofotaraSimulator } from '../jofotara/simulator.js';
import { credentialContext, EinvoicingNotConfigured, loadSubmissionSettings, nextInvoiceCounter } from './settings.js';

const ORG = (id: string) => `/api/v1/organizations/${id}/e-invoicing`;
const CLIENT_ID = '7f3c2a91-5b6d-4e8f-a1b2-c3d4e5f6a7b8';
const SECRET_KEY = 'JoF-Secret-9x8y7z-0123456789abcdef';
const FULL_SETTINGS = {
  seller_tin: '12345678',
  registered_name_ar: 'شركة دفتر للتجارة',
  registered_name_en: 'Daftar Trading Co.',
  income_source_sequence: '9932895',
  taxpayer_track: 'general_sales',
  client_id: CLIENT_ID,
  secret_key: SECRET_KEY,
};

// The test emulator's Secrets Manager is started with the JWT key only, so the master key is injected.
const MASTER_KEY = randomBytes(32);
beforeAll(() => {
  process.env.EINVOICING_KEY_SECRET_ID = 'daftar/einvoicing-key';
  delete process.env.JOFOTARA_BASE_URL;
  useMasterKeyProvider(async () => MASTER_KEY);
});
afterAll(() => useMasterKeyProvider(null));
afterEach(() => {
  delete process.env.JOFOTARA_BASE_URL;
});

const rawItem = async (organizationId: string) =>
  (await documentClient.send(new GetCommand({ TableName: config.tableName, Key: { pk: `ORG#${organizationId}`, sk: 'EINVOICING#SETTINGS' } }))).Item;
const auditOf = async (organizationId: string) => (await AuditLog.query.byOrganization({ organization_id: organizationId }).go()).data;

async function configuredOrganization() {
  const setup = await organizationWithRoles();
  const saved = await call('PUT', `${ORG(setup.org.id)}/settings`, { token: setup.users.admin.token, json: FULL_SETTINGS });
  expect(saved.status).toBe(200);
  return setup;
}

describe('e-invoicing settings', () => {
  it('answers an organization that has none with what its profile gives (the business name as the registered name) and what is missing', async () => {
    const { org, users } = await organizationWithRoles();

    const res = await call('GET', `${ORG(org.id)}/settings`, { token: users.viewer.token });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      organization_id: org.id,
      seller_tin: null,
      registered_name_ar: null,
      // No legal name: the (Latin) business name is the registered name until someone changes it.
      registered_name_en: org.name,
      income_source_sequence: null,
      taxpayer_track: null,
      client_id_set: false,
      client_id_last4: null,
      secret_key_set: false,
      credentials_updated_at: null,
      portal_url: 'https://backend.jofotara.gov.jo/core/invoices/',
      invoice_counter: 0,
      is_complete: false,
      missing_fields: ['seller_tin', 'income_source_sequence', 'taxpayer_track', 'client_id', 'secret_key'],
      version: null,
      created_at: null,
      updated_at: null,
      updated_by: null,
    });
  });

  it('stores the settings with the credentials encrypted, and never answers with them', async () => {
    // prepare
    const { org, users } = await organizationWithRoles();
    // act
    const saved = await call('PUT', `${ORG(org.id)}/settings`, { token: users.admin.token, json: FULL_SETTINGS });
    const read = await call('GET', `${ORG(org.id)}/settings`, { token: users.viewer.token });
    // assess: the answers
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      seller_tin: '12345678',
      registered_name_ar: 'شركة دفتر للتجارة',
      taxpayer_track: 'general_sales',
      client_id_set: true,
      client_id_last4: 'a7b8',
      secret_key_set: true,
      is_complete: true,
      missing_fields: [],
      version: 1,
      updated_by: users.admin.user.id,
    });
    expect(read.body).toEqual(saved.body);
    for (const body of [saved.raw.toString(), read.raw.toString()]) {
      expect(body).not.toContain(SECRET_KEY);
      expect(body).not.toContain(CLIENT_ID);
    }
    // assess: what is stored
    const item = (await rawItem(org.id))!;
    expect(item.secret_key_encrypted).toMatch(/^v1\./);
    expect(item.client_id_encrypted).toMatch(/^v1\./);
    expect(JSON.stringify(item)).not.toContain(SECRET_KEY);
    expect(JSON.stringify(item)).not.toContain(CLIENT_ID);
    expect(await decryptSecret(item.secret_key_encrypted, credentialContext(org.id, 'secret_key'))).toBe(SECRET_KEY);
    expect(await decryptSecret(item.client_id_encrypted, credentialContext(org.id, 'client_id'))).toBe(CLIENT_ID);
    // assess: the audit trail knows the credentials were set, not what they are
    const audits = await auditOf(org.id);
    expect(audits.map((a) => a.action)).toEqual(['einvoicing.settings_created']);
    expect(audits[0]!.changes).toMatchObject({ seller_tin: { from: null, to: '12345678' }, credentials_changed: ['client_id set', 'secret_key set'] });
    expect(JSON.stringify(audits)).not.toContain(SECRET_KEY);
    expect(JSON.stringify(audits)).not.toContain(CLIENT_ID);
  });

  it('keeps omitted fields (the secrets need not be retyped), clears null ones, and bumps the version', async () => {
    const { org, users } = await configuredOrganization();

    const renamed = await call('PUT', `${ORG(org.id)}/settings`, { token: users.admin.token, json: { registered_name_en: 'Daftar Trading', version: 1 } });
    const cleared = await call('PUT', `${ORG(org.id)}/settings`, { token: users.owner.token, json: { secret_key: null, registered_name_ar: null } });

    expect(renamed.body).toMatchObject({ registered_name_en: 'Daftar Trading', client_id_set: true, secret_key_set: true, version: 2 });
    expect(cleared.body).toMatchObject({ secret_key_set: false, client_id_set: true, registered_name_ar: null, is_complete: false, missing_fields: ['secret_key'], version: 3 });
    const item = (await rawItem(org.id))!;
    expect(item).not.toHaveProperty('secret_key_encrypted');
    expect(item).not.toHaveProperty('registered_name_ar');
    expect(item.registered_name_en).toBe('Daftar Trading');
    const audits = await auditOf(org.id);
    expect(audits.map((a) => a.summary)).toContain('E-invoicing settings updated: registered_name_ar, secret_key cleared');
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const { org, users } = await configuredOrganization();
    await call('PUT', `${ORG(org.id)}/settings`, { token: users.admin.token, json: { seller_tin: '7654321' } });

    const stale = await call('PUT', `${ORG(org.id)}/settings`, { token: users.admin.token, json: { seller_tin: '1111111', version: 1 } });

    expect(stale.status).toBe(409);
    expect((await rawItem(org.id))!).toMatchObject({ seller_tin: '7654321', version: 2 });
  });

  it('lets viewers read but not write, and members neither write nor test the connection', async () => {
    const { org, users } = await organizationWithRoles();

    const byViewer = await call('PUT', `${ORG(org.id)}/settings`, { token: users.viewer.token, json: FULL_SETTINGS });
    const byMember = await call('PUT', `${ORG(org.id)}/settings`, { token: users.member.token, json: FULL_SETTINGS });
    const testByMember = await call('POST', `${ORG(org.id)}/test-connection`, { token: users.member.token });
    const readByViewer = await call('GET', `${ORG(org.id)}/settings`, { token: users.viewer.token });

    expect(byViewer.status).toBe(403);
    expect(byMember.status).toBe(403);
    expect(testByMember.status).toBe(403);
    expect(readByViewer.status).toBe(200);
    expect(await rawItem(org.id)).toBeUndefined();
    expect(await auditOf(org.id)).toEqual([]);
  });

  it("answers 404 for another organization's settings, for reads and writes", async () => {
    const { org } = await configuredOrganization();
    const stranger = await createUser();
    const strangersOrg = await createOrganization(stranger.user.id);

    const read = await call('GET', `${ORG(org.id)}/settings`, { token: stranger.token });
    const write = await call('PUT', `${ORG(org.id)}/settings`, { token: stranger.token, json: { seller_tin: '9999999' } });

    expect(read.status).toBe(404);
    expect(write.status).toBe(404);
    expect((await rawItem(org.id))!.seller_tin).toBe('12345678');
    expect(await rawItem(strangersOrg.id)).toBeUndefined();
  });

  it.each([
    [{ seller_tin: 'ABC12345' }, 'seller_tin'],
    [{ seller_tin: '12-345-678' }, 'seller_tin'],
    [{ seller_tin: '123456' }, 'seller_tin'],
    [{ income_source_sequence: '99A' }, 'income_source_sequence'],
    [{ taxpayer_track: 'retail' }, 'taxpayer_track'],
    [{ client_id: 'has space' }, 'client_id'],
    [{ secret_key: 'line\nbreak' }, 'secret_key'],
    [{ registered_name_ar: '' }, 'registered_name_ar'],
    [{ seller_tin: '12345678', webhook: 'x' }, null],
    [{}, null],
  ])('refuses %j with 422 and stores nothing', async (json, field) => {
    const { org, users } = await organizationWithRoles();

    const res = await call('PUT', `${ORG(org.id)}/settings`, { token: users.admin.token, json });

    expect(res.status).toBe(422);
    if (field) expect(res.body.detail[0].loc).toEqual(['body', field]);
    expect(await rawItem(org.id)).toBeUndefined();
  });
});

describe('what the submission engineer uses', () => {
  it('hands out invoice counters atomically, without touching the settings version', async () => {
    const { org, users } = await configuredOrganization();

    const counters = await Promise.all(Array.from({ length: 20 }, () => nextInvoiceCounter(org.id)));
    const read = await call('GET', `${ORG(org.id)}/settings`, { token: users.viewer.token });

    expect([...counters].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(read.body).toMatchObject({ invoice_counter: 20, version: 1 });
  });

  it('refuses a counter and submission settings to an organization that is not set up', async () => {
    const { org, users } = await organizationWithRoles();
    await expect(nextInvoiceCounter(org.id)).rejects.toBeInstanceOf(EinvoicingNotConfigured);
    expect(await rawItem(org.id)).toBeUndefined();

    await call('PUT', `${ORG(org.id)}/settings`, { token: users.admin.token, json: { seller_tin: '12345678', client_id: CLIENT_ID } });
    await expect(loadSubmissionSettings(org.id)).rejects.toThrow('E-invoicing is not set up for this organization: missing income_source_sequence, taxpayer_track, secret_key');
  });

  it('gives the decrypted credentials in an object that never serializes them', async () => {
    const { org } = await configuredOrganization();

    const settings = await loadSubmissionSettings(org.id);

    expect(settings).toMatchObject({
      settings_version: 1,
      track: 'general_sales',
      seller: { tin: '12345678', registered_name: 'شركة دفتر للتجارة', income_source_sequence: '9932895' },
      portal_base_url: 'https://backend.jofotara.gov.jo',
    });
    expect(settings.credentials.clientId).toBe(CLIENT_ID);
    expect(settings.credentials.secretKey).toBe(SECRET_KEY);
    expect(JSON.stringify(settings)).not.toContain(SECRET_KEY);
    expect(String(settings.credentials)).toBe('[redacted]');
  });

  it("cannot open one organization's credentials copied into another's settings", async () => {
    const first = await configuredOrganization();
    const second = await configuredOrganization();
    const stolen = (await rawItem(first.org.id))!.secret_key_encrypted;
    const target = (await rawItem(second.org.id))!;
    await documentClient.send(new PutCommand({ TableName: config.tableName, Item: { ...target, secret_key_encrypted: stolen } }));

    await expect(loadSubmissionSettings(second.org.id)).rejects.toBeInstanceOf(SecretDecryptionError);
    const check = await call('POST', `${ORG(second.org.id)}/test-connection`, { token: second.users.admin.token });
    expect(check.body.checks.find((c: { name: string }) => c.name === 'credentials_readable')).toMatchObject({ status: 'fail' });
  });
});

describe('test-connection', () => {
  /** A simulator behind a server that records every request, to prove nothing was submitted. */
  async function recordingSimulator() {
    const simulator = createJofotaraSimulator({ credentials: [{ clientId: CLIENT_ID, secretKey: SECRET_KEY }] });
    const requests: { method: string; path: string; headers: string[] }[] = [];
    const server: Server = createServer((req, res) => {
      requests.push({ method: req.method!, path: req.url!, headers: Object.keys(req.headers) });
      void simulator.handle(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    return {
      url: `http://127.0.0.1:${port}`,
      requests,
      simulator,
      stop: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
    };
  }

  it('passes complete settings and a reachable portal without sending an invoice or the credentials', async () => {
    // prepare
    const { org, users } = await configuredOrganization();
    const portal = await recordingSimulator();
    process.env.JOFOTARA_BASE_URL = portal.url;
    try {
      // act
      const res = await call('POST', `${ORG(org.id)}/test-connection`, { token: users.admin.token });
      // assess
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ok: true, credentials_verified: false, portal_url: `${portal.url}/core/invoices/` });
      expect(res.body.checks.map((c: { name: string; status: string }) => `${c.name}:${c.status}`)).toEqual([
        'seller_tin:pass',
        'registered_name:pass',
        'income_source_sequence:pass',
        'taxpayer_track:pass',
        'credentials_present:pass',
        'credentials_readable:pass',
        'portal_url:pass',
        'portal_reachable:pass',
      ]);
      expect(res.body.checks.at(-1).detail).toMatch(/^OPTIONS http:\/\/127\.0\.0\.1:\d+\/core\/invoices\/ answered HTTP 204 in \d+ ms \(no invoice and no credentials were sent\)$/);
      expect(res.body.message).toContain('were not verified');
      expect(portal.requests).toEqual([{ method: 'OPTIONS', path: '/core/invoices/', headers: expect.not.arrayContaining(['client-id', 'secret-key']) }]);
      expect(portal.simulator.control.submissions()).toEqual([]);
      expect(res.raw.toString()).not.toContain(SECRET_KEY);
      const audit = (await auditOf(org.id)).find((a) => a.action === 'einvoicing.connection_tested');
      expect(audit).toMatchObject({ changes: { ok: true, failed_checks: [] } });
      expect(JSON.stringify(audit)).not.toContain(SECRET_KEY);
    } finally {
      await portal.stop();
    }
  });

  it('reports what is missing and an unreachable portal, exactly', async () => {
    const { org, users } = await organizationWithRoles();
    await call('PUT', `${ORG(org.id)}/settings`, { token: users.admin.token, json: { seller_tin: '12345678', client_id: CLIENT_ID } });
    const portal = await recordingSimulator();
    await portal.stop();
    process.env.JOFOTARA_BASE_URL = portal.url;

    const res = await call('POST', `${ORG(org.id)}/test-connection`, { token: users.admin.token });

    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(false);
    const byName = Object.fromEntries(res.body.checks.map((c: { name: string }) => [c.name, c]));
    expect(byName.seller_tin.status).toBe('pass');
    expect(byName.registered_name.status).toBe('pass');
    expect(byName.credentials_present).toEqual({ name: 'credentials_present', status: 'fail', detail: 'Secret-Key not set' });
    expect(byName.credentials_readable.status).toBe('skipped');
    expect(byName.portal_reachable).toMatchObject({ status: 'fail', detail: expect.stringMatching(/^Could not connect to 127\.0\.0\.1:\d+: ECONNREFUSED$/) });
    expect(res.body.message).toMatch(/^4 checks failed \(income_source_sequence, taxpayer_track, credentials_present, portal_reachable\)/);
  });

  it('refuses plain http to a remote host without probing it', async () => {
    const { org, users } = await configuredOrganization();
    process.env.JOFOTARA_BASE_URL = 'http://backend.jofotara.gov.jo';

    const res = await call('POST', `${ORG(org.id)}/test-connection`, { token: users.admin.token });

    const byName = Object.fromEntries(res.body.checks.map((c: { name: string }) => [c.name, c]));
    expect(byName.portal_url.status).toBe('fail');
    expect(byName.portal_reachable.status).toBe('skipped');
    expect(res.body.ok).toBe(false);
  });
});

describe('one setup (issue 12)', () => {
  it('takes the seller details from the organization profile until the settings say otherwise', async () => {
    // prepare: an organization whose profile (onboarding) has its tax number, names, sequence and track
    const { org, users } = await organizationWithRoles();
    const admin = { token: users.admin.token };
    const profile = await call('PUT', `/api/v1/organizations/${org.id}`, {
      ...admin,
      json: { tax_number: '12345678', legal_name: 'مخبز النور', income_source_sequence: '9932895', taxpayer_track: 'general_sales' },
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    // act
    const shown = await call('GET', `${ORG(org.id)}/settings`, admin);
    const overridden = await call('PUT', `${ORG(org.id)}/settings`, { ...admin, json: { registered_name_ar: 'مخبز النور للحلويات' } });
    // assess: only the credentials are missing; a saved value wins over the profile's
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body).toMatchObject({ seller_tin: '12345678', registered_name_ar: 'مخبز النور', income_source_sequence: '9932895', taxpayer_track: 'general_sales' });
    expect(shown.body.missing_fields).toEqual(['client_id', 'secret_key']);
    expect(overridden.status, JSON.stringify(overridden.body)).toBe(200);
    expect(overridden.body).toMatchObject({ seller_tin: '12345678', registered_name_ar: 'مخبز النور للحلويات' });
    expect((await rawItem(org.id))!.seller_tin).toBeUndefined();
  });
});
