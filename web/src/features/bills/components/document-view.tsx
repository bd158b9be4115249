import { useTranslation } from 'react-i18next';
import { DocumentLinesView as SharedDocumentLinesView, type SettlementRow, type ViewDocument } from '../../../components/documents/document-view';
import { currentLanguage } from '../../../lib/i18n';
import type { Account } from '../api/get-accounts';
import type { Tax } from '../api/get-taxes';
import { accountLabel, useBillLinesLabels } from './labels';

export { dateOrDash, DocumentFacts } from '../../../components/documents/document-view';

/** A stored bill's lines, each with the account it was booked to, and its totals. */
export function DocumentLinesView({
  document,
  taxes,
  accounts,
  settlement,
}: {
  document: ViewDocument;
  taxes: readonly Tax[];
  accounts: readonly Account[];
  settlement?: readonly SettlementRow[];
}) {
  const { t } = useTranslation();
  const labels = useBillLinesLabels();
  const language = currentLanguage();
  const accountText = (accountId: string) => {
    const account = accounts.find((a) => a.id === accountId);
    return account ? accountLabel(account, language) : accountId;
  };
  return (
    <SharedDocumentLinesView
      document={document}
      taxes={taxes}
      labels={labels}
      title={t('bills.view.lines')}
      settlementCaption={t('bills.view.settlement')}
      settlement={settlement}
      accountText={accountText}
    />
  );
}
