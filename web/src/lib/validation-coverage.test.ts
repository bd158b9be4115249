/**
 * Issue #12: every zod issue a form built on the shared schemas can raise is shown as a message in
 * the reader's language, never zod's own English ("Invalid input: expected string, received
 * undefined"). This walks every zod schema exported by shared/src/schemas/*.ts, feeds each field of
 * each object schema bad values derived from its definition, and runs each issue through the same
 * path `useZodForm` uses (lib/forms.ts `zodFormResolver`: a rerun with a parse-level error marks
 * zod's default messages as `generic`, then `translateIssue`).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { organizationName } from '@daftar/shared/schemas/organizations';
import { loadMessageTable, readerMessage, specificIssueMessage, translateIssue, type IssueLike } from './form-errors';
import { changeLanguage, i18n } from './i18n';

const modules = import.meta.glob<Record<string, unknown>>(['../../../shared/src/schemas/*.ts', '!../../../shared/src/schemas/*.test.ts', '!../../../shared/src/schemas/index.ts'], { eager: true });

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const isSchema = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/** The schema a value is checked by, without wrappers that only accept more (optional, default…). */
function core(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return core(def.innerType as z.ZodType);
    case 'pipe':
      // A transform's input side is what a form gives.
      return defOf(def.in as z.ZodType).type === 'transform' ? core(def.out as z.ZodType) : core(def.in as z.ZodType);
    case 'lazy':
      return core((def.getter as () => z.ZodType)());
    default:
      return schema;
  }
}

type Check = { _zod: { def: { check: string; maximum?: unknown; minimum?: unknown; value?: unknown } } };
const checksOf = (schema: z.ZodType) => ((defOf(schema).checks as Check[] | undefined) ?? []).map((c) => c._zod.def);

const SAMPLE_TEXTS = ['Name', 'x', '2026-01-15', '12.5', '1', '0', 'JOD', 'a@b.co', '2026-01-15T00:00:00Z', '2026', '2026-01', '01', '1234567', '123456', '12345678', 'true', 'https://example.com', 'PN', '+962790000000'];

/** A value the schema takes, or undefined when none of the guesses fits. */
function sample(schema: z.ZodType, depth = 0): unknown {
  if (depth > 6) return undefined;
  const def = defOf(schema);
  const guesses: unknown[] = [];
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(shape)) {
        const value = sample(field, depth + 1);
        if (value !== undefined) out[key] = value;
      }
      guesses.push(out);
      break;
    }
    case 'array': {
      const element = sample(def.element as z.ZodType, depth + 1);
      guesses.push([element], [element, element], []);
      break;
    }
    case 'enum':
      guesses.push(...Object.values(def.entries as Record<string, unknown>));
      break;
    case 'literal':
      guesses.push(...(def.values as unknown[]));
      break;
    case 'union':
      for (const option of def.options as z.ZodType[]) guesses.push(sample(option, depth + 1));
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      guesses.push(sample(def.innerType as z.ZodType, depth + 1), undefined, null);
      break;
    case 'pipe':
      guesses.push(sample(def.in as z.ZodType, depth + 1), ...SAMPLE_TEXTS, 1);
      break;
    case 'lazy':
      guesses.push(sample((def.getter as () => z.ZodType)(), depth + 1));
      break;
    case 'intersection':
      guesses.push({ ...(sample(def.left as z.ZodType, depth + 1) as object), ...(sample(def.right as z.ZodType, depth + 1) as object) });
      break;
    case 'record':
      guesses.push({});
      break;
    case 'string':
    case 'template_literal':
      guesses.push(...SAMPLE_TEXTS);
      break;
    case 'number':
    case 'int':
      guesses.push(1, 0, 2026, 12, 100);
      break;
    case 'boolean':
      guesses.push(true);
      break;
    case 'date':
      guesses.push(new Date('2026-01-15'));
      break;
    default:
      guesses.push('x', 1, true, {}, [], null);
  }
  for (const guess of guesses) {
    try {
      if (schema.safeParse(guess).success) return guess;
    } catch {
      // a transform that throws on this guess: try the next
    }
  }
  return guesses[0];
}

