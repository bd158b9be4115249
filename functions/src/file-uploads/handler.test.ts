import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { MAX_UPLOAD_BYTES } from '@daftar/shared';
import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { multipartFile } from '../../test/multipart.js';
import { addMember, createOrganization, createUser, organizationWithRoles } from '../../test/fixtures.js';
import { malformedMultipart, malformedUrlencoded } from '../../test/malformed-bodies.js';
import { AuditLog } from '../db/auditLog.js';
import { FileUpload } from '../db/fileUpload.js';
import { loadChart } from '../ledger/chart.js';
import { ledgerAccounts } from '../ledger/test-helpers.js';
import { config } from '../platform/config.js';
import { s3 } from '../platform/storage.js';

const base = (orgId: string) => `/api/v1/organizations/${orgId}/file-uploads`;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-rest-of-a-tiny-png')]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');

const multipart = (content: Buffer, filename: string, contentType: string, field = 'file') => multipartFile(content, filename, { contentType, field });

async function upload(orgId: string, token: string, content: Buffer, filename: string, contentType: string, query: Record<string, string> = {}) {
  return call('POST', `${base(orgId)}/upload`, { token, raw: multipart(content, filename, contentType), query });
}

const objectExists = async (key: string) => {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: config.uploadsBucket, Key: key }));
    return true;
  } catch {
    return false;
  }
};
const recordsOf = async (orgId: string) => (await FileUpload.query.byOrganization({ organization_id: orgId }).go()).data;

