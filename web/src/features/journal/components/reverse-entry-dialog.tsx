import { Button, Dialog, Flex } from '@radix-ui/themes';
import { journalEntryReverse } from '@daftar/shared/schemas/accounting';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { reportFormFailure } from '../../../lib/form-failure';
import { payloadSchema, textOrNull } from '../../../lib/form-schema';
import { useZodForm } from '../../../lib/forms';
import { formatDate } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency';
import type { JournalEntry } from '../api/get-journal-entries';
import { useReverseJournalEntry } from '../api/reverse-journal-entry';
import { today } from './journal-entry-form';

/**
 * Reversing posts a new entry with debits and credits swapped, dated as chosen (not before the
 * original); the original is kept, marked reversed, and both link to each other.
 */
export function ReverseEntryDialog({ organizationId, entry, label, onReversed }: { organizationId: string; entry: JournalEntry; label: string; onReversed: (reversal: JournalEntry) => void }) {
  const { t } = useTranslation();
  const reverse = useReverseJournalEntry();
  const initialDate = () => (today() < entry.date ? entry.date : today());
  const [open, setOpen] = useState(false);
  // One per opening: a double click or a retry after a lost answer reverses once.
  const idempotencyKey = useRef(newIdempotencyKey());
  const beforeOriginal = t('journal.reverse.beforeOriginal', { date: formatDate(entry.date) });
  // The shared schema, and what the ledger refuses too: a reversal dated before its entry.
  const schema = useMemo(
    () =>
      payloadSchema(
        journalEntryReverse,
        (values: { date: string; memo: string }) => ({ date: values.date, memo: textOrNull(values.memo) }),
        (values) => (values.date && values.date < entry.date ? [{ path: ['date'], message: beforeOriginal }] : []),
      ),
    [entry.date, beforeOriginal],
  );
  /** By where and what (never the English text): the ledger's "before the original" is a value_error on the date. */
  const message = ({ path, code, type }: { path: string; code?: string; type?: string }) => {
    if (path !== 'date') return undefined;
    if ((code ?? type) === 'value_error' || (code ?? type) === 'custom') return beforeOriginal;
    return t('journal.errors.date');
  };
  const form = useZodForm(schema, { defaultValues: { date: initialDate(), memo: '' }, messages: message });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      form.reset({ date: initialDate(), memo: '' });
      idempotencyKey.current = newIdempotencyKey();
    }
  };

  const onSubmit = form.handleSubmit(async (data) => {
    let reversal: JournalEntry;
    try {
      reversal = await reverse.mutateAsync({ organizationId, entryId: entry.id, data, idempotencyKey: idempotencyKey.current });
    } catch (error) {
      // A conflict (a closed period, an entry a document posted) is about the date chosen: said there.
      if (error instanceof ApiError && error.status === 409 && error.detail) {
        form.setError('date', { type: 'conflict', message: error.detail });
        return;
      }
      return reportFormFailure(form, error, { message });
    }
    setOpen(false);
    onReversed(reversal);
  });

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger>
        <Button color="amber">{t('journal.reverse.action')}</Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>{t('journal.reverse.title', { entry: label })}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {t('journal.reverse.description')}
        </Dialog.Description>
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Flex direction="column" gap="4">
            <FormTextInput
              form={form}
              name="date"
              label={t('journal.reverse.date')}
              type="date"
              required
              min={entry.date}
              hint={t('journal.reverse.dateHint', { date: formatDate(entry.date) })}
            />
            <FormTextAreaInput form={form} name="memo" label={t('journal.fields.memo')} />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" color="amber" loading={form.formState.isSubmitting || reverse.isPending}>
                {t('journal.reverse.submit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
