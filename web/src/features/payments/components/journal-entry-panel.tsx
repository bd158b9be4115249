import { useTranslation } from 'react-i18next';
import { JournalEntryPanel as DocumentJournalEntryPanel } from '../../../components/documents/journal-entry-panel';

/** A journal entry the payment posted (or its void reversed), under the given title. */
export function JournalEntryPanel({ organizationId, entryId, title }: { organizationId: string; entryId: string; title: string }) {
  const { t } = useTranslation();
  return (
    <DocumentJournalEntryPanel
      organizationId={organizationId}
      entryId={entryId}
      texts={{
        title: title,
        entry: (facts) => t('payments.journal.entry', facts),
        account: t('payments.journal.account'),
        description: t('payments.journal.description'),
        debit: t('payments.journal.debit'),
        credit: t('payments.journal.credit'),
        totals: t('payments.journal.totals'),
      }}
    />
  );
}