/** Bad values for a field, from its definition; every field also gets the common ones. */
function badValues(schema: z.ZodType): unknown[] {
  const inner = core(schema);
  const def = defOf(inner);
  const bad: unknown[] = [undefined, null, '', '   ', 'abc', 42, true, [], {}, '1.23456', '-1', '99999999999999', '2026-02-30', '2026-13-01', 'zzz-not-an-option', -1, 1.23456, 1e15, Number.NaN];
  for (const check of [...checksOf(inner), ...(def.type === 'union' ? (def.options as z.ZodType[]).flatMap((o) => checksOf(core(o))) : [])]) {
    if (check.check === 'max_length' && typeof check.maximum === 'number') bad.push('x'.repeat(check.maximum + 1), Array.from({ length: check.maximum + 1 }, () => 'x'));
    if (check.check === 'min_length' && typeof check.minimum === 'number' && check.minimum > 1) bad.push('x'.repeat(check.minimum - 1));
    if (check.check === 'less_than' && typeof check.value === 'number') bad.push(check.value + 1, String(check.value + 1));
    if (check.check === 'greater_than' && typeof check.value === 'number') bad.push(check.value - 1, String(check.value - 1));
  }
  return bad;
}

type Field = { path: (string | number)[]; schema: z.ZodType };

/** The fields of an object schema, nested ones (`lines.0.quantity`) too. */
function fieldsOf(schema: z.ZodType, prefix: (string | number)[] = [], depth = 0): Field[] {
  if (depth > 5) return [];
  const inner = core(schema);
  const def = defOf(inner);
  if (def.type === 'object') {
    return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, field]) => [{ path: [...prefix, key], schema: field }, ...fieldsOf(field, [...prefix, key], depth + 1)]);
  }
  if (def.type === 'array') return fieldsOf(def.element as z.ZodType, [...prefix, 0], depth + 1);
  if (def.type === 'union') return (def.options as z.ZodType[]).flatMap((option) => (defOf(core(option)).type === 'object' ? fieldsOf(option, prefix, depth + 1) : []));
  return [];
}

