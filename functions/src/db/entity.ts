/**
 * ElectroDB's `Entity`, built on first use instead of at import.
 *
 * Constructing an entity validates its model against a JSON schema and parses it: 4–6 ms each
 * (issue #13), and a Lambda imports far more entities than any one request touches (the
 * invoices bundle defines 31). The entity modules write `new Entity(schema, config)` as before;
 * what they get is a stand-in that builds the real entity, with the same validation, the first
 * time anything reads from it, and forwards every operation to it afterwards.
 *
 * Of that build, most is ElectroDB checking the model against its JSON schema (jsonschema): on a
 * cold start, several milliseconds for each entity the first request touches. The models are
 * constants, so the check belongs in the tests: db/entity.test.ts checks every model with
 * ElectroDB's own class (`definitionOf` gives it what `new Entity` was given), and the entities
 * built here skip it.
 */
import { Entity as ElectroEntity } from 'electrodb';
import { AttributeOperationProxy } from 'electrodb/src/operations.js';

/**
 * ElectroDB builds, for every operation (a get, a put, an update, each clause's callback), an
 * object with a getter for each of the entity's attributes — `Object.defineProperty` once per
 * attribute, though an operation touches a few: for a balance item or a till's day figures (over a
 * hundred attributes each) that was most of the time a sale spent building its 27 writes. This
 * one answers the same property reads lazily, building an attribute's path only when it is read;
 * everything else (an unknown name, `Object.keys`, a symbol) is what the plain object gave.
 * db/entity.test.ts checks that the parameters of every kind of operation are the same with either.
 */
export const eagerBuildAttributes = AttributeOperationProxy.buildAttributes;
AttributeOperationProxy.buildAttributes = function lazyAttributes(builder, attributes) {
  return new Proxy({}, {
    get(target, name, receiver) {
      if (typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(attributes, name)) return Reflect.get(target, name, receiver);
      const attribute = attributes[name]!;
      return AttributeOperationProxy.pathProxy(() => ({ root: attribute, target: attribute, builder, commit: () => (builder as { setName(paths: object, name: string, field: string): unknown }).setName({}, attribute.name, attribute.field) }));
    },
    has: (target, name) => (typeof name === 'string' && Object.prototype.hasOwnProperty.call(attributes, name)) || Reflect.has(target, name),
  });
};

type AnyEntity = ElectroEntity<string, string, string, never>;

/**
 * ElectroDB's entity without the run-time model check. `_validateModel` is the one place its
 * constructor checks the model (node_modules/electrodb/src/entity.js); should a release rename it,
 * this override goes unused and the check simply runs again.
 */
class CheckedModelEntity extends ElectroEntity<string, string, string, never> {
  _validateModel(): void {}
}

/** Stand-ins whose entity has been built; lets tests and the bench tell what a load constructed. */
const built = new WeakSet<object>();
let constructedCount = 0;
/** What each stand-in was given, for the tests that check every model. */
const definitions = new WeakMap<object, { schema: unknown; config: unknown }>();

function lazyEntity(schema: unknown, config: unknown): AnyEntity {
  let entity: AnyEntity | undefined;
  const real = () => {
    if (!entity) {
      entity = new CheckedModelEntity(schema as never, config as never) as AnyEntity;
      built.add(standIn);
      constructedCount++;
    }
    return entity;
  };
  // Methods are bound to the real entity, so ElectroDB's own `this.…` reads skip the proxy; the
  // cache keeps `Invoice.get === Invoice.get` and follows a method replaced later (a test spy).
  const bound = new WeakMap<object, unknown>();
  const standIn: AnyEntity = new Proxy(Object.create(ElectroEntity.prototype) as AnyEntity, {
    get(_target, key) {
      const e = real();
      const value: unknown = Reflect.get(e, key, e);
      if (typeof value !== 'function') return value;
      let fn = bound.get(value);
      if (!fn) bound.set(value, (fn = (value as (...args: unknown[]) => unknown).bind(e)));
      return fn;
    },
    set: (_target, key, value) => Reflect.set(real(), key, value),
    has: (_target, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_target, key) => Reflect.getOwnPropertyDescriptor(real(), key),
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
  });
  definitions.set(standIn, { schema, config });
  return standIn;
}

/** `new Entity(schema, config)` as with ElectroDB, typed as ElectroDB's class; built lazily. */
export const Entity = function Entity(schema: unknown, config: unknown) {
  return lazyEntity(schema, config);
} as unknown as typeof ElectroEntity;

/** Whether `entity` (a stand-in from `new Entity`) has built its ElectroDB entity yet. */
export const isBuilt = (entity: object) => built.has(entity);

/** How many entities this process has built so far. */
export const builtEntityCount = () => constructedCount;

/** The model and configuration a stand-in from `new Entity` was given (undefined for anything else). */
export const definitionOf = (entity: object) => definitions.get(entity);
