/**
 * The one way a form is built (issue #11): react-hook-form + the shared zod schemas.
 *
 * - `useZodForm(schema, options)`: `useForm` with `zodResolver(schema)`; the messages it stores are
 *   already in the reader's language (by zod issue code and params, else the schema's message).
 * - `applyServerErrors(form, error)`: a 422 answer's `detail: [{loc, msg, type}]` set on the fields
 *   its `loc`s name; returns what it could not place, for a form-level alert.
 * - Field components that show a field's error: `FormTextInput`, `FormField`, … in components/fields.
 *
 * Server messages are matched by `loc`, `type` and status, never by their English text.
 */
import { toNestErrors } from '@hookform/resolvers';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef } from 'react';
import {
  useForm,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { loadMessageTable, serverIssues, translateIssue, type IssueLike, type ServerIssue } from './form-errors';

export * from './form-errors';

/**
 * A schema a form can run: its output is what `onSubmit` receives; its input is the form's values
 * (or what `prepare` makes of them).
 */
export type FormSchema = z.ZodType<FieldValues, unknown>;

/** The form's values: the schema's input, unless the form says otherwise (with `prepare`). */
type InputOf<S extends FormSchema> = z.input<S> extends FieldValues ? z.input<S> : FieldValues;

/**
 * A schema, or a loader of one: the sign-in form keeps zod and the schemas out of what its first
 * screen downloads by loading them once someone starts filling it in (there before they submit).
 */
export type SchemaSource<S extends FormSchema> = S | (() => Promise<S>);

export type ZodForm<S extends FormSchema, V extends FieldValues = InputOf<S>> = UseFormReturn<V, unknown, z.output<S>>;

export type UseZodFormOptions<S extends FormSchema, V extends FieldValues = InputOf<S>> = Omit<UseFormProps<V, unknown, z.output<S>>, 'resolver'> & {
  /**
   * Per field, a message that replaces the translated one (the field has one meaning whatever zod
   * says: `contact_id` → “Choose a customer”). Given the issue and the form's values, it may return
   * undefined to keep the translated message.
   */
  messages?: (issue: IssueLike & { path: string }, values: V) => string | undefined;
  /**
   * The form's values as the schema takes them (trimmed, empty optional fields left out, numbers
   * from their text). The schema's paths must still be the form's field names.
   */
  prepare?: (values: V) => unknown;
};

type LooseIssue = IssueLike & { path: readonly PropertyKey[] };

const isErrorLeaf = (value: unknown): value is FieldError =>
  !!value && typeof value === 'object' && typeof (value as FieldError).type === 'string' && 'message' in value;

/** Rewrites each error's message in place of zod's English, by its path and code. */
function translateErrors(
  errors: Record<string, unknown>,
  issues: readonly LooseIssue[],
  override: ((issue: IssueLike & { path: string }) => string | undefined) | undefined,
  prefix = '',
) {
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object' || key === 'ref') continue;
    const path = key === 'root' && prefix ? prefix.slice(0, -1) : `${prefix}${key}`;
    if (isErrorLeaf(value)) {
      const leaf = value as FieldError;
      const found = issues.find((i) => i.path.map(String).join('.') === path && i.code === leaf.type);
      // zodResolver's message (the schema's, or zod's default); the params and `generic` from the rerun.
      const issue: LooseIssue = { ...found, code: leaf.type, message: leaf.message ?? '', path: found?.path ?? [] };
      leaf.message = override?.({ ...issue, path }) ?? translateIssue(issue);
    }
    translateErrors(value as Record<string, unknown>, issues, override, `${path}.`);
  }
}

/** Every error of a nested errors object, by dotted path ('' is the whole form). */
function leaves(errors: Record<string, unknown>, prefix = '', out: Record<string, FieldError> = {}) {
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object' || key === 'ref') continue;
    const path = key === 'root' && prefix ? prefix.slice(0, -1) : `${prefix}${key}`;
    if (isErrorLeaf(value)) {
      const { ref: _ref, ...leaf } = value as FieldError & { ref?: unknown };
      out[path] ??= leaf as FieldError;
    }
    leaves(value as Record<string, unknown>, `${path}.`, out);
  }
  return out;
}