describe('file uploads', () => {
  it('stores the object under the organization prefix and the record, and serves it back through a presigned URL', async () => {
    // prepare
    const { org, users } = await organizationWithRoles();
    const filename = 'فاتورة March (final).pdf';
    // act
    const res = await upload(org.id, users.member.token, PDF, filename, 'application/pdf', { description: 'March invoice', tags: 'tax, 2025,,tax', file_type: 'invoice' });
    // assess
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      organization_id: org.id, filename, content_type: 'application/pdf', size: PDF.length, description: 'March invoice',
      tags: ['tax', '2025'], file_type: 'invoice', status: 'uploaded', uploaded_by: users.member.user.id,
    });
    expect(res.body).not.toHaveProperty('s3_key');
    const [record] = await recordsOf(org.id);
    expect(record!.s3_key).toBe(`${org.id}/${res.body.id}/March_final_.pdf`);
    expect(await objectExists(record!.s3_key)).toBe(true);

    const download = await call('GET', `${base(org.id)}/${res.body.id}/download`, { token: users.viewer.token });
    expect(download.status).toBe(200);
    expect(download.body).toMatchObject({ expires_in: 900, filename });
    expect(download.body.url.startsWith(process.env.AWS_ENDPOINT_URL_S3!)).toBe(true);
    expect(new URL(download.body.url).searchParams.get('X-Amz-Expires')).toBe('900');
    const fetched = await fetch(download.body.url);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(PDF)).toBe(true);
    const disposition = fetched.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="/);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(filename).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`);
  });

  it('accepts an image whose bytes match, and refuses wrong types, lying content, empty and oversize files without storing anything', async () => {
    const { org, users } = await organizationWithRoles();
    const token = users.member.token;
    expect((await upload(org.id, token, PNG, 'logo.png', 'image/png')).status).toBe(201);

    const html = await upload(org.id, token, Buffer.from('<script>alert(1)</script>'), 'x.html', 'text/html');
    expect(html.status).toBe(415);
    const octet = await upload(org.id, token, Buffer.from('binary'), 'x.bin', 'application/octet-stream');
    expect(octet.status).toBe(415);
    const fakePng = await upload(org.id, token, Buffer.from('<svg onload="x">'), 'fake.png', 'image/png');
    expect(fakePng.status).toBe(415);
    expect(fakePng.body.detail).toBe("The file's content is not image/png");
    expect((await upload(org.id, token, PNG, 'fake.pdf', 'application/pdf')).status).toBe(415);
    expect((await upload(org.id, token, Buffer.from('a,b\n'), 'fake.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).status).toBe(415);
    const empty = await upload(org.id, token, Buffer.alloc(0), 'empty.csv', 'text/csv');
    expect(empty.status).toBe(422);
    expect(empty.body.detail[0].loc).toEqual(['body', 'file']);
    const big = await upload(org.id, token, Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x61), 'big.txt', 'text/plain');
    expect(big.status).toBe(413);
    const huge = await upload(org.id, token, Buffer.alloc(MAX_UPLOAD_BYTES + 200 * 1024, 0x61), 'huge.txt', 'text/plain');
    expect(huge.status).toBe(413);
    const wrongField = await call('POST', `${base(org.id)}/upload`, { token, raw: multipart(PDF, 'a.pdf', 'application/pdf', 'document') });
    expect(wrongField.status).toBe(422);
    expect((await call('POST', `${base(org.id)}/upload`, { token, json: { file: 'x' } })).status).toBe(415);
    expect((await upload(org.id, token, PDF, 'a.pdf', 'application/pdf', { file_type: 'secret' })).status).toBe(422);

    const records = await recordsOf(org.id);
    expect(records.map((r) => r.filename)).toEqual(['logo.png']);
  });

  it('answers truncated, boundary-less, oversized and urlencoded bodies with a 4xx and a detail, storing nothing', async () => {
    // prepare
    const { org, users } = await organizationWithRoles();
    const cases = [
      ...malformedMultipart(MAX_UPLOAD_BYTES + 64 * 1024),
      { name: `with a file over the ${MAX_UPLOAD_BYTES} bytes a file may have`, ...multipart(Buffer.alloc(MAX_UPLOAD_BYTES + 1, 'a'), 'big.csv', 'text/csv'), status: 413 },
      ...malformedUrlencoded({ parsed: false }),
    ];
    for (const c of cases) {
      // act
      const res = await call('POST', `${base(org.id)}/upload`, { token: users.member.token, raw: { body: c.body, contentType: c.contentType } });
      // assess
      expect({ name: c.name, status: res.status }).toEqual({ name: c.name, status: c.status });
      expect(res.body.detail, c.name).toBeTruthy();
    }
    expect(await recordsOf(org.id)).toEqual([]);
    const objects = await s3.send(new ListObjectsV2Command({ Bucket: config.uploadsBucket, Prefix: `${org.id}/` }));
    expect(objects.KeyCount ?? 0).toBe(0);
    const audited = (await AuditLog.query.byOrganization({ organization_id: org.id }).go({ pages: 'all' })).data.filter((a) => a.action === 'file.uploaded');
    expect(audited).toEqual([]);
  });

  it('lets members upload, viewers only read, and hides files of other organizations', async () => {
    const { org, users } = await organizationWithRoles();
    const other = await createUser();
    const otherOrg = await createOrganization(other.user.id);
    const theirs = (await upload(otherOrg.id, other.token, PDF, 'theirs.pdf', 'application/pdf')).body;

    expect((await upload(org.id, users.viewer.token, PDF, 'v.pdf', 'application/pdf')).status).toBe(403);
    expect((await call('GET', base(org.id), { token: users.viewer.token })).status).toBe(200);
    for (const path of [`${base(org.id)}/${theirs.id}`, `${base(org.id)}/${theirs.id}/download`]) {
      expect((await call('GET', path, { token: users.owner.token })).status).toBe(404);
    }
    expect((await call('DELETE', `${base(org.id)}/${theirs.id}`, { token: users.owner.token })).status).toBe(404);
    expect((await call('POST', `${base(org.id)}/${theirs.id}/update`, { token: users.owner.token, json: { status: 'archived' } })).status).toBe(404);
    expect((await call('GET', base(otherOrg.id), { token: users.owner.token })).status).toBe(404);
    expect((await recordsOf(otherOrg.id))[0]!.status).toBe('uploaded');
  });

  it('lists newest first with file_type and status filters, skip, limit and the total count', async () => {
    const { user, token } = await createUser();
    const org = await createOrganization(user.id);
    const a = (await upload(org.id, token, PDF, 'a.pdf', 'application/pdf', { file_type: 'invoice' })).body;
    const b = (await upload(org.id, token, PNG, 'b.png', 'image/png', { file_type: 'receipt' })).body;
    const c = (await upload(org.id, token, Buffer.from('x,y\n1,2\n'), 'c.csv', 'text/csv', { file_type: 'invoice' })).body;
    await call('POST', `${base(org.id)}/${c.id}/update`, { token, json: { status: 'processed' } });

    const all = await call('GET', `${base(org.id)}/`, { token });
    expect(all.body.count).toBe(3);
    expect(all.body.data.map((f: { id: string }) => f.id)).toEqual([c.id, b.id, a.id]);
    const invoices = await call('GET', base(org.id), { token, query: { file_type: 'invoice' } });
    expect(invoices.body).toMatchObject({ count: 2 });
    const processedInvoices = await call('GET', base(org.id), { token, query: { file_type: 'invoice', status: 'processed' } });
    expect(processedInvoices.body.data.map((f: { id: string }) => f.id)).toEqual([c.id]);
    const page = await call('GET', base(org.id), { token, query: { skip: 1, limit: 1 } });
    expect(page.body).toMatchObject({ count: 3, data: [{ id: b.id }] });
    expect((await call('GET', base(org.id), { token, query: { status: 'lost' } })).status).toBe(422);
  });

  it('updates description, tags, type and status, and audits it', async () => {
    const { org, users } = await organizationWithRoles();
    const file = (await upload(org.id, users.member.token, PDF, 'a.pdf', 'application/pdf', { description: 'draft' })).body;
    const res = await call('POST', `${base(org.id)}/${file.id}/update`, { token: users.member.token, json: { tags: ['bank', 'q1'], file_type: 'statement', status: 'processing' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ description: 'draft', tags: ['bank', 'q1'], file_type: 'statement', status: 'processing' });
    const cleared = await call('POST', `${base(org.id)}/${file.id}/update`, { token: users.member.token, json: { description: null } });
    expect(cleared.body.description).toBeNull();
    expect((await call('POST', `${base(org.id)}/${file.id}/update`, { token: users.member.token, json: { filename: 'x.exe' } })).status).toBe(422);
    expect((await call('POST', `${base(org.id)}/${file.id}/update`, { token: users.viewer.token, json: { status: 'archived' } })).status).toBe(403);
    expect((await FileUpload.get({ organization_id: org.id, id: file.id }).go()).data).toMatchObject({ status: 'processing', filename: 'a.pdf', version: 3 });
  });

  it('deletes the record and the object for the uploader or an admin; other members get 403', async () => {
    // prepare
    const { org, users } = await organizationWithRoles();
    const otherMember = await createUser();
    await addMember(org.id, otherMember.user.id, 'member');
    const mine = (await upload(org.id, users.member.token, PDF, 'mine.pdf', 'application/pdf')).body;
    const second = (await upload(org.id, users.member.token, PNG, 'second.png', 'image/png')).body;
    const keys = Object.fromEntries((await recordsOf(org.id)).map((r) => [r.id, r.s3_key]));
    // act
    const refused = await call('DELETE', `${base(org.id)}/${mine.id}`, { token: otherMember.token });
    const byUploader = await call('DELETE', `${base(org.id)}/${mine.id}`, { token: users.member.token });
    const byAdmin = await call('DELETE', `${base(org.id)}/${second.id}`, { token: users.admin.token });
    // assess
    expect(refused.status).toBe(403);
    expect(byUploader.status).toBe(200);
    expect(byAdmin.status).toBe(200);
    expect(await recordsOf(org.id)).toHaveLength(0);
    expect(await objectExists(keys[mine.id]!)).toBe(false);
    expect(await objectExists(keys[second.id]!)).toBe(false);
    expect((await call('GET', `${base(org.id)}/${mine.id}/download`, { token: users.admin.token })).status).toBe(404);
    expect((await call('DELETE', `${base(org.id)}/${mine.id}`, { token: users.admin.token })).status).toBe(404);
  });

  it('audits uploads, updates and deletes with actor, entity, summary and IP', async () => {
    const { user, token } = await createUser();
    const org = await createOrganization(user.id);
    const file = (await call('POST', `${base(org.id)}/upload`, { token, raw: multipart(PDF, 'report.pdf', 'application/pdf'), ip: '203.0.113.9' })).body;
    await call('POST', `${base(org.id)}/${file.id}/update`, { token, json: { status: 'archived' } });
    await call('DELETE', `${base(org.id)}/${file.id}`, { token });
    const records = (await AuditLog.query.byOrganization({ organization_id: org.id }).go()).data;
    expect(records.map((r) => r.action)).toEqual(['file.uploaded', 'file.updated', 'file.deleted']);
    expect(records[0]).toMatchObject({ user_id: user.id, entity_type: 'file', entity_id: file.id, ip_address: '203.0.113.9' });
    expect(records[0]!.summary).toBe(`File "report.pdf" uploaded (application/pdf, ${PDF.length} bytes)`);
    expect(records[1]!.changes).toEqual({ status: { from: 'uploaded', to: 'archived' } });
  });

  it('refuses with 409 to delete a receipt an expense keeps, and deletes it once the expense lets it go', async () => {
    // prepare
    const { org, users } = await organizationWithRoles();
    const member = { token: users.member.token };
    const api = `/api/v1/organizations/${org.id}`;
    const receipt = (await upload(org.id, users.member.token, PDF, 'receipt.pdf', 'application/pdf', { file_type: 'receipt' })).body;
    const { cash } = await ledgerAccounts(org.id);
    const officeSupplies = (await loadChart(org.id)).find((a) => a.code === '6400')!.id;
    const category = (await call('POST', `${api}/expense-categories`, { token: users.admin.token, json: { name: 'Office supplies', account_id: officeSupplies } })).body;
    const expense = await call('POST', `${api}/expenses`, {
      ...member,
      json: { date: '2025-06-15', category_id: category.id, description: 'Printer paper', amount: '11.600', paid_from_account_id: cash, file_id: receipt.id },
    });
    const [record] = await recordsOf(org.id);
    // act
    const whileKept = await call('DELETE', `${base(org.id)}/${receipt.id}`, member);
    const byAdminWhileKept = await call('DELETE', `${base(org.id)}/${receipt.id}`, { token: users.admin.token });
    const letGo = await call('PUT', `${api}/expenses/${expense.body.id}`, { ...member, json: { file_id: null } });
    const afterLetGo = await call('DELETE', `${base(org.id)}/${receipt.id}`, member);
    // assess
    expect(expense.status, JSON.stringify(expense.body)).toBe(201);
    expect(whileKept.status).toBe(409);
    expect(whileKept.body.detail).toBe('File "receipt.pdf" is the receipt of an expense and cannot be deleted; remove it from the expense first');
    expect(byAdminWhileKept.status).toBe(409);
    expect(letGo.status, JSON.stringify(letGo.body)).toBe(200);
    expect(afterLetGo.status, JSON.stringify(afterLetGo.body)).toBe(200);
    expect(await recordsOf(org.id)).toEqual([]);
    expect(await objectExists(record!.s3_key)).toBe(false);
  });
});

