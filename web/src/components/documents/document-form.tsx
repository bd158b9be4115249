import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Button, Callout, Card, Checkbox, Flex, Grid, Text } from '@radix-ui/themes';
import { useMemo, useState, type Dispatch, type FormEvent, type ReactNode, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '../../lib/api-client';
import { notifyError } from '../../lib/notify';
import {
  DocumentLinesEditor,
  errorsFromValidationDetail,
  type DocumentErrors,
  type DocumentFigures,
  type DocumentLine,
  type DocumentLinesEditorProps,
} from '../document-lines-editor';
import { SelectInput, TextAreaInput, TextInput, type Option } from '../fields';
import { addDays } from './dates';

/** The header every sales or purchase document shares; a feature adds its own fields beside. */
export interface DocumentHeader {
  contact_id: string;
  issue_date: string;
  due_date: string;
  reference: string;
  notes: string;
  price_includes_tax: boolean;
}

/**
 * The contact picker's options: the active contacts, plus the one a draft keeps though it was
 * deactivated since (shown by name so the person sees it), after a "choose" prompt.
 */
export function contactOptions({
  active,
  known,
  selectedId,
  unknownLabel,
  chooseLabel,
}: {
  active: readonly { id: string; name: string }[];
  known: readonly { id: string; name: string }[];
  selectedId: string;
  unknownLabel: string;
  chooseLabel: string;
}): Option[] {
  const options = active.map((c) => ({ value: c.id, label: c.name }));
  if (selectedId && !active.some((c) => c.id === selectedId)) {
    options.unshift({ value: selectedId, label: known.find((c) => c.id === selectedId)?.name ?? unknownLabel });
  }
  return [{ value: '', label: chooseLabel }, ...options];
}

/**
 * The document's customer or supplier: the picker's options, and choosing one, whose payment
 * terms give the due date unless one was typed.
 */
export function useContactChoice<H extends DocumentHeader>({
  header,
  setHeader,
  active,
  known,
  unknownLabel,
  chooseLabel,
}: {
  header: H;
  setHeader: Dispatch<SetStateAction<H>>;
  active: readonly { id: string; name: string; payment_terms_days?: number | null }[];
  known: readonly { id: string; name: string }[];
  unknownLabel: string;
  chooseLabel: string;
}) {
  const options = useMemo(
    () => contactOptions({ active, known, selectedId: header.contact_id, unknownLabel, chooseLabel }),
    [active, known, header.contact_id, unknownLabel, chooseLabel],
  );
  const choose = (contactId: string) => {
    const contact = active.find((c) => c.id === contactId);
    setHeader((h) => ({
      ...h,
      contact_id: contactId,
      due_date: !h.due_date && contact?.payment_terms_days != null && h.issue_date ? addDays(h.issue_date, contact.payment_terms_days) : h.due_date,
    }));
  };
  return { options, choose };
}

/** Lines the calculator cannot compute would be refused by the server: said before sending. */
export function incompleteLineErrors(lines: readonly DocumentLine[], figures: Pick<DocumentFigures, 'lines'>, texts: { quantity: string; unitPrice: string }): DocumentErrors {
  const errors: DocumentErrors = {};
  figures.lines.forEach((result, index) => {
    const line = lines[index]!;
    if (result.status === 'incomplete') {
      if (!line.quantity.trim()) errors[`lines.${index}.quantity`] = texts.quantity;
      if (!line.unit_price.trim()) errors[`lines.${index}.unit_price`] = texts.unitPrice;
    }
  });
  return errors;
}

/**
 * A draft's save outcome: a version conflict is shown with a way to reload, a 422 goes under its
 * fields, anything else becomes a toast.
 */
export function useDraftSaving<Draft>({
  onReload,
  reset,
  conflictFallback,
  serverMessage,
  setErrors,
}: {
  onReload?: () => Promise<Draft | undefined>;
  reset: (fresh: Draft) => void;
  conflictFallback: string;
  serverMessage: (message: string, path: string) => string;
  setErrors: (errors: DocumentErrors) => void;
}) {
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const reload = async () => {
    if (!onReload) return;
    setReloading(true);
    try {
      const fresh = await onReload();
      if (fresh) {
        reset(fresh);
        setErrors({});
        setConflict(null);
      }
    } finally {
      setReloading(false);
    }
  };
  const onFailure = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) return setConflict(error.detail ?? conflictFallback);
    if (error instanceof ApiError && error.status === 422) {
      const fieldErrors = errorsFromValidationDetail(error.body, serverMessage);
      if (fieldErrors) return setErrors(fieldErrors);
    }
    notifyError(error);
  };
  return { conflict, setConflict, reloading, reload, onFailure };
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

interface DocumentFormProps<H extends DocumentHeader> {
  texts: DocumentFormTexts;
  header: H;
  onHeaderChange: <K extends keyof H>(key: K, value: H[K]) => void;
  contact: { options: readonly Option[]; hint?: string; onChange: (contactId: string) => void };
  /** The feature's own header fields, placed after the due date. */
  extraFields?: ReactNode;
  errors: DocumentErrors;
  conflict: string | null;
  /** Given: the conflict offers to read the draft again. */
  onReload?: () => void;
  reloading: boolean;
  lines: Omit<DocumentLinesEditorProps, 'priceIncludesTax' | 'errors' | 'disabled'>;
  saving: boolean;
  cancelTo: string;
  onSubmit: () => void;
}

/** The body of a draft document's form: header, lines with live totals, notes, save and cancel. */
export function DocumentForm<H extends DocumentHeader>({
  texts,
  header,
  onHeaderChange: set,
  contact,
  extraFields,
  errors,
  conflict,
  onReload,
  reloading,
  lines,
  saving,
  cancelTo,
  onSubmit,
}: DocumentFormProps<H>) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate aria-label={texts.title}>
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
            <SelectInput
              label={texts.contact}
              name="contact_id"
              required
              value={header.contact_id}
              error={errors.contact_id}
              hint={contact.hint}
              onChange={(e) => contact.onChange(e.target.value)}
              options={contact.options}
            />
            <TextInput
              label={texts.issueDate}
              name="issue_date"
              type="date"
              required
              value={header.issue_date}
              error={errors.issue_date}
              onChange={(e) => set('issue_date', e.target.value)}
            />
            <TextInput label={texts.dueDate} name="due_date" type="date" value={header.due_date} error={errors.due_date} onChange={(e) => set('due_date', e.target.value)} />
            {extraFields}
            <TextInput label={texts.reference} name="reference" value={header.reference} error={errors.reference} onChange={(e) => set('reference', e.target.value)} />
            <Flex align="end" pb="2">
              <Text as="label" size="2">
                <Flex gap="2" align="center">
                  <Checkbox checked={header.price_includes_tax} onCheckedChange={(checked) => set('price_includes_tax', checked === true)} />
                  {texts.priceIncludesTax}
                </Flex>
              </Text>
            </Flex>
          </Grid>
        </Card>
        <DocumentLinesEditor {...lines} priceIncludesTax={header.price_includes_tax} errors={errors} disabled={saving} />
        <TextAreaInput label={texts.notes} name="notes" value={header.notes} error={errors.notes} onChange={(e) => set('notes', e.target.value)} />
        {errors.form ? (
          <Text size="2" color="red" role="alert">
            {errors.form}
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