/** The registered fields' names: react-hook-form nests them (`lines: [{ quantity: _f }]`). */
function fieldNamesOf(fields: unknown, out: string[] = []): string[] {
  if (!fields || typeof fields !== 'object') return out;
  const field = fields as { name?: unknown; ref?: unknown };
  if (typeof field.name === 'string' && 'ref' in field) out.push(field.name);
  else for (const value of Object.values(fields)) fieldNamesOf(value, out);
  return out;
}

/**
 * Each message on a field the form shows: an issue inside a field's value (`tags.3` of a tags
 * input the schema splits) goes to that field, and one about the whole form (an object-level
 * refine, path '') to react-hook-form's `root`.
 */
function onFormFields(errors: Record<string, FieldError>, fieldNames: readonly string[]) {
  const placed: Record<string, FieldError> = {};
  for (const [path, error] of Object.entries(errors)) {
    const owner = fieldNames.includes(path) ? path : fieldNames.filter((name) => path.startsWith(`${name}.`)).sort((a, b) => b.length - a.length)[0];
    placed[path === '' ? 'root' : (owner ?? path)] ??= error;
  }
  return placed;
}

/** Stands for zod's default message in the rerun: a parse-level message yields to any the schema wrote. */
const ZOD_DEFAULT = '\u0000zod-default';

/**
 * `zodResolver(schema)` whose messages are in the reader's language. zodResolver keeps only each
 * issue's code and message; for the params (`minimum`, `maximum`, …), and to tell a message the
 * schema wrote from zod's default one, the schema is run again, once, when the values are invalid.
 */
export function zodFormResolver<S extends FormSchema, V extends FieldValues = InputOf<S>>(
  source: SchemaSource<S>,
  messages?: UseZodFormOptions<S, V>['messages'],
  prepare?: (values: V) => unknown,
): Resolver<V, unknown, z.output<S>> {
  let loaded: Promise<S> | null = null;
  const schemaOf = () => (loaded ??= typeof source === 'function' ? source() : Promise.resolve(source));
  return async (formValues, context, options) => {
    const [schema] = await Promise.all([schemaOf(), loadMessageTable()]);
    const values = (prepare ? prepare(formValues) : formValues) as V;
    const resolve = zodResolver(schema as never) as unknown as Resolver<V, unknown, z.output<S>>;
    const result = await resolve(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    const parsed = await schema.safeParseAsync(values, { error: () => ZOD_DEFAULT });
    const issues = parsed.success ? [] : (parsed.error.issues as unknown as LooseIssue[]).map((i) => ({ ...i, generic: i.message === ZOD_DEFAULT }));
    translateErrors(result.errors as Record<string, unknown>, issues, messages && ((issue) => messages(issue, formValues)));
    const placed = onFormFields(leaves(result.errors as Record<string, unknown>), fieldNamesOf(options.fields));
    return { values: {}, errors: toNestErrors(placed, options) };
  };
}

/**
 * `useForm` with the shared schema as its resolver. `defaultValues` are the form's empty (or
 * loaded) values; every field the form shows should have one, so `applyServerErrors` can tell
 * which `loc`s name a field of this form.
 */
export function useZodForm<S extends FormSchema, V extends FieldValues = InputOf<S>>(
  schema: SchemaSource<S>,
  options: UseZodFormOptions<S, V> = {},
): ZodForm<S, V> {
  const { messages, prepare, ...formOptions } = options;
  // The resolver follows the schema (a dialog may build its schema from props); `messages` and
  // `prepare` are usually inline functions, so the latest ones are read through a ref.
  const latest = useRef({ messages, prepare });
  latest.current = { messages, prepare };
  const resolver = useMemo(
    () =>
      zodFormResolver<S, V>(
        schema,
        (issue, values) => latest.current.messages?.(issue, values),
        (values) => (latest.current.prepare ? latest.current.prepare(values) : values),
      ),
    [schema],
  );
  useEffect(() => {
    // A form given a schema loader keeps zod off its first screen (sign-in, issue #13): it fetches
    // the schema when it is used (the sign-in form: on first focus), else the first submit does.
    if (typeof schema === 'function') return;
    void loadMessageTable();
  }, [schema]);
  // As the forms did before react-hook-form: a message stays until the next submit (no re-check per key).
  return useForm<V, unknown, z.output<S>>({ reValidateMode: 'onSubmit', ...formOptions, resolver });
}

/** A field's error message (already translated), or undefined. */
export function fieldError<T extends FieldValues>(form: Pick<UseFormReturn<T, any, any>, 'getFieldState' | 'formState'>, name: Path<T>): string | undefined {
  return form.getFieldState(name, form.formState).error?.message;
}

/** Every error of a form, flattened to dotted paths (`lines.0.quantity`). */
export function flattenErrors(errors: FieldErrors, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object' || key === 'ref') continue;
    const path = key === 'root' && prefix ? prefix.slice(0, -1) : `${prefix}${key}`;
    if (isErrorLeaf(value) && value.message) out[path] ??= value.message;
    Object.assign(out, flattenErrors(value as FieldErrors, `${path}.`));
  }
  return out;
}

