import { Button, Card, DataList, Flex, Heading, Link as RadixLink, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ActionDialog } from '../../../components/documents/confirm-action-dialog';
import { TableCaption } from '../../../components/document-lines-editor';
import { EmptyState, Loading, Notice, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { useDisplayName } from '../../../lib/names';
import { notify } from '../../../lib/notify';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useCashAccounts } from '../api/get-cash-accounts';
import { useContactNames } from '../api/get-contacts';
import { useDocuments } from '../api/get-document';
import { usePayment } from '../api/get-payment';
import type { Payment } from '../api/get-payments';
import { useVoidPayment } from '../api/void-payment';
import { EditPaymentDialog } from '../components/edit-payment-dialog';
import { JournalEntryPanel } from '../components/journal-entry-panel';
import { accountLabel, documentPath, LIST_PATHS } from '../components/labels';
import { PaymentStatusBadge, VoidAware } from '../components/payment-status-badge';

export function PaymentRoute() {
  const { t } = useTranslation();
  const { paymentId = '' } = useParams();
  const { organizationId } = useCurrentOrganization();
  const org = organizationId ?? '';
  const payment = usePayment(org, paymentId);

  if (!organizationId || payment.isPending) return <Loading />;
  if (payment.isError) {
    return (
      <Flex direction="column" gap="4">
        <PageHeader title={t('payments.detail.notFoundTitle')} />
        <QueryError error={payment.error} onRetry={() => void payment.refetch()} />
      </Flex>
    );
  }
  return <PaymentView organizationId={organizationId} payment={payment.data} />;
}

function PaymentView({ organizationId, payment }: { organizationId: string; payment: Payment }) {
  const { t } = useTranslation();
  const role = useOrganizationRole(organizationId);
  const names = useContactNames(organizationId);
  const displayName = useDisplayName();
  const accounts = useCashAccounts(organizationId);
  const voidPayment = useVoidPayment();
  const isVoid = payment.status === 'void';
  const type = payment.payment_type;
  const contact = names.data?.data.find((c) => c.id === payment.contact_id);
  const contactName = contact ? displayName(contact.name, contact.name_ar) : names.isPending ? '…' : t('payments.unknownContact');
  const account = accounts.data?.find((a) => a.id === payment.account_id);
  const money = (amount: string) => formatMoney(amount, payment.currency);

  const onVoid = async (idempotencyKey: string) => {
    const voided = await voidPayment.mutateAsync({ organizationId, paymentId: payment.id, idempotencyKey });
    notify.success(t('payments.void.done', { number: voided.number }));
  };

  return (
    <Flex direction="column" gap="5">
      <PageHeader
        title={t('payments.detail.title', { number: payment.number })}
        description={t(`payments.detail.subtitle.${type}`, { name: contactName })}
        actions={
          <>
            <Button asChild variant="ghost">
              <Link to={LIST_PATHS[type]}>{t(`payments.detail.back.${type}`)}</Link>
            </Button>
            {role.isMember ? <EditPaymentDialog organizationId={organizationId} payment={payment} /> : null}
            {role.isAdmin && !isVoid ? (
              <ActionDialog
                trigger={<Button color="red" variant="soft">{t('payments.void.open')}</Button>}
                title={t('payments.void.title', { number: payment.number })}
                description={t('payments.void.description')}
                confirmLabel={t('payments.void.confirm')}
                color="red"
                onConfirm={onVoid}
                pending={voidPayment.isPending}
              />
            ) : null}
          </>
        }
      />
      {isVoid ? (
        <Notice color="amber">{t('payments.detail.voidNotice', { date: payment.voided_at ? formatDateTime(payment.voided_at) : '' })}</Notice>
      ) : null}
      <Card size="3">
        <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
          <DataList.Item>
            <DataList.Label>{t('payments.columns.status')}</DataList.Label>
            <DataList.Value>
              <PaymentStatusBadge status={payment.status} />
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t(`payments.fields.contact.${type}`)}</DataList.Label>
            <DataList.Value>{contactName}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t('payments.fields.date')}</DataList.Label>
            <DataList.Value>{formatDate(payment.date)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t('payments.fields.method')}</DataList.Label>
            <DataList.Value>{t(`payments.methods.${payment.payment_method}`)}</DataList.Value>
          </DataList.Item>
          {payment.payment_method === 'cheque' ? (
            <DataList.Item>
              <DataList.Label>{t('payments.fields.chequeDueDate')}</DataList.Label>
              <DataList.Value>{payment.cheque_due_date ? formatDate(payment.cheque_due_date) : <Text color="gray">{t('common.notSet')}</Text>}</DataList.Value>
            </DataList.Item>
          ) : null}
          <DataList.Item>
            <DataList.Label>{t(`payments.fields.account.${type}`)}</DataList.Label>
            <DataList.Value>{account ? accountLabel(account) : accounts.isPending ? '…' : payment.account_id}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t('payments.fields.amount')}</DataList.Label>
            <DataList.Value>
              <Text weight="bold">
                <VoidAware isVoid={isVoid}>{money(payment.amount)}</VoidAware>
              </Text>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t('payments.columns.allocated')}</DataList.Label>
            <DataList.Value>
              <VoidAware isVoid={isVoid}>{money(payment.allocated_amount)}</VoidAware>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t(`payments.detail.unallocated.${type}`)}</DataList.Label>
            <DataList.Value>
              <VoidAware isVoid={isVoid}>{money(payment.unallocated_amount)}</VoidAware>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t('payments.fields.reference')}</DataList.Label>
            <DataList.Value>{payment.reference ?? <Text color="gray">{t('common.notSet')}</Text>}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t('payments.fields.notes')}</DataList.Label>
            <DataList.Value>
              {payment.notes ? <Text style={{ whiteSpace: 'pre-wrap' }}>{payment.notes}</Text> : <Text color="gray">{t('common.notSet')}</Text>}
            </DataList.Value>
          </DataList.Item>
        </DataList.Root>
      </Card>
      <AllocationsCard organizationId={organizationId} payment={payment} />
      <JournalEntryPanel organizationId={organizationId} entryId={payment.journal_entry_id} title={t('payments.journal.title')} />
      {payment.reversal_entry_id ? (
        <JournalEntryPanel organizationId={organizationId} entryId={payment.reversal_entry_id} title={t('payments.journal.reversalTitle')} />
      ) : null}
    </Flex>
  );
}

