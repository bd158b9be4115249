import { Button, Callout, Card, DataList, Flex, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Loading, QueryError } from '../../../components/feedback';
import { DocumentPageHeader } from '../../../components/documents/document-page-header';
import { useUser } from '../../../lib/auth';
import { membersQueryOptions, useOrganizationRole } from '../../../lib/authorization';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useCurrentOrganization } from '../../../lib/organizations';
import { usePaymentAccounts } from '../api/get-accounts';
import { useExpense } from '../api/get-expense';
import { useExpenseCategories } from '../api/get-expense-categories';
import { useReceipt, useReceiptDownload } from '../api/get-receipt';
import { useContactNames } from '../api/get-suppliers';
import { useTaxes } from '../api/get-taxes';
import { ExpenseActions } from '../components/expense-actions';
import { ExpenseStatusBadge } from '../components/expense-status-badge';
import { JournalEntryPanel } from '../components/journal-entry-panel';
import { localName } from '../../../lib/names';

function Receipt({ organizationId, fileId }: { organizationId: string; fileId: string }) {
  const { t } = useTranslation();
  const receipt = useReceipt(organizationId, fileId);
  const download = useReceiptDownload();
  return (
    <Flex gap="2" align="center" wrap="wrap">
      <Text>{receipt.data?.filename ?? (receipt.isPending ? '…' : t('expenses.view.receiptMissing'))}</Text>
      {receipt.data ? (
        <Button
          size="1"
          variant="soft"
          loading={download.isPending}
          onClick={() => download.mutate({ organizationId, fileId }, { onSuccess: ({ url }) => window.open(url, '_blank', 'noopener') })}
        >
          {t('expenses.view.openReceipt')}
        </Button>
      ) : null}
    </Flex>
  );
}

export function ExpenseRoute() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { expenseId = '' } = useParams();
  const { organizationId } = useCurrentOrganization();
  const org = organizationId ?? '';
  const role = useOrganizationRole(organizationId);
  const user = useUser();
  const expense = useExpense(org, expenseId);
  const categories = useExpenseCategories(org, true);
  const accounts = usePaymentAccounts(org);
  const taxes = useTaxes(org);
  const contacts = useContactNames(org);
  const members = useQuery({ ...membersQueryOptions(org), enabled: !!organizationId });

  if (!organizationId || expense.isPending) return <Loading />;
  if (expense.isError) return <QueryError error={expense.error} onRetry={() => void expense.refetch()} />;
  const doc = expense.data;
  const money = (amount: string) => formatMoney(amount, doc.currency);
  const named = <T extends { id: string; name: string; name_ar?: string | null }>(items: readonly T[] | undefined, id: string | null, pending: boolean) => {
    if (!id) return '—';
    const item = items?.find((i) => i.id === id);
    return item ? localName(item, language) : pending ? '…' : t('expenses.view.unknown');
  };
  const category = named(categories.data?.data, doc.category_id, categories.isPending);
  const account = accounts.data?.find((a) => a.id === doc.paid_from_account_id);
  const filer = members.data?.data.find((m) => m.user_id === doc.user_id);
  const approver = members.data?.data.find((m) => m.user_id === doc.approved_by);
  const rejecter = members.data?.data.find((m) => m.user_id === doc.rejected_by);

  const facts: { label: string; value: ReactNode }[] = [
    { label: t('expenses.fields.date'), value: formatDate(doc.date) },
    { label: t('expenses.fields.category'), value: category },
    { label: t('expenses.fields.net'), value: money(doc.net_amount) },
    { label: t('expenses.fields.tax'), value: doc.tax_id ? `${money(doc.tax_amount)} (${named(taxes.data?.data, doc.tax_id, taxes.isPending)})` : money(doc.tax_amount) },
    { label: t('expenses.fields.total'), value: <Text weight="bold">{money(doc.amount)}</Text> },
    {
      label: t('expenses.fields.paidBy'),
      value: doc.reimbursable
        ? t('expenses.view.reimbursableTo', { name: filer?.full_name || filer?.email || t('expenses.formerMember') })
        : account
          ? `${account.code} ${localName(account, language)}`
          : accounts.isPending
            ? '…'
            : t('expenses.view.unknown'),
    },
    { label: t('expenses.fields.supplier'), value: named(contacts.data?.data, doc.contact_id, contacts.isPending) },
    { label: t('expenses.fields.reference'), value: doc.reference ?? '—' },
    { label: t('expenses.fields.filedBy'), value: filer ? filer.full_name || filer.email : members.isPending ? '…' : t('expenses.formerMember') },
    ...(doc.submitted_at ? [{ label: t('expenses.view.submittedAt'), value: formatDateTime(doc.submitted_at) }] : []),
    ...(doc.approved_at
      ? [{ label: t('expenses.view.approvedAt'), value: t('expenses.view.byOn', { name: approver?.full_name || approver?.email || '—', when: formatDateTime(doc.approved_at) }) }]
      : []),
    ...(doc.rejected_at
      ? [{ label: t('expenses.view.rejectedAt'), value: t('expenses.view.byOn', { name: rejecter?.full_name || rejecter?.email || '—', when: formatDateTime(doc.rejected_at) }) }]
      : []),
    { label: t('expenses.fields.receipt'), value: doc.file_id ? <Receipt organizationId={organizationId} fileId={doc.file_id} /> : t('expenses.view.noReceipt') },
  ];

  return (
    <Flex direction="column" gap="4">
      <DocumentPageHeader
        backTo="/purchases/expenses"
        backLabel={t('expenses.backToList')}
        title={doc.description}
        description={<ExpenseStatusBadge status={doc.status} />}
        actions={role.isLoading ? null : <ExpenseActions organizationId={organizationId} expense={doc} role={role} userId={user.data?.id ?? null} />}
      />
      {doc.status === 'rejected' && doc.rejection_reason ? (
        <Callout.Root color="red" role="note">
          <Callout.Text>{t('expenses.view.rejectionReason', { reason: doc.rejection_reason })}</Callout.Text>
        </Callout.Root>
      ) : null}
      <Card size="3">
        <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
          {facts.map((fact) => (
            <DataList.Item key={fact.label}>
              <DataList.Label>{fact.label}</DataList.Label>
              <DataList.Value>{fact.value}</DataList.Value>
            </DataList.Item>
          ))}
        </DataList.Root>
        {doc.notes ? (
          <Text as="p" size="2" mt="4" style={{ whiteSpace: 'pre-wrap' }}>
            {doc.notes}
          </Text>
        ) : null}
      </Card>
      {doc.journal_entry_id ? <JournalEntryPanel organizationId={organizationId} entryId={doc.journal_entry_id} /> : null}
    </Flex>
  );
}
