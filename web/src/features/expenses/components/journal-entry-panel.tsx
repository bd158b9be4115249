import { useTranslation } from 'react-i18next';
import { JournalEntryPanel as DocumentJournalEntryPanel } from '../../../components/documents/journal-entry-panel';

/** The journal entry the approval posted; its number leads to the journal. */
export function JournalEntryPanel({ organizationId, entryId }: { organizationId: string; entryId: string }) {
  const { t } = useTranslation();
  return (
    <DocumentJournalEntryPanel
      organizationId={organizationId}
      entryId={entryId}
      linkToEntry
      texts={{
        title: t('expenses.journal.title'),
        entry: (facts) => t('expenses.journal.entry', facts),
        account: t('expenses.journal.account'),
        description: t('expenses.journal.description'),
        debit: t('expenses.journal.debit'),
        credit: t('expenses.journal.credit'),
        totals: t('expenses.journal.totals'),
      }}
    />
  );
}
