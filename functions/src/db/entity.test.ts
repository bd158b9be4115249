import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Entity as ElectroEntity } from 'electrodb';
import { describe, expect, it, vi } from 'vitest';
import { Entity, isBuilt } from './entity.js';

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

  it('reports an invalid model on first use, as ElectroDB does at construction', () => {
    const model = { ...USER_SCHEMA, indexes: { byId: { pk: { field: 'pk' } } } } as never;
    let atConstruction = '';
    try { new ElectroEntity(model, { table: 't' }); } catch (err) { atConstruction = (err as Error).message; }
    expect(atConstruction).toMatch(/composite/i);
    const broken = new Entity(model, { table: 't' });
    expect(() => (broken as unknown as { get: unknown }).get).toThrow(atConstruction);
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
    // Reading the schema builds the entity, which validates its model.
    for (const [name, e] of entities) {
      expect((e as unknown as { schema: { model: { entity: string } } }).schema.model.entity, name).toBeTruthy();
      expect(isBuilt(e), name).toBe(true);
    }
  });
});
