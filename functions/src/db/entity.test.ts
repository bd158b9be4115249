import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Entity as ElectroEntity } from 'electrodb';
import { describe, expect, it, vi } from 'vitest';
import { definitionOf, Entity, isBuilt } from './entity.js';

const USER_SCHEMA = {
  model: { entity: 'probe', version: '1', service: 'test' },
  attributes: { id: { type: 'string', required: true }, name: { type: 'string' } },
  indexes: { byId: { pk: { field: 'pk', composite: ['id'], template: 'PROBE#${id}', casing: 'none' }, sk: { field: 'sk', composite: [], template: 'PROBE', casing: 'none' } } },
} as const;

describe('lazily built entities', () => {
  it('builds nothing at construction and the ElectroDB entity on first use, once', () => {
    const probe = new Entity(USER_SCHEMA, { table: 't' });
    expect(isBuilt(probe)).toBe(false);
    const params = probe.get({ id: 'a' }).params();
    expect(params).toEqual({ TableName: 't', Key: { pk: 'PROBE#a', sk: 'PROBE' } });
    expect(isBuilt(probe)).toBe(true);
    expect(probe.get).toBe(probe.get);
    expect(probe).toBeInstanceOf(ElectroEntity);
    expect(probe.schema.model.entity).toBe('probe');
  });

  it('gives the same parameters as an entity built directly', () => {
    const lazy = new Entity(USER_SCHEMA, { table: 't' });
    const direct = new ElectroEntity(USER_SCHEMA, { table: 't' });
    const item = { id: 'x', name: 'Widget' };
    expect(lazy.create(item).params()).toEqual(direct.create(item).params());
    expect(lazy.patch({ id: 'x' }).set({ name: 'Gadget' }).params()).toEqual(direct.patch({ id: 'x' }).set({ name: 'Gadget' }).params());
  });

  it("builds without ElectroDB's JSON-schema check of the model, which the model test below runs", () => {
    const check = vi.spyOn(ElectroEntity.prototype as unknown as { _validateModel(model: unknown): void }, '_validateModel');
    try {
      new ElectroEntity(USER_SCHEMA, { table: 't' });
      // The method this module overrides is still the constructor's check: were it renamed, the
      // override would silently stop saving the check, and this would fail.
      expect(check).toHaveBeenCalledTimes(1);
      const probe = new Entity(USER_SCHEMA, { table: 't' });
      expect(probe.get({ id: 'a' }).params()).toMatchObject({ Key: { pk: 'PROBE#a' } });
      expect(check).toHaveBeenCalledTimes(1);
    } finally {
      check.mockRestore();
    }
  });

  it('gives the model and configuration it was given, so the tests can check the model', () => {
    const model = { ...USER_SCHEMA, indexes: { byId: { pk: { field: 'pk' } } } } as never;
    const broken = new Entity(model, { table: 't' });
    const definition = definitionOf(broken)!;
    expect(definition.schema).toBe(model);
    expect(() => new ElectroEntity(definition.schema as never, definition.config as never)).toThrow(/composite/i);
    expect(definitionOf({})).toBeUndefined();
  });

  it('lets a test replace a method on the stand-in', () => {
    const probe = new Entity(USER_SCHEMA, { table: 't' });
    const spy = vi.spyOn(probe, 'get').mockImplementation(() => 'stubbed' as never);
    expect(probe.get({ id: 'a' })).toBe('stubbed');
    spy.mockRestore();
    expect(probe.get({ id: 'a' }).params()).toMatchObject({ Key: { pk: 'PROBE#a' } });
  });
});

describe('every entity of functions/src/db', () => {
  it('has a model ElectroDB accepts, and none is built by importing the modules', async () => {
    const dir = dirname(fileURLToPath(import.meta.url));
    const modules = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const entities: [string, object][] = [];
    for (const file of modules) {
      const exports = (await import(`./${file.replace(/\.ts$/, '.js')}`)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exports)) {
        if (value instanceof ElectroEntity) entities.push([`${file}:${name}`, value]);
      }
    }
    expect(entities.length).toBeGreaterThan(30);
    const builtAtImport = entities.filter(([, e]) => isBuilt(e)).map(([n]) => n);
    expect(builtAtImport).toEqual([]);
    for (const [name, e] of entities) {
      // ElectroDB's own class checks the model, as the entities built at run time do not.
      const { schema, config } = definitionOf(e)!;
      expect(() => new ElectroEntity(schema as never, config as never), name).not.toThrow();
      // Reading the schema builds the entity.
      expect((e as unknown as { schema: { model: { entity: string } } }).schema.model.entity, name).toBeTruthy();
      expect(isBuilt(e), name).toBe(true);
    }
  });
});

describe('attribute paths built on demand (AttributeOperationProxy.buildAttributes)', () => {
  it('gives every kind of operation the same parameters as the getters ElectroDB defines', async () => {
    const { AttributeOperationProxy } = await import('electrodb/src/operations.js');
    const { eagerBuildAttributes } = await import('./entity.js');
    const { AccountBalance } = await import('./accountBalance.js');
    const { PosSession } = await import('./posSession.js');
    const { PosTerminalDay } = await import('./posAggregates.js');
    const { Product } = await import('./product.js');
    const org = { organization_id: 'o1' };
    const operations: (() => unknown)[] = [
      () => AccountBalance.update({ ...org, month: '2026-11', account_id: 'a1', shard: 's1' }).add({ debit: 500, d27_debit: 500, lines: 1 } as never).params(),
      () => PosSession.patch({ ...org, id: 's1' }).add({ sales_count: 1, gross: 2160 } as never).set({ last_sale_at: 'now', updated_at: 'now', figures_day: '2026-11-27#u1' }).where((a, { eq }) => eq(a.status, 'open')).params(),
      () => PosTerminalDay.update({ ...org, date: '2026-11-27', terminal_id: 't1' }).add({ sales_count: 1, h09_gross: 2160 } as never).params(),
      () => Product.create({ ...org, id: 'p1', sku: 'BRD-1', name: 'Bread', name_key: 'bread', item_type: 'product', unit_of_measure: 'piece', stock_status: 'not_tracked', search_text: 'bread brd-1', created_at: 'now', updated_at: 'now' } as never).params(),
      () => Product.get({ ...org, id: 'p1' }).params(),
      () => Product.query.byOrganization({ ...org }).where((a, { eq, gt }) => `${eq(a.is_active, true)} AND ${gt(a.sale_price_fils, 100)}`).params(),
      () => Product.remove({ ...org, id: 'p1' }).params(),
    ];
    const lazy = operations.map((op) => op());
    const lazyBuild = AttributeOperationProxy.buildAttributes;
    AttributeOperationProxy.buildAttributes = eagerBuildAttributes;
    try {
      expect(operations.map((op) => op())).toEqual(lazy);
    } finally {
      AttributeOperationProxy.buildAttributes = lazyBuild;
    }
    // An unknown attribute is refused as before, and a read-only one cannot be changed.
    expect(() => PosSession.patch({ ...org, id: 's1' }).set({ no_such: 1 } as never).params()).not.toThrow();
    expect(() => PosSession.patch({ ...org, id: 's1' }).set({ cashier_id: 'x' } as never).params()).toThrow(/Read-Only/);
  });
});
