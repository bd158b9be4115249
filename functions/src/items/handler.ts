import * as schemas from '@daftar/shared/schemas/index';
import { createHandler, defineRoutes, route } from '../http/api.js';
import { Conflict, NotFound } from '../platform/errors.js';
import { Item, type ItemRecord } from '../db/item.js';
import { uuidv7 } from '../platform/ids.js';
import { listPage } from '../db/paging.js';
import { isConditionFailure } from '../db/transaction.js';
import { assertMayChange, getItem, ownerIdOf, presentItem } from './items.js';

const itemList = schemas.listOf(schemas.itemPublic);

export const routes = defineRoutes('items', {
  'GET /api/v1/items': route({
    access: { org: 'viewer' },
    summary: "The organization's items, newest first (X-Organization-ID header)",
    query: schemas.pagination,
    response: itemList,
    handler: async ({ organizationId, query }) => listPage(Item.query.byOrganization({ organization_id: organizationId! }), query, presentItem),
  }),
  'POST /api/v1/items': route({
    access: { org: 'member' },
    summary: 'Create an item owned by the caller',
    body: schemas.itemCreate,
    response: schemas.itemPublic,
    status: 201,
    handler: async (ctx) => {
      const now = new Date();
      const { data } = await Item.create({
        organization_id: ctx.organizationId!,
        id: uuidv7(now.getTime()),
        title: ctx.body.title,
        description: ctx.body.description || undefined,
        owner_id: ownerIdOf(ctx.principal),
        version: 1,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      }).go();
      ctx.audit({
        action: 'item.created',
        entity_type: 'item',
        entity_id: data.id,
        narrative: { key: 'audit.item.created', params: { title: data.title } },
        changes: { title: data.title, description: data.description ?? null },
      });
      return presentItem(data);
    },
  }),
  'GET /api/v1/items/my-items': route({
    access: { org: 'viewer' },
    summary: "The caller's own items in the organization, newest first",
    query: schemas.pagination,
    response: itemList,
    handler: async ({ organizationId, principal, query }) =>
      listPage(Item.query.byOwner({ organization_id: organizationId!, owner_id: ownerIdOf(principal) }), query, presentItem),
  }),
  'GET /api/v1/items/{id}': route({
    access: { org: 'viewer' },
    summary: 'One item',
    response: schemas.itemPublic,
    handler: async ({ organizationId, params }) => presentItem(await getItem(organizationId!, params.id!)),
  }),
  'PUT /api/v1/items/{id}': route({
    access: { org: 'member' },
    summary: 'Change an item (its owner or an admin)',
    body: schemas.itemUpdate,
    response: schemas.itemPublic,
    handler: async (ctx) => {
      const before = await getItem(ctx.organizationId!, ctx.params.id!);
      assertMayChange(before, ctx.principal, ctx.role);
      // An empty or null description clears it.
      const { description, ...rest } = ctx.body;
      const set = { ...rest, ...(description ? { description } : {}), version: before.version + 1, updated_at: new Date().toISOString() };
      let after: ItemRecord;
      try {
        const patch = Item.patch({ organization_id: before.organization_id, id: before.id }).set(set);
        const write = (description === null || description === '' ? patch.remove(['description']) : patch).where(({ version }, { eq }) => eq(version, before.version));
        after = (await write.go({ response: 'all_new' })).data as ItemRecord;
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
        // Gone, or changed by someone else between our read and write.
        await getItem(before.organization_id, before.id);
        throw new Conflict('The item was changed by someone else; reload and try again');
      }
      ctx.audit({
        action: 'item.updated',
        entity_type: 'item',
        entity_id: before.id,
        narrative: { key: 'audit.item.updated', params: { title: after.title } },
        changes: Object.fromEntries((Object.keys(ctx.body) as (keyof typeof ctx.body)[]).map((f) => [f, { from: before[f] ?? null, to: after[f] ?? null }])),
      });
      return presentItem(after);
    },
  }),
  'DELETE /api/v1/items/{id}': route({
    access: { org: 'member' },
    summary: 'Delete an item (its owner or an admin)',
    response: schemas.message,
    handler: async (ctx) => {
      const item = await getItem(ctx.organizationId!, ctx.params.id!);
      assertMayChange(item, ctx.principal, ctx.role);
      try {
        await Item.remove({ organization_id: item.organization_id, id: item.id }).go();
      } catch (err) {
        if (isConditionFailure(err)) throw new NotFound('Item not found');
        throw err;
      }
      ctx.audit({
        action: 'item.deleted',
        entity_type: 'item',
        entity_id: item.id,
        narrative: { key: 'audit.item.deleted', params: { title: item.title } },
        changes: { title: item.title, owner_id: item.owner_id },
      });
      return { message: 'Item deleted successfully' };
    },
  }),
});

export const handler = createHandler(routes);
