/**
 * Dates are validated once (GitHub issue #11): every calendar-date field of every body and query
 * in the route table is the shared `calendarDate` schema (@daftar/shared/schemas/common), so
 * `2026-02-30` and `2026-13-01` are a 422 naming the field everywhere. The fields are found by
 * walking the route table's zod schemas, not from a list: a date field added with a plain string
 * schema (or a copy of the YYYY-MM-DD regex) fails here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calendarDate, messages } from '@daftar/shared/schemas/common';
import { handlerEntry, resourceNames, type ResourceName } from '../routes.js';
import { routeDefinitions, type RouteDef } from './api.js';
import { call } from '../../test/client.js';
import { createOrganization, createUser } from '../../test/fixtures.js';
import { invoicesPath, invoicingOrganization } from '../invoices/test-helpers.js';
import { billsSetup } from '../bills/test-setup.js';

type Seg = string | number;
type Source = 'body' | 'query';
type AnyDef = RouteDef<z.ZodType | undefined, z.ZodType | undefined>;

const GOOD = '2026-01-31';
const IMPOSSIBLE = ['2026-02-30', '2026-13-01'] as const;
/** Strings no date-only field may take; a field that takes GOOD and refuses all of these holds a date. */
const NOT_DATES = ['x', 'abcdefghij', '0123456789'];
/** Field names that say "a date": such a field must not be a plain string. */
const DATE_NAME = /(^|_)date$|^date_|_from$|_to$|custom_start|custom_end/;

// ---------------------------------------------------------------------------------------------
// Walking zod schemas

/** The parts of zod 4's schema definitions the walk reads. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: readonly z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  items?: readonly z.ZodType[];
  getter?: () => z.ZodType;
}
const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

/** Schemas that only wrap another value of the same place (no new field level). */
function wrapped(schema: z.ZodType): z.ZodType[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional': case 'nullable': case 'default': case 'prefault': case 'catch': case 'readonly': case 'nonoptional': case 'success':
      return [def.innerType!];
    case 'pipe': return [def.in!, def.out!];
    case 'lazy': return [def.getter!()];
    case 'union': return [...def.options!];
    case 'intersection': return [def.left!, def.right!];
    default: return [];
  }
}

/** Every object property reachable from `schema` (nested objects, arrays and records included), with its path. */
function fieldsOf(schema: z.ZodType, path: Seg[] = [], seen = new Set<z.ZodType>()): { path: Seg[]; schema: z.ZodType }[] {
  if (seen.has(schema)) return [];
  const inner = new Set(seen).add(schema);
  const def = defOf(schema);
  if (def.type === 'object') {
    return Object.entries(def.shape!).flatMap(([key, field]) => [{ path: [...path, key], schema: field }, ...fieldsOf(field, [...path, key], inner)]);
  }
  if (def.type === 'array') return fieldsOf(def.element!, [...path, 0], inner);
  if (def.type === 'record') return fieldsOf(def.valueType!, [...path, 'key'], inner);
  if (def.type === 'tuple') return def.items!.flatMap((item, i) => fieldsOf(item, [...path, i], inner));
  return wrapped(schema).flatMap((s) => fieldsOf(s, path, inner));
}

/** True when the field is the shared `calendarDate`, maybe behind optional/nullable/default/pipe/union wrappers. */
function isSharedCalendarDate(schema: z.ZodType, seen = new Set<z.ZodType>()): boolean {
  if (schema === (calendarDate as z.ZodType)) return true;
  if (seen.has(schema)) return false;
  seen.add(schema);
  return wrapped(schema).some((s) => isSharedCalendarDate(s, seen));
}

const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

interface DateField {
  resource: ResourceName;
  route: string;
  source: Source;
  path: Seg[];
  schema: z.ZodType;
  /** The route's whole body or query schema. */
  whole: z.ZodType;
  def: AnyDef;
}

/** What is wrong with a date field (or a field named like one); empty when nothing is. */
function problemsOf(field: Omit<DateField, 'resource' | 'def'>): string[] {
  const where = `${field.route} ${field.source}.${field.path.join('.')}`;
  const problems: string[] = [];
  if (!isSharedCalendarDate(field.schema)) problems.push(`${where}: not the shared calendarDate schema`);
  if (!accepts(field.schema, GOOD)) problems.push(`${where}: refuses ${GOOD}`);
  for (const bad of IMPOSSIBLE) {
    if (accepts(field.schema, bad)) problems.push(`${where}: accepts ${bad}`);
    const sample = withPath({}, field.path, bad);
    const result = field.whole.safeParse(sample);
    const named = !result.success && result.error.issues.some((issue) => samePath(issue.path, field.path));
    if (!named) problems.push(`${where}: the ${field.source} schema gives no issue at ${field.path.join('.')} for ${bad}`);
  }
  return problems;
}

function samePath(a: readonly PropertyKey[], b: readonly Seg[]) {
  return a.length === b.length && a.every((seg, i) => seg === b[i]);
}

