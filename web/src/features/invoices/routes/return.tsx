import { Button, Card, Flex, Link as RadixLink, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Loading, QueryError } from '../../../components/feedback';
import { DocumentPageHeader } from '../../../components/documents/document-page-header';
import { segment } from '../../../lib/api-client';
import { useDisplayName } from '../../../lib/names';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useContact } from '../api/get-contact';
import { useDownloadPdf } from '../api/download-pdf';
import { useReturn } from '../api/get-return';
import { useTaxes } from '../api/get-taxes';
import { dateOrDash, DocumentFacts, DocumentLinesView } from '../components/document-view';
import { JournalEntryPanel } from '../components/journal-entry-panel';

export function ReturnRoute() {
  const { t } = useTranslation();
  const displayName = useDisplayName();
  const { returnId = '' } = useParams();
  const { organizationId } = useCurrentOrganization();
  const org = organizationId ?? '';
  const credit = useReturn(org, returnId);
  const taxes = useTaxes(org);
  const customer = useContact(org, credit.data?.contact_id);
  const download = useDownloadPdf();

  if (!organizationId || credit.isPending) return <Loading />;
  if (credit.isError) return <QueryError error={credit.error} onRetry={() => void credit.refetch()} />;
  const doc = credit.data;
  return (
    <Flex direction="column" gap="4">
      <DocumentPageHeader
        backTo="/sales/returns"
        backLabel={t('invoices.returns.backToList')}
        title={t('invoices.returns.viewTitle', { number: doc.number })}
        actions={
          <Flex gap="2" wrap="wrap" justify="end">
            <Button asChild variant="soft">
              <Link to={`/sales/returns/${doc.id}/e-invoice`}>{t('invoices.actions.eInvoice')}</Link>
            </Button>
            <Button
              variant="soft"
              loading={download.isPending}
              onClick={() =>
                download.mutate({
                  organizationId,
                  path: `/organizations/${segment(organizationId)}/invoices/return/invoices/${segment(doc.id)}/pdf`,
                  fallbackName: `${doc.number}.pdf`,
                })
              }
            >
              {t('invoices.actions.downloadPdf')}
            </Button>
          </Flex>
        }
      />
      <Card size="3">
        <DocumentFacts
          facts={[
            {
              label: t('invoices.returns.invoice'),
              value: (
                <RadixLink asChild>
                  <Link to={`/sales/invoices/${doc.original_invoice_id}`}>{doc.original_invoice_number}</Link>
                </RadixLink>
              ),
            },
            { label: t('invoices.form.customer'), value: customer.data ? displayName(customer.data.name, customer.data.name_ar) : (customer.isPending ? '…' : t('invoices.unknownCustomer')) },
            { label: t('invoices.returns.date'), value: dateOrDash(doc.issue_date) },
          ]}
        />
        <Text as="p" size="2" mt="4" style={{ whiteSpace: 'pre-wrap' }}>
          <Text weight="bold">{t('invoices.returns.reason')}: </Text>
          {doc.reason}
        </Text>
      </Card>
      <DocumentLinesView
        document={{ ...doc, lines: doc.lines.map((line) => ({ ...line, id: line.line_id })) }}
        taxes={taxes.data?.data ?? []}
        settlement={[
          { label: t('invoices.returns.appliedToInvoice'), amount: doc.applied_to_invoice },
          { label: t('invoices.returns.storeCredit'), amount: doc.store_credit },
        ]}
      />
      <JournalEntryPanel organizationId={organizationId} entryId={doc.journal_entry_id} />
    </Flex>
  );
}
