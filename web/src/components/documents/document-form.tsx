import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Button, Callout, Card, Checkbox, Flex, Grid, Text } from '@radix-ui/themes';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '../../lib/api-client';
import { textOrNull, type FormIssue } from '../../lib/form-schema';
import { applyServerErrors, flattenErrors, issueMessages, specificIssueMessage, type ServerIssue } from '../../lib/forms';
import { useDisplayName } from '../../lib/names';
import { notifyError } from '../../lib/notify';
import {
  DocumentLinesEditor,
  type DocumentFigures,
  type DocumentLine,
  type DocumentLinesEditorProps,
  type LineProblem,
} from '../document-lines-editor';
import { FormSelectInput, FormTextAreaInput, FormTextInput, type Option } from '../fields';
import { addDays, today } from './dates';

/** The header every sales or purchase document shares; a feature adds its own fields beside. */
export interface DocumentHeader {
  contact_id: string;
  issue_date: string;
  due_date: string;
  reference: string;
  notes: string;
  price_includes_tax: boolean;
}

/** A contact as a picker names it: `name`, and the Arabic name an Arabic reader sees instead. */
interface NamedContact {
  id: string;
  name: string;
  name_ar?: string | null;
}

/**
 * The contact picker's options: the active contacts, plus the one a draft keeps though it was
 * deactivated since (shown by name so the person sees it), after a "choose" prompt. `nameOf` gives
 * the name in the reader's language (lib/names `useDisplayName`).
 */
export function contactOptions({
  active,
  known,
  selectedId,
  unknownLabel,
  chooseLabel,
  nameOf = (name) => name,
}: {
  active: readonly NamedContact[];
  known: readonly NamedContact[];
  selectedId: string;
  unknownLabel: string;
  chooseLabel: string;
  nameOf?: (name: string, nameAr?: string | null) => string;
}): Option[] {
  const options = active.map((c) => ({ value: c.id, label: nameOf(c.name, c.name_ar) }));
  if (selectedId && !active.some((c) => c.id === selectedId)) {
    const kept = known.find((c) => c.id === selectedId);
    options.unshift({ value: selectedId, label: kept ? nameOf(kept.name, kept.name_ar) : unknownLabel });
  }
  return [{ value: '', label: chooseLabel }, ...options];
}

/** What a document form holds: the header as typed, the lines, and (editing a draft) the version read. */
export interface DocumentFormValues extends DocumentHeader {
  lines: DocumentLine[];
  /** The version read; absent for a new document. */
  version?: number;
}

/** What a stored document gives the shared header fields (an invoice's or a bill's API shape). */
interface StoredHeader {
  contact_id: string;
  issue_date: string;
  due_date?: string | null;
  reference?: string | null;
  notes?: string | null;
  price_includes_tax: boolean;
  version: number;
}

/** The shared form values of a stored document, or of a new one dated today with its first line. */
export const headerValuesOf = (document: StoredHeader | undefined, lines: () => DocumentLine[]): DocumentFormValues => ({
  contact_id: document?.contact_id ?? '',
  issue_date: document?.issue_date ?? today(),
  due_date: document?.due_date ?? '',
  reference: document?.reference ?? '',
  notes: document?.notes ?? '',
  price_includes_tax: document?.price_includes_tax ?? false,
  lines: lines(),
  version: document?.version,
});

/** The shared header fields of a create or replace body (empty texts absent as null). */
export const headerPayloadOf = (values: DocumentFormValues) => ({
  contact_id: values.contact_id,
  issue_date: values.issue_date,
  due_date: values.due_date || null,
  reference: textOrNull(values.reference),
  notes: textOrNull(values.notes),
  price_includes_tax: values.price_includes_tax,
});

/** A document form (lib/forms `useZodForm`), whatever header fields its feature adds. */
type AnyDocumentForm<V extends DocumentFormValues> = UseFormReturn<V, any, any>;

/** The shared fields of any document form, without the feature's own (react-hook-form's paths are per type). */
const documentFormOf = <V extends DocumentFormValues>(form: AnyDocumentForm<V>) => form as unknown as UseFormReturn<DocumentFormValues, any, any>;

/**
 * The document's customer or supplier: the picker's options, and what choosing one does besides
 * (the contact's payment terms give the due date unless one was typed).
 */
export function useContactChoice<V extends DocumentFormValues>({
  form,
  active,
  known,
  unknownLabel,
  chooseLabel,
}: {
  form: AnyDocumentForm<V>;
  active: readonly (NamedContact & { payment_terms_days?: number | null })[];
  known: readonly NamedContact[];
  unknownLabel: string;
  chooseLabel: string;
}) {
  const docForm = documentFormOf(form);
  const selectedId = useWatch({ control: docForm.control, name: 'contact_id' });
  const nameOf = useDisplayName();
  const options = useMemo(
    () => contactOptions({ active, known, selectedId, unknownLabel, chooseLabel, nameOf }),
    [active, known, selectedId, unknownLabel, chooseLabel, nameOf],
  );
  const choose = (contactId: string) => {
    const contact = active.find((c) => c.id === contactId);
    const { issue_date, due_date } = docForm.getValues();
    if (!due_date && contact?.payment_terms_days != null && issue_date) docForm.setValue('due_date', addDays(issue_date, contact.payment_terms_days));
  };
  return { options, choose };
}