/** `target` with `value` set at `path` (arrays for number segments). */
function withPath(target: Record<string, unknown>, path: Seg[], value: unknown): Record<string, unknown> {
  let node: Record<Seg, unknown> = target;
  path.forEach((seg, i) => {
    if (i === path.length - 1) { node[seg] = value; return; }
    node[seg] ??= typeof path[i + 1] === 'number' ? [] : {};
    node = node[seg] as Record<Seg, unknown>;
  });
  return target;
}

/** The date fields of some route definitions: the shared schema, anything that behaves like a date, and anything named like one that takes a string. */
function dateFieldsOf(resource: ResourceName, defs: Record<string, AnyDef>) {
  const dates: DateField[] = [];
  /** Named like a date, takes an impossible date, and is not caught above: a plain string. */
  const plainNamed: string[] = [];
  for (const [route, def] of Object.entries(defs)) {
    for (const source of ['body', 'query'] as const) {
      const whole = def[source];
      if (!whole) continue;
      for (const { path, schema } of fieldsOf(whole)) {
        const name = String(path.at(-1));
        const shared = isSharedCalendarDate(schema);
        const behaves = accepts(schema, GOOD) && NOT_DATES.every((v) => !accepts(schema, v));
        const named = DATE_NAME.test(name) && (accepts(schema, GOOD) || IMPOSSIBLE.some((v) => accepts(schema, v)));
        if (shared || behaves || named) dates.push({ resource, route, source, path, schema, whole, def });
        if (named && !shared && !behaves) plainNamed.push(`${route} ${source}.${path.join('.')}`);
      }
    }
  }
  return { dates, plainNamed };
}

async function allRouteDefinitions() {
  // Entities bind their table name when their module loads (the test setup has set it).
  const resources: { resource: ResourceName; defs: Record<string, AnyDef> }[] = [];
  for (const name of resourceNames) {
    const mod = (await import(/* @vite-ignore */ `../${handlerEntry(name).replace(/\.ts$/, '.js')}`)) as { routes: Parameters<typeof routeDefinitions>[0] };
    resources.push((await routeDefinitions(mod.routes)) as { resource: ResourceName; defs: Record<string, AnyDef> });
  }
  return resources;
}

// ---------------------------------------------------------------------------------------------

describe('the walk over route schemas', () => {
  const handler = async () => null;
  const fake = {
    'POST /fake': {
      access: { org: 'member' },
      handler,
      body: z.strictObject({
        due_date: z.string(),
        issue_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        lines: z.array(z.strictObject({ date: calendarDate, amount: z.string() })).min(1),
        date_format: z.enum(['auto', 'DD/MM/YYYY']),
        password: z.string().min(8),
      }),
    },
    'GET /fake': { access: { org: 'viewer' }, handler, query: z.object({ as_of_date: calendarDate.optional(), period_to: calendarDate.nullish().default(null) }) },
  } as unknown as Record<string, AnyDef>;

  it('finds date fields behind wrappers and in arrays, and flags plain strings and copies of the regex', () => {
    const { dates, plainNamed } = dateFieldsOf('items', fake);
    const found = dates.map((d) => `${d.source}.${d.path.join('.')}`).sort();
    expect(found).toEqual(['body.due_date', 'body.issue_date', 'body.lines.0.date', 'query.as_of_date', 'query.period_to']);
    expect(plainNamed).toEqual(['POST /fake body.due_date']);
    const problems = dates.flatMap(problemsOf);
    expect(problems.some((p) => p.startsWith('POST /fake body.due_date: not the shared'))).toBe(true);
    expect(problems.some((p) => p.startsWith('POST /fake body.issue_date: accepts 2026-02-30'))).toBe(true);
    expect(problems.filter((p) => /lines\.0\.date|as_of_date|period_to/.test(p))).toEqual([]);
  });
});