export interface ApplyServerErrorsOptions {
  /**
   * The form's fields by dotted path. Default: every path that has a value in the form (so every
   * field with a default value). A `loc` outside them is returned, not set; one inside a field's
   * value (`tags.3` of a comma-separated `tags` input) goes to that field.
   */
  fields?: readonly string[];
  /** The form's name for a server path where they differ: `{ customer_id: 'contact_id' }` (server → form). */
  rename?: Readonly<Record<string, string>>;
  /**
   * A message of the form's own for an issue (matched by `path` and `type`, never by `msg`);
   * undefined keeps the translated server message.
   */
  message?: (issue: ServerIssue) => string | undefined;
}

/**
 * Sets each issue of a 422 answer on the field its `loc` names (`['body', 'lines', 0, 'quantity']`
 * → `lines.0.quantity`), in the reader's language, and focuses the first. Returns the issues no
 * field of this form shows (a form-level alert shows them); null when `error` is not a 422 with a
 * `detail` list (the caller reports it as any other failure).
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T, any, any>, 'setError' | 'getValues'>,
  error: unknown,
  options: ApplyServerErrorsOptions = {},
): ServerIssue[] | null {
  const issues = serverIssues(error);
  if (!issues) return null;
  const unplaced: ServerIssue[] = [];
  const set = new Set<string>();
  const fieldOf = (path: string): string | null => {
    if (path === '') return null;
    const parts = path.split('.');
    const owners = parts.slice(1).map((_, index) => parts.slice(0, index + 1).join('.'));
    if (options.fields) {
      if (options.fields.includes(path)) return path;
      return [...owners].reverse().find((owner) => options.fields!.includes(owner)) ?? null;
    }
    // A path inside a plain value (text, a number) belongs to the field holding that value.
    const plain = owners.find((owner) => {
      const value: unknown = form.getValues(owner as Path<T>);
      return value === null || (value !== undefined && typeof value !== 'object');
    });
    if (plain !== undefined) return plain;
    // The path itself may hold a list or a group (`lines`: "at least one line").
    return form.getValues(path as Path<T>) !== undefined ? path : null;
  };
  for (const issue of issues) {
    const name = fieldOf(options.rename?.[issue.path] ?? issue.path);
    if (name === null) {
      unplaced.push(issue);
      continue;
    }
    if (set.has(name)) continue; // the first issue per field, as the form's own check does
    form.setError(
      name as Path<T>,
      { type: issue.type, message: options.message?.(issue) ?? translateIssue({ code: issue.type, message: issue.msg }) },
      { shouldFocus: set.size === 0 },
    );
    set.add(name);
  }
  return unplaced;
}

/** The unplaced issues' messages, in the reader's language, for a form-level alert. */
export function issueMessages(issues: readonly ServerIssue[]): string[] {
  return [...new Set(issues.map((issue) => translateIssue({ code: issue.type, message: issue.msg })))];
}