const PROBLEM_FIELDS: Record<LineProblem, string> = { quantity: 'quantity', unit_price: 'unit_price', discount: 'discount', tax: 'tax_id' };

/**
 * What only the form can tell about its lines: one the calculator cannot compute (a figure
 * missing) would be refused by the server, and is said before sending, under the missing field.
 * A line whose figures are invalid is shown so live by the editor; it holds the form back under
 * a path of its own, which no field shows (the editor's live message stays the only one).
 */
export function lineIssues(lines: readonly DocumentLine[], figures: Pick<DocumentFigures, 'lines'>, texts: { quantity: string; unitPrice: string }): FormIssue[] {
  const issues: FormIssue[] = [];
  figures.lines.forEach((result, index) => {
    const line = lines[index]!;
    if (result.status === 'incomplete') {
      if (!line.quantity.trim()) issues.push({ path: ['lines', index, 'quantity'], message: texts.quantity });
      if (!line.unit_price.trim()) issues.push({ path: ['lines', index, 'unit_price'], message: texts.unitPrice });
    } else if (result.status === 'invalid') {
      issues.push({ path: ['lines', index, 'figures'], message: PROBLEM_FIELDS[result.problem] ?? result.problem });
    }
  });
  return issues;
}

/** A document form's messages, in the reader's language. */
export interface DocumentMessageTexts {
  lineDescription: string;
  linesRequired: string;
  dueBeforeIssue: string;
  /** The contact (customer or supplier) is missing. */
  contactRequired: string;
  issueDate: string;
  dueDate: string;
  /** Per line field (`quantity`, `unit_price`, `discount`, `tax_id`, `account_id`…): what is wrong with it. */
  lineFields: Readonly<Record<string, string>>;
}

/**
 * A document form's issues in its own words, by where they are and their code (zod's, or a 422's
 * `type`), never by their English text; undefined keeps the message (translated by its code, or
 * as the server wrote it: a reason the form cannot know, such as an inactive contact).
 *
 * - `client`: the form's own check, where every field has a known meaning.
 * - `server`: a 422 answer's issues.
 */
export function documentMessages(texts: DocumentMessageTexts) {
  const server = ({ path, type, msg = '' }: { path: string; type: string; msg?: string }): string | undefined => {
    if (path === 'lines' && type === 'too_small') return texts.linesRequired;
    if (path === 'due_date' && type === 'custom') return texts.dueBeforeIssue;
    const field = /^lines\.\d+\.(\w+)/.exec(path)?.[1];
    if (field === 'description' && type === 'too_small') return texts.lineDescription;
    if (field === undefined || !Object.hasOwn(texts.lineFields, field)) return undefined;
    // What exactly is wrong (too large, too many decimals) says more than the field's hint (issue #12).
    return specificIssueMessage(msg) ?? texts.lineFields[field];
  };
  const client = ({ path, code = '' }: { path: string; code?: string }): string | undefined => {
    if (path === 'contact_id') return texts.contactRequired;
    if (path === 'issue_date') return texts.issueDate;
    if (path === 'due_date' && code !== 'custom') return texts.dueDate;
    // The form's own line checks are already in the reader's words (the editor says what exactly is wrong).
    return server({ path, type: code });
  };
  return { client, server };
}

/**
 * A 422 about a part of a line's field (`lines.2.discount.amount`) is about the field the form shows
 * (`lines.2.discount`): its `loc` is cut there, so the message goes under that field.
 */
function lineFieldLocs(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status !== 422 || !error.body || typeof error.body !== 'object') return error;
  const body = error.body as { detail?: unknown };
  if (!Array.isArray(body.detail)) return error;
  const detail = body.detail.map((entry: unknown) => {
    if (!entry || typeof entry !== 'object' || !('loc' in entry) || !Array.isArray(entry.loc)) return entry;
    const loc = entry.loc as (string | number)[];
    const at = loc.indexOf('lines');
    return at >= 0 && loc.length > at + 3 && typeof loc[at + 1] === 'number' ? { ...entry, loc: loc.slice(0, at + 3) } : entry;
  });
  return new ApiError(error.status, error.statusText, { ...body, detail });
}

/**
 * A draft's save outcome: a version conflict (409) is shown with a way to reload, a 422 goes under
 * the fields its `loc`s name (what none shows, above the buttons), anything else becomes a toast.
 */
