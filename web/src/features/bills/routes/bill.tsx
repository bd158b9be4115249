import { Card, Flex, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Loading, QueryError } from '../../../components/feedback';
import { DocumentPageHeader } from '../../../components/documents/document-page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { formatDateTime } from '../../../lib/format';
import { useDisplayName } from '../../../lib/names';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useBillAccounts } from '../api/get-accounts';
import { useBill } from '../api/get-bill';
import { useContact } from '../api/get-suppliers';
import { useTaxes } from '../api/get-taxes';
import { BillActions } from '../components/bill-actions';
import { BillPayments } from '../components/bill-payments';
import { BillStatusBadge } from '../components/bill-status-badge';
import { dateOrDash, DocumentFacts, DocumentLinesView } from '../components/document-view';
import { JournalEntryPanel } from '../components/journal-entry-panel';

export function BillRoute() {
  const { t } = useTranslation();
  const displayName = useDisplayName();
  const { billId = '' } = useParams();
  const { organizationId } = useCurrentOrganization();
  const org = organizationId ?? '';
  const role = useOrganizationRole(organizationId);
  const bill = useBill(org, billId);
  const taxes = useTaxes(org);
  const accounts = useBillAccounts(org);
  const supplier = useContact(org, bill.data?.contact_id);

  if (!organizationId || bill.isPending) return <Loading />;
  if (bill.isError) return <QueryError error={bill.error} onRetry={() => void bill.refetch()} />;
  const doc = bill.data;
  const draft = doc.status === 'draft';
  const title = doc.number ? t('bills.view.title', { number: doc.number }) : t('bills.view.draftTitle');

  return (
    <Flex direction="column" gap="4">
      <DocumentPageHeader
        backTo="/purchases/bills"
        backLabel={t('bills.backToList')}
        title={title}
        description={<BillStatusBadge status={doc.status} />}
        actions={role.isLoading ? null : <BillActions organizationId={organizationId} bill={doc} role={role} />}
      />
      <Card size="3">
        <DocumentFacts
          facts={[
            { label: t('bills.form.supplier'), value: supplier.data ? displayName(supplier.data.name, supplier.data.name_ar) : (supplier.isPending ? '…' : t('bills.unknownSupplier')) },
            { label: t('bills.form.supplierReference'), value: doc.supplier_reference ?? '—' },
            { label: t('bills.form.issueDate'), value: dateOrDash(doc.issue_date) },
            { label: t('bills.form.dueDate'), value: dateOrDash(doc.due_date) },
            { label: t('bills.form.reference'), value: doc.reference ?? '—' },
            { label: t('bills.form.priceIncludesTax'), value: doc.price_includes_tax ? t('bills.view.yes') : t('bills.view.no') },
            ...(doc.confirmed_at ? [{ label: t('bills.view.confirmedAt'), value: formatDateTime(doc.confirmed_at) }] : []),
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
        accounts={accounts.data ?? []}
        settlement={
          draft || doc.status === 'cancelled'
            ? []
            : [
                { label: t('bills.view.amountPaid'), amount: doc.amount_paid },
                { label: t('bills.view.balanceDue'), amount: doc.balance_due, strong: true },
              ]
        }
      />
      {doc.journal_entry_id ? <JournalEntryPanel organizationId={organizationId} entryId={doc.journal_entry_id} /> : null}
      {!draft && doc.status !== 'cancelled' ? <BillPayments organizationId={organizationId} bill={doc} /> : null}
    </Flex>
  );
}
