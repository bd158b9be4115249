import { Button, Dialog, Flex } from '@radix-ui/themes';
import { journalEntryReverse } from '@daftar/shared/schemas/accounting';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorsFromIssues, errorsFromValidationDetail, type DocumentErrors } from '../../../components/document-lines-editor';
import { TextAreaInput, TextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
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
  const [values, setValues] = useState({ date: initialDate(), memo: '' });
  const [errors, setErrors] = useState<DocumentErrors>({});

  const translate = (message: string, path: string) => {
    if (message.startsWith('The reversal cannot be dated before')) return t('journal.reverse.beforeOriginal', { date: formatDate(entry.date) });
    if (/is closed/.test(message)) return t('journal.errors.closedPeriod', { date: values.date });
    if (path === 'date') return t('journal.errors.date');
    return message;
  };

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setValues({ date: initialDate(), memo: '' });
      setErrors({});
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = journalEntryReverse.safeParse({ date: values.date, memo: values.memo.trim() || null });
    if (!parsed.success) return setErrors(errorsFromIssues(parsed.error.issues, translate));
    if (parsed.data.date < entry.date) return setErrors({ date: translate('The reversal cannot be dated before', 'date') });
    setErrors({});
    reverse.mutate(
      { organizationId, entryId: entry.id, data: parsed.data },
      {
        onSuccess: (reversal) => {
          setOpen(false);
          onReversed(reversal);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) {
            const fieldErrors = errorsFromValidationDetail(error.body, translate);
            if (fieldErrors) return setErrors(fieldErrors);
          }
          if (error instanceof ApiError && error.status === 409 && error.detail) return setErrors({ date: translate(error.detail, 'date') });
          notifyError(error);
        },
      },
    );
  };

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
        <form onSubmit={onSubmit} noValidate>
          <Flex direction="column" gap="4">
            <TextInput
              label={t('journal.reverse.date')}
              type="date"
              name="date"
              required
              min={entry.date}
              value={values.date}
              error={errors.date}
              hint={t('journal.reverse.dateHint', { date: formatDate(entry.date) })}
              onChange={(e) => setValues({ ...values, date: e.target.value })}
            />
            <TextAreaInput label={t('journal.fields.memo')} name="memo" value={values.memo} error={errors.memo} onChange={(e) => setValues({ ...values, memo: e.target.value })} />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" color="amber" loading={reverse.isPending}>
                {t('journal.reverse.submit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