export function useDraftSaving<Draft, V extends DocumentFormValues>({
  form,
  onReload,
  valuesOf,
  conflictFallback,
  serverMessage,
}: {
  form: AnyDocumentForm<V>;
  onReload?: () => Promise<Draft | undefined>;
  /** The form's values for a draft read again. */
  valuesOf: (fresh: Draft) => V;
  conflictFallback: string;
  serverMessage: (issue: ServerIssue) => string | undefined;
}) {
  const [conflict, setConflict] = useState<string | null>(null);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [reloading, setReloading] = useState(false);
  const reload = async () => {
    if (!onReload) return;
    setReloading(true);
    try {
      const fresh = await onReload();
      if (fresh) {
        form.reset(valuesOf(fresh));
        setFormErrors([]);
        setConflict(null);
      }
    } finally {
      setReloading(false);
    }
  };
  /** Called as a save starts: what the last answer said no longer holds. */
  const clear = () => {
    setConflict(null);
    setFormErrors([]);
  };
  const onFailure = (error: unknown): void => {
    if (error instanceof ApiError && error.status === 409) {
      setConflict(error.detail ?? conflictFallback);
      return;
    }
    const unplaced = applyServerErrors(form, lineFieldLocs(error), { message: serverMessage });
    if (unplaced) setFormErrors(issueMessages(unplaced));
    else notifyError(error);
  };
  return { conflict, formErrors, reloading, reload, clear, onFailure };
}

export interface DocumentFormTexts {
  /** The form's accessible name (new or edit). */
  title: string;
  conflictTitle: string;
  reload: string;
  contact: string;
  issueDate: string;
  dueDate: string;
  reference: string;
  priceIncludesTax: string;
  notes: string;
  saveDraft: string;
}

interface DocumentFormProps<V extends DocumentFormValues> {
  texts: DocumentFormTexts;
  form: AnyDocumentForm<V>;
  contact: { options: readonly Option[]; hint?: string; onChange: (contactId: string) => void };
  /** The feature's own header fields, placed after the due date. */
  extraFields?: ReactNode;
  conflict: string | null;
  /** A 422's messages that no field of the form shows. */
  formErrors?: readonly string[];
  /** Given: the conflict offers to read the draft again. */
  onReload?: () => void;
  reloading: boolean;
  lines: Omit<DocumentLinesEditorProps, 'lines' | 'onChange' | 'priceIncludesTax' | 'errors' | 'disabled'>;
  /** The save is being checked or sent: the button shows it and takes no second click. */
  saving: boolean;
  cancelTo: string;
  /** `form.handleSubmit(…)`. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
}

/** The body of a draft document's form: header, lines with live totals, notes, save and cancel. */
export function DocumentForm<V extends DocumentFormValues>({
  texts,
  form,
  contact,
  extraFields,
  conflict,
  formErrors = [],
  onReload,
  reloading,
  lines,
  saving,
  cancelTo,
  onSubmit,
}: DocumentFormProps<V>) {
  const { t } = useTranslation();
  const docForm = documentFormOf(form);
  const [lineValues, priceIncludesTax] = useWatch({ control: docForm.control, name: ['lines', 'price_includes_tax'] });
  // Every message of the lines (`lines`, `lines.2.quantity`, …), from the schema or a 422 alike.
  const errors = flattenErrors(docForm.formState.errors);
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={texts.title}>
      <Flex direction="column" gap="5">
        {conflict ? (
          <Callout.Root color="red" role="alert">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>
              <Text weight="bold">{texts.conflictTitle}</Text> {conflict}
            </Callout.Text>
            {onReload ? (
              <Flex>
                <Button type="button" size="1" variant="soft" color="red" loading={reloading} onClick={onReload}>
                  {texts.reload}
                </Button>
              </Flex>
            ) : null}
          </Callout.Root>
        ) : null}
        <Card size="3">
          <Grid columns={{ initial: '1', sm: '2', md: '3' }} gap="4">
            <FormSelectInput
              form={docForm}
              name="contact_id"
              label={texts.contact}
              required
              hint={contact.hint}
              onChange={(e) => contact.onChange(e.target.value)}
              options={contact.options}
            />
            <FormTextInput form={docForm} name="issue_date" label={texts.issueDate} type="date" required />
            <FormTextInput form={docForm} name="due_date" label={texts.dueDate} type="date" />
            {extraFields}
            <FormTextInput form={docForm} name="reference" label={texts.reference} />
            <Flex align="end" pb="2">
              <Text as="label" size="2">
                <Flex gap="2" align="center">
                  <Controller
                    control={docForm.control}
                    name="price_includes_tax"
                    render={({ field }) => (
                      <Checkbox ref={field.ref} name={field.name} checked={field.value} onBlur={field.onBlur} onCheckedChange={(checked) => field.onChange(checked === true)} />
                    )}
                  />
                  {texts.priceIncludesTax}
                </Flex>
              </Text>
            </Flex>
          </Grid>
        </Card>
        <DocumentLinesEditor
          {...lines}
          lines={lineValues}
          onChange={(next) => docForm.setValue('lines', next, { shouldDirty: true })}
          priceIncludesTax={priceIncludesTax}
          errors={errors}
          disabled={saving}
        />
        <FormTextAreaInput form={docForm} name="notes" label={texts.notes} />
        {formErrors.length > 0 ? (
          <Text size="2" color="red" role="alert">
            {formErrors.join(' ')}
          </Text>
        ) : null}
        <Flex gap="3" justify="end">
          <Button asChild variant="soft" color="gray">
            <Link to={cancelTo}>{t('common.cancel')}</Link>
          </Button>
          <Button type="submit" loading={saving}>
            {texts.saveDraft}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