/** The documents the payment settled, each linked to its own page. */
function AllocationsCard({ organizationId, payment }: { organizationId: string; payment: Payment }) {
  const { t } = useTranslation();
  const kind = payment.payment_type === 'received' ? 'invoices' : 'bills';
  const documents = useDocuments(
    organizationId,
    payment.allocations.map((a) => (a.invoice_id ? { kind: 'invoice' as const, id: a.invoice_id } : { kind: 'bill' as const, id: a.bill_id ?? '' })),
  );
  return (
    <Card size="3">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          {t(`payments.detail.allocations.${kind}`)}
        </Heading>
        {payment.allocations.length === 0 ? (
          <EmptyState>{t(`payments.detail.noAllocations.${payment.payment_type}`)}</EmptyState>
        ) : (
          <div className="table-scroll">
            <Table.Root size="1" variant="surface">
              <TableCaption>{t(`payments.detail.allocations.${kind}`)}</TableCaption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{t(`payments.allocations.document.${kind}`)}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('payments.allocations.issueDate')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">{t('payments.detail.allocatedAmount')}</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {payment.allocations.map((allocation, index) => {
                  const document = documents[index]?.data;
                  const fallback = documents[index]?.isPending ? '…' : t(`payments.detail.unnamedDocument.${kind}`);
                  return (
                    <Table.Row key={allocation.invoice_id ?? allocation.bill_id ?? index}>
                      <Table.RowHeaderCell>
                        <RadixLink asChild>
                          <Link to={documentPath(allocation)}>{document?.number ?? fallback}</Link>
                        </RadixLink>
                      </Table.RowHeaderCell>
                      <Table.Cell>{document ? formatDate(document.issue_date) : ''}</Table.Cell>
                      <Table.Cell justify="end">{formatMoney(allocation.amount, payment.currency)}</Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </div>
        )}
      </Flex>
    </Card>
  );
}
