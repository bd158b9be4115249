import { useTranslation } from 'react-i18next';
import { JournalEntryPanel as DocumentJournalEntryPanel } from '../../../components/documents/journal-entry-panel';

/** The journal entry a posted invoice or return made, in the words of sales. */
export function JournalEntryPanel({ organizationId, entryId }: { organizationId: string; entryId: string }) {
  const { t } = useTranslation();
  return (
    <DocumentJournalEntryPanel
      organizationId={organizationId}
      entryId={entryId}
      texts={{
        title: t('invoices.journal.title'),
        entry: (facts) => t('invoices.journal.entry', facts),
        account: t('invoices.journal.account'),
        description: t('invoices.journal.description'),
        debit: t('invoices.journal.debit'),
        credit: t('invoices.journal.credit'),
        totals: t('invoices.journal.totals'),
      }}
    />
  );
}
