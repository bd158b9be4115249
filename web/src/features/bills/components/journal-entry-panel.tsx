import { useTranslation } from 'react-i18next';
import { JournalEntryPanel as DocumentJournalEntryPanel } from '../../../components/documents/journal-entry-panel';

/** The journal entry a posted bill made, in the words of purchases. */
export function JournalEntryPanel({ organizationId, entryId }: { organizationId: string; entryId: string }) {
  const { t } = useTranslation();
  return (
    <DocumentJournalEntryPanel
      organizationId={organizationId}
      entryId={entryId}
      texts={{
        title: t('bills.journal.title'),
        entry: (facts) => t('bills.journal.entry', facts),
        account: t('bills.journal.account'),
        description: t('bills.journal.description'),
        debit: t('bills.journal.debit'),
        credit: t('bills.journal.credit'),
        totals: t('bills.journal.totals'),
      }}
    />
  );
}
