/**
 * Sync status and health through the routes: per terminal what waits for its exact cost (and how
 * long), the newest receipt's posting time, the refused tickets; and the health of the table, the
 * queues and JoFotara's portal (probed with OPTIONS against a local server standing in for it).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { createOrganization, createUser, organizationWithRoles } from '../../test/fixtures.js';
import { EinvoicingSettings } from '../db/einvoicingSettings.js';
import { PosPendingStock, PosSyncRefusal } from '../db/posPendingStock.js';
import { config } from '../platform/config.js';
import { uuidv7 } from '../platform/ids.js';
import { storeReceipt, storeTerminal } from './counter-test-support.js';
import { forgetPortalProbe } from './status.js';

async function setup() {
  const { org, users } = await organizationWithRoles();
  const as = (role: keyof typeof users) => ({ token: users[role].token, org: org.id });
  const P = `/api/v1/organizations/${org.id}/pos`;
  return { org, users, as, P };
}

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

describe('sync status', () => {
  it("gives per terminal what waits (count, oldest age), the newest receipt's posting time and the refused tickets; deleted terminals and other organizations' items left out", async () => {
    const s = await setup();
    const front = await storeTerminal(s.org.id, { name: 'Front till', receipt_prefix: 'F1' });
    const back = await storeTerminal(s.org.id, { name: 'Back till', receipt_prefix: 'B1' });
    await storeTerminal(s.org.id, { name: 'Old till', receipt_prefix: 'O1', deleted: true });
    const stranger = await createOrganization((await createUser()).user.id);
    const theirs = await storeTerminal(stranger.id, { name: 'Their till' });

    // Front: two sessions; the later session's receipt is the last posted, although written first here.
    const earlier = uuidv7(Date.now() - 3_600_000);
    const later = uuidv7();
    await storeReceipt(s.org.id, front, { session_id: later, number_seq: 3, posted_at: ago(60) });
    await storeReceipt(s.org.id, front, { session_id: earlier, number_seq: 2, posted_at: ago(1800) });
    await storeReceipt(s.org.id, front, { session_id: earlier, number_seq: 1, posted_at: ago(1900) });
    const pending = (organizationId: string, terminalId: string, secondsAgo: number) =>
      PosPendingStock.create({ organization_id: organizationId, transaction_id: uuidv7(Date.now() - secondsAgo * 1000), terminal_id: terminalId, created_at: ago(secondsAgo) }).go();
    await pending(s.org.id, front.id, 30);
    await pending(s.org.id, front.id, 120);
    await pending(stranger.id, theirs.id, 500);
    const refusedId = crypto.randomUUID();
    await PosSyncRefusal.create({ organization_id: s.org.id, terminal_id: back.id, transaction_id: refusedId, sequence: 7, status: 409, detail: 'The session is closed; open a new session to sell', at: ago(300) }).go();

    const res = await call('GET', `${s.P}/sync/status`, s.as('viewer'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [backRow, frontRow] = res.body.terminals;
    expect(res.body.terminals).toHaveLength(2);
    expect(backRow).toEqual({
      terminal_id: back.id,
      name: 'Back till',
      pending_count: 0,
      oldest_pending_age_seconds: null,
      last_sync_at: null,
      refused: [{ transaction_id: refusedId, sequence: 7, at: expect.any(String), status: 409, detail: 'The session is closed; open a new session to sell' }],
    });
    expect(frontRow).toMatchObject({ terminal_id: front.id, name: 'Front till', pending_count: 2, refused: [] });
    expect(frontRow.oldest_pending_age_seconds).toBeGreaterThanOrEqual(119);
    expect(frontRow.oldest_pending_age_seconds).toBeLessThan(130);
    expect(Date.now() - Date.parse(frontRow.last_sync_at)).toBeGreaterThanOrEqual(59_000);
    expect(Date.now() - Date.parse(frontRow.last_sync_at)).toBeLessThan(120_000);

    expect((await call('GET', `${s.P}/sync/status`)).status).toBe(401);
  });
});

describe('health', () => {
  it('reports the database, the depth of each queue, and JoFotara as not configured for an organization without portal credentials', async () => {
    const s = await setup();
    const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
    for (let i = 0; i < 2; i++) await sqs.send(new SendMessageCommand({ QueueUrl: config.posReceiptQueueUrl, MessageBody: JSON.stringify({ organization_id: s.org.id, transaction_id: `t${i}` }) }));

    const res = await call('GET', `${s.P}/health`, s.as('viewer'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      api: 'ok',
      database: 'ok',
      queues: { pos_stock: 0, pos_receipt: 2, einvoice: 0 },
      jofotara: { configured: false, reachable: null, checked_at: null },
      checked_at: expect.any(String),
    });
  });

  it("probes the portal with one OPTIONS request when configured, keeps the answer a minute, and says unreachable once the portal is gone", async () => {
    const s = await setup();
    const now = new Date().toISOString();
    await EinvoicingSettings.create({ organization_id: s.org.id, client_id_encrypted: 'sealed', secret_key_encrypted: 'sealed', created_at: now, updated_at: now }).go();
    const requests: string[] = [];
    const portal = createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      res.writeHead(405).end();
    });
    await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', resolve));
    const before = process.env.JOFOTARA_BASE_URL;
    process.env.JOFOTARA_BASE_URL = `http://127.0.0.1:${(portal.address() as AddressInfo).port}`;
    try {
      forgetPortalProbe();
      const health = async () => {
        const res = await call('GET', `${s.P}/health`, s.as('viewer'));
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body;
      };
      const first = await health();
      expect(first.jofotara).toEqual({ configured: true, reachable: true, checked_at: expect.any(String) });
      // Any HTTP answer counts: the path, DNS and TLS work. No invoice, no credentials.
      expect(requests).toEqual(['OPTIONS /core/invoices/']);
      expect((await health()).jofotara.checked_at).toBe(first.jofotara.checked_at);
      expect(requests).toHaveLength(1);

      await new Promise<void>((resolve) => portal.close(() => resolve()));
      forgetPortalProbe();
      expect((await health()).jofotara).toMatchObject({ configured: true, reachable: false });
    } finally {
      if (before === undefined) delete process.env.JOFOTARA_BASE_URL;
      else process.env.JOFOTARA_BASE_URL = before;
      forgetPortalProbe();
      portal.close();
    }
  });
});
