import { describe, expect, it, vi } from 'vitest';
import { call } from '../../test/client.js';
import { addMember, createOrganization, createUser, organizationWithRoles } from '../../test/fixtures.js';
import { AuditLog } from '../db/auditLog.js';
import { Item } from '../db/item.js';

const auditOf = async (organizationId: string) => (await AuditLog.query.byOrganization({ organization_id: organizationId }).go()).data;

describe('items', () => {
  it('creates an item owned by the caller and lists it for the organization and as "my items"', async () => {
    // prepare
    const { org, users } = await organizationWithRoles();
    // act
    const created = await call('POST', '/api/v1/items/', { token: users.member.token, org: org.id, json: { title: ' Ledger ', description: 'Paper ledger' } });
    const other = await call('POST', '/api/v1/items', { token: users.admin.token, org: org.id, json: { title: 'Stamp' } });
    const all = await call('GET', '/api/v1/items', { token: users.viewer.token, org: org.id });
    const mine = await call('GET', '/api/v1/items/my-items', { token: users.member.token, org: org.id });
    const one = await call('GET', `/api/v1/items/${created.body.id}`, { token: users.viewer.token, org: org.id });
    // assess
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ organization_id: org.id, title: 'Ledger', description: 'Paper ledger', owner_id: users.member.user.id });
    expect(other.body.description).toBeNull();
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(2);
    expect(all.body.data.map((i: { title: string }) => i.title)).toEqual(['Stamp', 'Ledger']);
    expect(mine.body).toEqual({ data: [created.body], count: 1 });
    expect(one.body).toEqual(created.body);
  });

  it('pages with skip and limit and reports the total count', async () => {
    const { user, token } = await createUser();
    const org = await createOrganization(user.id);
    for (const title of ['a', 'b', 'c', 'd', 'e']) await call('POST', '/api/v1/items', { token, org: org.id, json: { title } });
    const page = await call('GET', '/api/v1/items', { token, org: org.id, query: { skip: 1, limit: 2 } });
    expect(page.body.count).toBe(5);
    expect(page.body.data.map((i: { title: string }) => i.title)).toEqual(['d', 'c']);
    expect((await call('GET', '/api/v1/items', { token, org: org.id, query: { limit: 0 } })).status).toBe(422);
  });

  it('lets the owner and admins change and delete an item; other members get 403 and nothing changes', async () => {
    // prepare
    const { org, users } = await organizationWithRoles();
    const otherMember = await createUser();
    await addMember(org.id, otherMember.user.id, 'member');
    const item = (await call('POST', '/api/v1/items', { token: users.member.token, org: org.id, json: { title: 'Mine', description: 'text' } })).body;
    // act
    const byOther = await call('PUT', `/api/v1/items/${item.id}`, { token: otherMember.token, org: org.id, json: { title: 'Hijacked' } });
    const deleteByOther = await call('DELETE', `/api/v1/items/${item.id}`, { token: otherMember.token, org: org.id });
    const byViewer = await call('PUT', `/api/v1/items/${item.id}`, { token: users.viewer.token, org: org.id, json: { title: 'Viewer' } });
    const byOwner = await call('PUT', `/api/v1/items/${item.id}`, { token: users.member.token, org: org.id, json: { title: 'Renamed', description: null } });
    const byAdmin = await call('PUT', `/api/v1/items/${item.id}`, { token: users.admin.token, org: org.id, json: { description: 'by admin' } });
    // assess
    expect(byOther.status).toBe(403);
    expect(deleteByOther.status).toBe(403);
    expect(byViewer.status).toBe(403);
    expect(byOwner.status).toBe(200);
    expect(byOwner.body).toMatchObject({ title: 'Renamed', description: null });
    expect(byAdmin.body).toMatchObject({ title: 'Renamed', description: 'by admin', owner_id: users.member.user.id });
    const stored = (await Item.get({ organization_id: org.id, id: item.id }).go()).data;
    expect(stored).toMatchObject({ title: 'Renamed', version: 3 });

    const deleted = await call('DELETE', `/api/v1/items/${item.id}`, { token: users.admin.token, org: org.id });
    expect(deleted.status).toBe(200);
    expect((await call('GET', `/api/v1/items/${item.id}`, { token: users.admin.token, org: org.id })).status).toBe(404);
    expect((await call('DELETE', `/api/v1/items/${item.id}`, { token: users.admin.token, org: org.id })).status).toBe(404);
  });

  it('requires the organization header, refuses viewers writing and strangers, and hides other organizations\' items', async () => {
    const { org, users } = await organizationWithRoles();
    const otherOwner = await createUser();
    const otherOrg = await createOrganization(otherOwner.user.id);
    const foreign = (await call('POST', '/api/v1/items', { token: otherOwner.token, org: otherOrg.id, json: { title: 'Theirs' } })).body;

    const noHeader = await call('GET', '/api/v1/items', { token: users.owner.token });
    expect(noHeader.status).toBe(400);
    expect(noHeader.body.detail).toBe('X-Organization-ID header is required');
    expect((await call('POST', '/api/v1/items', { token: users.viewer.token, org: org.id, json: { title: 'x' } })).status).toBe(403);
    expect((await call('GET', '/api/v1/items', { token: users.owner.token, org: otherOrg.id })).status).toBe(404);
    // Their item id through our organization: 404 as if it did not exist, for reads and writes.
    expect((await call('GET', `/api/v1/items/${foreign.id}`, { token: users.owner.token, org: org.id })).status).toBe(404);
    expect((await call('PUT', `/api/v1/items/${foreign.id}`, { token: users.owner.token, org: org.id, json: { title: 'Mine now' } })).status).toBe(404);
    expect((await call('DELETE', `/api/v1/items/${foreign.id}`, { token: users.owner.token, org: org.id })).status).toBe(404);
    expect((await Item.get({ organization_id: otherOrg.id, id: foreign.id }).go()).data?.title).toBe('Theirs');
  });

  it('validates bodies: missing title, unknown fields and empty updates are 422', async () => {
    const { user, token } = await createUser();
    const org = await createOrganization(user.id);
    const missing = await call('POST', '/api/v1/items', { token, org: org.id, json: { description: 'no title' } });
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0].loc).toEqual(['body', 'title']);
    expect((await call('POST', '/api/v1/items', { token, org: org.id, json: { title: 'x', owner_id: 'someone' } })).status).toBe(422);
    const item = (await call('POST', '/api/v1/items', { token, org: org.id, json: { title: 'x' } })).body;
    expect((await call('PUT', `/api/v1/items/${item.id}`, { token, org: org.id, json: {} })).status).toBe(422);
    expect((await call('PUT', `/api/v1/items/${item.id}`, { token, org: org.id, json: { title: '' } })).status).toBe(422);
    expect((await Item.query.byOrganization({ organization_id: org.id }).go()).data).toHaveLength(1);
  });

  it('answers 409 when the item changed between read and write, and keeps the other write', async () => {
    // prepare
    const { user, token } = await createUser();
    const org = await createOrganization(user.id);
    const item = (await call('POST', '/api/v1/items', { token, org: org.id, json: { title: 'v1' } })).body;
    // This request reads the item as it was; another writer saves before this request writes.
    const key = { organization_id: org.id, id: item.id };
    const stale = (await Item.get(key).go()).data!;
    await Item.patch(key).set({ title: 'theirs', version: 2 }).go();
    const spy = vi.spyOn(Item, 'get').mockReturnValueOnce({ go: async () => ({ data: stale }) } as never);
    // act
    const res = await call('PUT', `/api/v1/items/${item.id}`, { token, org: org.id, json: { title: 'mine' } });
    spy.mockRestore();
    // assess
    expect(res.status).toBe(409);
    expect((await Item.get({ organization_id: org.id, id: item.id }).go()).data).toMatchObject({ title: 'theirs', version: 2 });
  });

  it('audits creates, updates and deletes with actor, entity, summary and IP', async () => {
    const { user, token } = await createUser();
    const org = await createOrganization(user.id);
    const item = (await call('POST', '/api/v1/items', { token, org: org.id, json: { title: 'Audited' }, ip: '10.1.2.3' })).body;
    await call('PUT', `/api/v1/items/${item.id}`, { token, org: org.id, json: { title: 'Audited 2' } });
    await call('DELETE', `/api/v1/items/${item.id}`, { token, org: org.id });
    await call('PUT', `/api/v1/items/${item.id}`, { token, org: org.id, json: { title: 'gone' } });
    const records = await auditOf(org.id);
    expect(records.map((r) => r.action)).toEqual(['item.created', 'item.updated', 'item.deleted']);
    expect(records[0]).toMatchObject({ user_id: user.id, user_email: user.email, entity_type: 'item', entity_id: item.id, summary: 'Item "Audited" created', ip_address: '10.1.2.3' });
    expect(records[1]!.changes).toEqual({ title: { from: 'Audited', to: 'Audited 2' } });
  });
});
