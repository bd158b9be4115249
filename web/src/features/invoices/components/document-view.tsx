import { useTranslation } from 'react-i18next';
import { DocumentLinesView as SharedDocumentLinesView, type SettlementRow, type ViewDocument } from '../../../components/documents/document-view';
import type { Tax } from '../api/get-taxes';
import { useInvoiceLinesLabels } from './labels';

export { dateOrDash, DocumentFacts } from '../../../components/documents/document-view';

/** A stored invoice's (or return's) lines and totals; sales lines carry no account. */
export function DocumentLinesView({ document, taxes, settlement }: { document: ViewDocument; taxes: readonly Tax[]; settlement?: readonly SettlementRow[] }) {
  const { t } = useTranslation();
  const labels = useInvoiceLinesLabels();
  return (
    <SharedDocumentLinesView
      document={document}
      taxes={taxes}
      labels={labels}
      title={t('invoices.view.lines')}
      settlementCaption={t('invoices.view.settlement')}
      settlement={settlement}
    />
  );
}
