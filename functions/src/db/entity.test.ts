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
