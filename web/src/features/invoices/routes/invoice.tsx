import { Card, Flex, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Loading, QueryError } from '../../../components/feedback';
import { DocumentPageHeader } from '../../../components/documents/document-page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { formatDateTime } from '../../../lib/format';
import { useDisplayName } from '../../../lib/names';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useContact } from '../api/get-contact';
import { useInvoice } from '../api/get-invoice';
import { useTaxes } from '../api/get-taxes';
import { dateOrDash, DocumentFacts, DocumentLinesView } from '../components/document-view';
import { InvoiceActions } from '../components/invoice-actions';
import { InvoicePayments } from '../components/invoice-payments';
import { InvoiceRewards } from '../components/invoice-promotions';
import { InvoiceReturns } from '../components/invoice-returns';
import { InvoiceStatusBadge } from '../components/invoice-status-badge';
import { JournalEntryPanel } from '../components/journal-entry-panel';

export function InvoiceRoute() {
  const { t } = useTranslation();
  const displayName = useDisplayName();
  const { invoiceId = '' } = useParams();
  const { organizationId } = useCurrentOrganization();
  const org = organizationId ?? '';
  const role = useOrganizationRole(organizationId);
  const invoice = useInvoice(org, invoiceId);
  const taxes = useTaxes(org);
  const customer = useContact(org, invoice.data?.contact_id);

  if (!organizationId || invoice.isPending) return <Loading />;
  if (invoice.isError) return <QueryError error={invoice.error} onRetry={() => void invoice.refetch()} />;
  const doc = invoice.data;
  const draft = doc.status === 'draft';
  const title = doc.number ? t('invoices.view.title', { number: doc.number }) : t('invoices.view.draftTitle');

  return (
    <Flex direction="column" gap="4">
      <DocumentPageHeader
        backTo="/sales/invoices"
        backLabel={t('invoices.backToList')}
        title={title}
        description={<InvoiceStatusBadge status={doc.status} />}
        actions={role.isLoading ? null : <InvoiceActions organizationId={organizationId} invoice={doc} role={role} />}
      />
      <Card size="3">
        <DocumentFacts
          facts={[
            { label: t('invoices.form.customer'), value: customer.data ? displayName(customer.data.name, customer.data.name_ar) : (customer.isPending ? '…' : t('invoices.unknownCustomer')) },
            { label: t('invoices.form.issueDate'), value: dateOrDash(doc.issue_date) },
            { label: t('invoices.form.dueDate'), value: dateOrDash(doc.due_date) },
            { label: t('invoices.form.reference'), value: doc.reference ?? '—' },
            { label: t('invoices.form.priceIncludesTax'), value: doc.price_includes_tax ? t('invoices.view.yes') : t('invoices.view.no') },
            ...(doc.confirmed_at ? [{ label: t('invoices.view.confirmedAt'), value: formatDateTime(doc.confirmed_at) }] : []),
            ...(doc.sent_at ? [{ label: t('invoices.view.sentAt'), value: formatDateTime(doc.sent_at) }] : []),
          ]}
        />
        {doc.notes ? (
          <Text as="p" size="2" mt="4" style={{ whiteSpace: 'pre-wrap' }}>
            {doc.notes}
          </Text>
        ) : null}
      </Card>
      <DocumentLinesView
        document={doc}
        taxes={taxes.data?.data ?? []}
        settlement={
          draft || doc.status === 'cancelled'
            ? []
            : [
                { label: t('invoices.view.amountPaid'), amount: doc.amount_paid },
                { label: t('invoices.view.amountCredited'), amount: doc.amount_credited },
                { label: t('invoices.view.balanceDue'), amount: doc.balance_due, strong: true },
              ]
        }
      />
      <InvoiceRewards invoice={doc} />
      {doc.journal_entry_id ? <JournalEntryPanel organizationId={organizationId} entryId={doc.journal_entry_id} /> : null}
      {!draft && doc.status !== 'cancelled' ? <InvoicePayments organizationId={organizationId} invoice={doc} /> : null}
      {!draft && doc.status !== 'cancelled' ? <InvoiceReturns organizationId={organizationId} invoice={doc} /> : null}
    </Flex>
  );
}