describe('calendar dates across the route table', () => {
  const fields: DateField[] = [];
  const plainNamed: string[] = [];

  beforeAll(async () => {
    for (const { resource, defs } of await allRouteDefinitions()) {
      const found = dateFieldsOf(resource, defs);
      fields.push(...found.dates);
      plainNamed.push(...found.plainNamed);
    }
  });

  it('finds the date fields of every resource', () => {
    const routes = new Set(fields.map((f) => f.route));
    console.log(`calendar-date fields: ${fields.length} over ${routes.size} routes`);
    expect(fields.length).toBeGreaterThanOrEqual(100);
    const seen = new Set(fields.map((f) => `${f.route} ${f.source}.${f.path.join('.')}`));
    const ORG = '/api/v1/organizations/{organization_id}';
    for (const expected of [
      `POST ${ORG}/invoices/with-line-items body.issue_date`,
      `POST ${ORG}/invoices/with-line-items body.due_date`,
      `PUT ${ORG}/invoices/{invoice_id} body.issue_date`,
      `POST ${ORG}/bills body.issue_date`,
      `POST ${ORG}/payments body.date`,
      `POST ${ORG}/expenses body.date`,
      `POST ${ORG}/accounting/periods body.end_date`,
      `GET ${ORG}/reports/balance-sheet query.as_of_date`,
      `GET ${ORG}/reports/jordan-tax query.custom_start`,
      `POST ${ORG}/reports/bulk-export body.custom_end`,
    ]) expect(seen, expected).toContain(expected);
  });

  it('has no field named like a date that is a plain string', () => {
    expect(plainNamed).toEqual([]);
  });

  it('uses the shared calendarDate schema for every date field, refusing 2026-02-30 and 2026-13-01 at the field', () => {
    expect(fields.flatMap(problemsOf)).toEqual([]);
  });

  it('answers 422 naming each date field through the HTTP pipeline, for every route that has one', async () => {
    const { user, token } = await createUser({ is_superuser: true });
    const org = await createOrganization(user.id);
    const byRoute = new Map<string, DateField[]>();
    for (const f of fields) byRoute.set(`${f.route}|${f.source}`, [...(byRoute.get(`${f.route}|${f.source}`) ?? []), f]);
    const failures: string[] = [];
    let calls = 0;
    let skipped = 0;
    for (const [key, group] of byRoute) {
      const [route, source] = key.split('|') as [string, Source];
      const { def } = group[0]!;
      // A body is only read once the query passes; a JSON body is what this sends.
      if (source === 'body' && ((def.query && !accepts(def.query, {})) || (def.bodyType && def.bodyType !== 'json'))) { skipped++; continue; }
      const [method, template] = route.split(' ') as [string, string];
      const path = template.replace('{organization_id}', org.id).replace(/\{\w+\}/g, 'x0');
      for (const bad of IMPOSSIBLE) {
        const value = group.reduce((acc, f) => withPath(acc, f.path, bad), {} as Record<string, unknown>);
        const res = await call(method, path, {
          token,
          org: org.id,
          ...(source === 'query' ? { query: value as Record<string, string> } : { json: value }),
        });
        calls++;
        const locs: string[] = res.status === 422 && Array.isArray(res.body?.detail) ? res.body.detail.map((d: { loc: Seg[] }) => d.loc.join('.')) : [];
        for (const f of group) {
          const loc = [source, ...f.path].join('.');
          if (!locs.includes(loc)) failures.push(`${route} ${loc}=${bad}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        }
      }
    }
    console.log(`calendar-date pipeline calls: ${calls} (${skipped} route bodies checked by schema only)`);
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(50);
  }, 120_000);
});

describe('impossible dates through the real handlers', () => {
  const only = (field: string, source: Source = 'body') => [{ loc: [source, field], msg: messages.calendarDate, type: 'custom' }];

  it('POST and PUT invoices refuse an impossible issue_date or due_date, naming only that field', async () => {
    const { org, as, workedExample, createDraft } = await invoicingOrganization(null);
    const base = invoicesPath(org.id);
    for (const field of ['issue_date', 'due_date'] as const) {
      for (const bad of IMPOSSIBLE) {
        // No due date beside a bad issue date: the due-before-issue check would name due_date too.
        const json = { ...workedExample(), ...(field === 'issue_date' ? { due_date: undefined } : {}), [field]: bad };
        const res = await call('POST', `${base}/with-line-items`, { ...as('member'), json });
        expect(res.status, `${field}=${bad}`).toBe(422);
        expect(res.body.detail).toEqual(only(field));
      }
    }
    const draft = await createDraft({ ...workedExample(), issue_date: GOOD, due_date: GOOD });
    expect(draft).toMatchObject({ issue_date: GOOD, due_date: GOOD });
    for (const field of ['issue_date', 'due_date'] as const) {
      for (const bad of IMPOSSIBLE) {
        const res = await call('PUT', `${base}/${draft.id}`, { ...as('member'), json: { [field]: bad, version: draft.version } });
        expect(res.status, `${field}=${bad}`).toBe(422);
        expect(res.body.detail).toEqual(only(field));
      }
    }
    const updated = await call('PUT', `${base}/${draft.id}`, { ...as('member'), json: { due_date: '2026-02-28', version: draft.version } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.due_date).toBe('2026-02-28');
  });

  it('POST bills refuses an impossible issue_date or due_date, naming only that field', async () => {
    const { as, base, rentAndSupplies } = await billsSetup();
    for (const field of ['issue_date', 'due_date'] as const) {
      for (const bad of IMPOSSIBLE) {
        const json = rentAndSupplies({ ...(field === 'issue_date' ? { due_date: undefined } : {}), [field]: bad });
        const res = await call('POST', base, { ...as('member'), json });
        expect(res.status, `${field}=${bad}`).toBe(422);
        expect(res.body.detail).toEqual(only(field));
      }
    }
    const created = await call('POST', base, { ...as('member'), json: rentAndSupplies({ issue_date: GOOD, due_date: '2026-02-28' }) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  });

  it('a report query refuses an impossible as_of_date, naming it', async () => {
    const { user, token } = await createUser();
    const org = await createOrganization(user.id);
    const report = (as_of_date: string) => call('GET', `/api/v1/organizations/${org.id}/reports/balance-sheet`, { token, query: { as_of_date } });
    for (const bad of IMPOSSIBLE) {
      const res = await report(bad);
      expect(res.status, bad).toBe(422);
      expect(res.body.detail).toEqual(only('as_of_date', 'query'));
    }
    const fine = await report(GOOD);
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
  });
});