function setAt(value: unknown, path: readonly (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  const container = (Array.isArray(value) ? [...(value as unknown[])] : value && typeof value === 'object' ? { ...(value as object) } : typeof head === 'number' ? [] : {}) as Record<
    string | number,
    unknown
  >;
  const updated = setAt(container[head!], rest, next);
  if (updated === undefined && !Array.isArray(container)) delete container[head!];
  else container[head!] = updated;
  return container;
}

const ZOD_DEFAULT = '\u0000zod-default';

type Collected = IssueLike & { schema: string; path: string; input: unknown };

/** The issues a form would translate, as lib/forms.ts's resolver hands them to `translateIssue`. */
function issuesOf(name: string, schema: z.ZodType, input: unknown): Collected[] {
  let plain: z.ZodSafeParseResult<unknown>;
  let rerun: z.ZodSafeParseResult<unknown>;
  try {
    plain = schema.safeParse(input);
    rerun = schema.safeParse(input, { error: () => ZOD_DEFAULT });
  } catch {
    return [];
  }
  if (plain.success || rerun.success) return [];
  return plain.error.issues.map((issue, index) => ({
    ...(issue as unknown as IssueLike),
    generic: rerun.error!.issues[index]?.message === ZOD_DEFAULT,
    schema: name,
    path: issue.path.map(String).join('.'),
    input,
  }));
}

const ZOD_WORDING = /^(Invalid input|Invalid option|Invalid string|Invalid (element|key|union)|Too (big|small)|Expected|Unrecognized key|Required$|Invalid$|Invalid number|Invalid date)/i;
const ARABIC = /[\u0600-\u06FF]/;

function collect() {
  const schemas: [string, z.ZodType][] = [];
  for (const [file, exports] of Object.entries(modules)) {
    const base = file.split('/').pop()!.replace(/\.ts$/, '');
    for (const [exportName, value] of Object.entries(exports)) if (isSchema(value)) schemas.push([`${base}.${exportName}`, value]);
  }
  const issues: Collected[] = [];
  let objects = 0;
  let fields = 0;
  for (const [name, schema] of schemas) {
    const list = fieldsOf(schema);
    if (defOf(core(schema)).type !== 'object' && list.length === 0) {
      for (const bad of badValues(schema)) issues.push(...issuesOf(name, schema, bad));
      continue;
    }
    objects += 1;
    fields += list.length;
    const base = sample(schema);
    // The object with nothing in it (every required field missing), and a valid-looking one (refinements).
    issues.push(...issuesOf(name, schema, {}), ...issuesOf(name, schema, base));
    for (const field of list) {
      for (const bad of badValues(field.schema)) issues.push(...issuesOf(name, schema, setAt(base, field.path, bad)));
    }
  }
  // One per distinct issue (code, params, message, generic): the rest say the same.
  const seen = new Map<string, Collected>();
  for (const issue of issues) {
    const key = JSON.stringify([issue.code, issue.origin, issue.format, issue.expected, issue.minimum, issue.maximum, issue.message, issue.generic], (_k, v: unknown) =>
      typeof v === 'bigint' ? String(v) : v,
    );
    if (!seen.has(key)) seen.set(key, issue);
  }
  return { schemas: schemas.length, objects, fields, issues: issues.length, distinct: [...seen.values()] };
}

const describeIssue = (issue: Collected, shown: string) =>
  `${issue.schema} ${issue.path || '(form)'} [${issue.code}${issue.origin ? `/${issue.origin}` : ''}${issue.format ? `/${issue.format}` : ''}] ${JSON.stringify(issue.message)} → ${JSON.stringify(shown)}`;

describe('every issue of the shared schemas has a translated message (issue #12)', () => {
  const covered = collect();

  afterAll(async () => {
    await changeLanguage('en');
  });

  it('walks the shared schemas', () => {
    console.info(
      `validation coverage: ${covered.schemas} schemas (${covered.objects} object schemas, ${covered.fields} fields), ${covered.issues} issues (${covered.distinct.length} distinct)`,
    );
    expect(covered.objects).toBeGreaterThan(50);
    expect(covered.distinct.length).toBeGreaterThan(50);
  });

  it.each(['en', 'ar'] as const)('shows no zod wording (%s)', async (language) => {
    await loadMessageTable();
    await changeLanguage(language);
    const bad: string[] = [];
    for (const issue of covered.distinct) {
      const shown = translateIssue(issue);
      if (!shown || ZOD_WORDING.test(shown) || shown.includes('\u0000')) bad.push(describeIssue(issue, shown));
      else if (language === 'ar' && !ARABIC.test(shown)) bad.push(describeIssue(issue, shown));
    }
    expect(bad, `${bad.length} untranslated messages:\n${bad.join('\n')}`).toEqual([]);
  });

  // "This value is invalid" says nothing the red outline did not: each issue a form can raise says
  // what is wrong (too long, not a number, before the start date, …).
  it.each(['en', 'ar'] as const)('never falls back to the generic "this value is invalid" (%s)', async (language) => {
    await loadMessageTable();
    await changeLanguage(language);
    const generic = i18n.t('validation.invalid');
    const bad = covered.distinct.map((issue) => [issue, translateIssue(issue)] as const).filter(([, shown]) => shown === generic);
    expect(
      bad.map(([issue, shown]) => describeIssue(issue, shown)),
      `${bad.length} issues shown as the generic message`,
    ).toEqual([]);
  });

  it.each([
    ['en', 'This field is required', 'Use at most 3 decimals', 'This number is too large', 'Rate must be at most 100'],
    ['ar', 'هذا الحقل مطلوب', 'استخدم 3 منازل عشرية على الأكثر', 'هذا الرقم كبير جدًا', 'يجب ألا يزيد عن 100'],
  ] as const)('says what the person did: an empty organization name, a quantity too precise or too large (%s)', async (language, required, decimals, tooLarge, atMost) => {
    await loadMessageTable();
    await changeLanguage(language);
    const [missing] = issuesOf('organizationName', organizationName, undefined);
    expect(translateIssue(missing!)).toBe(required);
    // A message alone (a 422's msg, an old caller): zod's wording is still recognized.
    expect(translateIssue({ message: 'Invalid input: expected string, received undefined' })).toBe(required);
    expect(specificIssueMessage('quantity has at most 3 decimal places')).toBe(decimals);
    expect(specificIssueMessage('Amount out of range: 99999999999999000 minor units')).toBe(tooLarge);
    // The schema's own English is kept for an English reader; an Arabic one gets it by its pattern.
    expect(translateIssue({ code: 'custom', message: 'Rate must be at most 100' })).toBe(atMost);
  });
});

describe('a finding in a list (an import row error) in the reader’s language', () => {
  afterAll(() => changeLanguage('en'));
  it('translates a known pattern and keeps a message it does not know as written', async () => {
    await loadMessageTable();
    await changeLanguage('ar');
    expect(readerMessage('Enter an amount such as 1.250 (at most three decimals)')).toBe('أدخل مبلغًا مثل 1.250 (ثلاث منازل عشرية على الأكثر)');
    expect(readerMessage('SKU A-1 is also on row 2')).toBe('رمز الصنف \u200eA-1\u200e مكرر في الصف 2');
    expect(readerMessage('No product category is called "مشروبات"')).toBe('لا توجد فئة منتجات باسم «مشروبات»');
    expect(readerMessage('Only 7 of Olive oil (OIL) on hand; 9 needed')).toBe('المتوفر من «Olive oil (OIL)» \u200e7\u200e فقط، والمطلوب \u200e9\u200e');
    expect(readerMessage('A message nobody wrote a pattern for')).toBe('A message nobody wrote a pattern for');
    await changeLanguage('en');
    expect(readerMessage('Enter an amount such as 1.250 (at most three decimals)')).toBe('Enter an amount such as 1.250 (at most three decimals)');
  });
});
