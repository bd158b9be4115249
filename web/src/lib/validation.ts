// A subpath import: this module is in the sign-in chunk, which must not carry every schema.
import { messages } from '@daftar/shared/schemas/common';
import type { z } from 'zod';
import { i18n } from './i18n';
import { registerMessageTable, translateIssue, type IssueLike } from './form-errors';

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

type SharedMessageKey = keyof typeof messages;

/**
 * The shared schemas speak English (the API answers with the same texts). Known messages are
 * shown in the reader's language; any other falls back to the schema's own text.
 */
const OTHER_MESSAGES: Record<string, string> = {
  'Email is required': 'emailRequired',
  'Name is required': 'nameRequired',
  'Code must be 6 digits': 'codeDigits',
  'Tax number must be 6 to 15 digits': 'taxNumber',
  'Income source sequence must be digits': 'incomeSourceSequence',
  'Password must be at most 128 characters': 'passwordTooLong',
  'Date must be YYYY-MM-DD': 'date',
  'Token is required': 'tokenRequired',
  'Full name must be at most 255 characters': 'fullNameTooLong',
  'start_date must not be after end_date': 'dateRange',
};

/** The `validation.*` key of a message the schemas wrote on purpose; undefined for any other. */
export function validationMessageKey(message: string): string | undefined {
  const shared = (Object.keys(messages) as SharedMessageKey[]).find((key) => messages[key] === message);
  return shared ?? OTHER_MESSAGES[message];
}

export function translateValidationMessage(message: string): string {
  const key = validationMessageKey(message);
  // Any other: zod's own wording or a known pattern in the reader's language (issue #12).
  return key ? i18n.t(`validation.${key}`, { min: 8, defaultValue: message }) : translateIssue({ message });
}

// Whoever loads this module (and so zod) lets the zod-free form helpers translate with it at once.
registerMessageTable({ translateValidationMessage, validationMessageKey });

/**
 * Runs a shared zod schema over form values. Returns the parsed data, or the first message per
 * field, translated.
 */
export function validateForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { success: true; data: z.output<S> } | { success: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= translateIssue(issue as unknown as IssueLike);
  }
  return { success: false, errors };
}

/** Empty optional inputs are sent as absent, not as empty strings the schemas would reject. */
export function withoutEmpty<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== undefined)) as Partial<T>;
}
