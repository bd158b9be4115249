/**
 * A form's schema for `useZodForm` (lib/forms) when what the person types is not yet the request
 * body: the form keeps text as typed (`''` for "none"), the API takes trimmed values, nulls,
 * objects. `payloadSchema(shared, toPayload, check)`:
 *
 * - runs the shared schema (the one the API runs) over `toPayload(values)`, so its messages land on
 *   the fields they are about (`lines.0.description`), with zod's codes and params for translation;
 * - adds what only the form can tell (`check`: a figure's precision in the currency, a line the
 *   calculator cannot compute), in the reader's language already;
 * - reports every issue at once, the form's own first (the first message per field is shown);
 * - hands `onSubmit` the shared schema's output: the body to send.
 *
 * Field names and payload keys are the same wherever a field is sent as is, so a 422's `loc` names
 * the field too (`applyServerErrors`).
 */
import { z } from 'zod';
import type { FieldValues } from 'react-hook-form';

/** What a form's own check reports: where, and the message already in the reader's language. */
export interface FormIssue {
  path: readonly (string | number)[];
  message: string;
}

export function payloadSchema<V extends FieldValues, S extends z.ZodType<FieldValues>>(
  schema: S,
  toPayload: (values: V) => z.input<S>,
  check?: (values: V, payload: z.input<S>) => readonly FormIssue[],
  /** The field a payload path belongs to, where they differ (`allocations.0` → `allocations.<document id>`). */
  fieldPath?: (path: readonly PropertyKey[], values: V) => readonly PropertyKey[],
) {
  return z.custom<V>(() => true).transform((values, ctx): z.output<S> => {
    const payload = toPayload(values);
    const own = check?.(values, payload) ?? [];
    const parsed = schema.safeParse(payload);
    for (const issue of own) ctx.addIssue({ code: 'custom', path: [...issue.path], message: issue.message, params: { [OWN]: true } });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = fieldPath ? fieldPath(issue.path, values) : issue.path;
        ctx.addIssue({ ...issue, path: [...path] } as Parameters<typeof ctx.addIssue>[0] & object);
      }
    }
    if (own.length > 0 || !parsed.success) return z.NEVER;
    return parsed.data as z.output<S>;
  });
}

const OWN = 'formOwn';

/** An issue of the form's own check (its message is already the one to show). */
export const isOwnIssue = (issue: object): boolean =>
  'params' in issue && !!issue.params && typeof issue.params === 'object' && (issue.params as Record<string, unknown>)[OWN] === true;

/**
 * A `useZodForm` `messages` function that leaves the form's own messages as they are: it only
 * rewrites the shared schema's (by their path and code), so a code the two share (`custom`) does
 * not turn one into the other.
 */
export const sharedSchemaMessages =
  <I extends object, R extends unknown[]>(messages: (issue: I, ...rest: R) => string | undefined) =>
  (issue: I, ...rest: R): string | undefined =>
    isOwnIssue(issue) ? undefined : messages(issue, ...rest);

/** Text as typed: trimmed, or null when nothing is left. */
export const textOrNull = (text: string | null | undefined) => text?.trim() || null;
