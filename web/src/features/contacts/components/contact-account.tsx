import { Badge, Button, Card, Flex, Grid, Heading, Link as RadixLink, SegmentedControl, Table, Tabs, Text } from '@radix-ui/themes';
import type { ContactAccountRole, ContactDocument, ContactStatementLine } from '@daftar/shared/schemas/contacts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TableCaption } from '../../../components/document-lines-editor';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { TextInput } from '../../../components/fields';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { useContactStatement, type ContactStatement } from '../api/get-contact-statement';
import type { Contact } from '../api/get-contacts';

/** Money arrives as decimal text; its sign and zero are read from the text, never through a float. */
const isZero = (amount: string) => /^-?0*(\.0*)?$/.test(amount.trim());
const isNegative = (amount: string) => amount.trim().startsWith('-') && !isZero(amount);

const documentPath = (type: ContactStatementLine['document_type'] | ContactDocument['document_type'], id: string) =>
  ({
    invoice: `/sales/invoices/${id}`,
    credit_note: `/sales/returns/${id}`,
    payment_received: `/payments/${id}`,
    bill: `/purchases/bills/${id}`,
    payment_sent: `/payments/${id}`,
  })[type];

function Figure({ label, amount, currency, detail, tone }: { label: string; amount: string; currency: string; detail?: string; tone?: 'red' | 'green' }) {
  return (
    <Card role="group" aria-label={label}>
      <Text as="div" size="2" color="gray">
        {label}
      </Text>
      <Text as="div" size="5" weight="bold" color={tone}>
        <bdi>{formatMoney(amount, currency)}</bdi>
      </Text>
      {detail ? (
        <Text as="div" size="1" color="gray">
          {detail}
        </Text>
      ) : null}
    </Card>
  );
}

/** What the contact owes (or is owed), the overdue part, credit held, and the net. */
function BalanceCards({ statement }: { statement: ContactStatement }) {
  const { t } = useTranslation();
  const { balance, currency, role } = statement;
  const r = `contactAccount.balance.${role}` as const;
  return (
    <Grid columns={{ initial: '1', xs: '2', md: '4' }} gap="3">
      <Figure
        label={t(`${r}.outstanding`)}
        amount={balance.outstanding}
        currency={currency}
        detail={t('contactAccount.balance.openDocuments', { count: balance.outstanding_count, number: formatNumber(balance.outstanding_count) })}
      />
      <Figure
        label={t('contactAccount.balance.overdue')}
        amount={balance.overdue}
        currency={currency}
        tone={isZero(balance.overdue) ? undefined : 'red'}
        detail={t('contactAccount.balance.openDocuments', { count: balance.overdue_count, number: formatNumber(balance.overdue_count) })}
      />
      <Figure label={t(`${r}.credit`)} amount={balance.credit} currency={currency} detail={t(`${r}.creditHint`)} />
      <Figure
        label={t(`${r}.net`)}
        amount={balance.net}
        currency={currency}
        tone={isNegative(balance.net) ? 'green' : undefined}
        detail={t('contactAccount.balance.asOf', { date: formatDate(statement.as_of_date) })}
      />
    </Grid>
  );
}

function DocumentsTable({ statement }: { statement: ContactStatement }) {
  const { t } = useTranslation();
  const invoices = statement.role === 'customer';
  const statuses = invoices ? 'invoices.statuses' : 'bills.statuses';
  if (!statement.documents.length) return <EmptyState>{t(invoices ? 'contactAccount.documents.noInvoices' : 'contactAccount.documents.noBills')}</EmptyState>;
  return (
    <Table.Root variant="surface" size="2">
      <TableCaption>{t(invoices ? 'contactAccount.documents.invoicesCaption' : 'contactAccount.documents.billsCaption')}</TableCaption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>{t('contactAccount.columns.number')}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{t('contactAccount.columns.issueDate')}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{t('contactAccount.columns.dueDate')}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{t('contactAccount.columns.status')}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">{t('contactAccount.columns.total')}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">{t('contactAccount.columns.balanceDue')}</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {statement.documents.map((doc) => (
          <Table.Row key={doc.id}>
            <Table.RowHeaderCell>
              <RadixLink asChild>
                <Link to={documentPath(doc.document_type, doc.id)}>
                  <bdi>{doc.number ?? t('contactAccount.documents.draft')}</bdi>
                </Link>
              </RadixLink>
            </Table.RowHeaderCell>
            <Table.Cell>{formatDate(doc.issue_date)}</Table.Cell>
            <Table.Cell>{doc.due_date ? formatDate(doc.due_date) : '—'}</Table.Cell>
            <Table.Cell>
              <Flex gap="1" wrap="wrap">
                <Badge color={doc.status === 'paid' ? 'green' : doc.status === 'draft' || doc.status === 'cancelled' ? 'gray' : 'blue'}>
                  {t(`${statuses}.${doc.status}`, { defaultValue: doc.status })}
                </Badge>
                {doc.is_overdue ? <Badge color="red">{t('contactAccount.documents.overdue')}</Badge> : null}
              </Flex>
            </Table.Cell>
            <Table.Cell justify="end">
              <bdi>{formatMoney(doc.total, statement.currency)}</bdi>
            </Table.Cell>
            <Table.Cell justify="end">
              <Text color={doc.is_overdue ? 'red' : undefined} weight={isZero(doc.balance_due) ? undefined : 'medium'}>
                <bdi>{formatMoney(doc.balance_due, statement.currency)}</bdi>
              </Text>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function StatementTable({ statement }: { statement: ContactStatement }) {
  const { t } = useTranslation();
  const money = (amount: string) => <bdi>{formatMoney(amount, statement.currency)}</bdi>;
  const blankIfZero = (amount: string) => (isZero(amount) ? '' : money(amount));
  return (
    <Table.Root variant="surface" size="2">
      <TableCaption>
        {t('contactAccount.statement.caption', { start: formatDate(statement.start_date), end: formatDate(statement.end_date) })}
      </TableCaption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>{t('contactAccount.columns.date')}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{t('contactAccount.columns.document')}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{t('contactAccount.columns.reference')}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">{t('contactAccount.columns.debit')}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">{t('contactAccount.columns.credit')}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">{t('contactAccount.columns.balance')}</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        <Table.Row>
          <Table.Cell>{formatDate(statement.start_date)}</Table.Cell>
          <Table.RowHeaderCell colSpan={4}>
            <Text weight="medium">{t('contactAccount.statement.opening')}</Text>
          </Table.RowHeaderCell>
          <Table.Cell justify="end">{money(statement.opening_balance)}</Table.Cell>
        </Table.Row>
        {statement.lines.map((line) => (
          <Table.Row key={`${line.document_type}-${line.document_id}`}>
            <Table.Cell>{formatDate(line.date)}</Table.Cell>
            <Table.RowHeaderCell>
              {t(`contactAccount.statement.types.${line.document_type}`)}{' '}
              <RadixLink asChild>
                <Link to={documentPath(line.document_type, line.document_id)}>
                  <bdi>{line.document_number ?? '—'}</bdi>
                </Link>
              </RadixLink>
            </Table.RowHeaderCell>
            <Table.Cell>{line.reference ? <bdi>{line.reference}</bdi> : ''}</Table.Cell>
            <Table.Cell justify="end">{blankIfZero(line.debit)}</Table.Cell>
            <Table.Cell justify="end">{blankIfZero(line.credit)}</Table.Cell>
            <Table.Cell justify="end">{money(line.balance)}</Table.Cell>
          </Table.Row>
        ))}
        {statement.lines.length === 0 ? (
          <Table.Row>
            <Table.Cell colSpan={6}>
              <Text color="gray" size="2">
                {t('contactAccount.statement.noMovements')}
              </Text>
            </Table.Cell>
          </Table.Row>
        ) : null}
        <Table.Row>
          <Table.Cell>{formatDate(statement.end_date)}</Table.Cell>
          <Table.RowHeaderCell colSpan={2}>
            <Text weight="bold">{t('contactAccount.statement.closing')}</Text>
          </Table.RowHeaderCell>
          <Table.Cell justify="end">
            <Text weight="medium">{money(statement.total_debit)}</Text>
          </Table.Cell>
          <Table.Cell justify="end">
            <Text weight="medium">{money(statement.total_credit)}</Text>
          </Table.Cell>
          <Table.Cell justify="end">
            <Text weight="bold">{money(statement.closing_balance)}</Text>
          </Table.Cell>
        </Table.Row>
      </Table.Body>
    </Table.Root>
  );
}

/** The period picker: two dates, applied as they change; empty means the default (this year to today). */
function PeriodFields({ statement, onChange }: { statement: ContactStatement; onChange: (period: { start_date?: string; end_date?: string }) => void }) {
  const { t } = useTranslation();
  return (
    <Flex gap="3" align="end" wrap="wrap">
      <TextInput
        label={t('contactAccount.statement.from')}
        type="date"
        value={statement.start_date}
        max={statement.end_date}
        onChange={(e) => e.target.value && onChange({ start_date: e.target.value, end_date: statement.end_date })}
      />
      <TextInput
        label={t('contactAccount.statement.to')}
        type="date"
        value={statement.end_date}
        min={statement.start_date}
        onChange={(e) => e.target.value && onChange({ start_date: statement.start_date, end_date: e.target.value })}
      />
      <Button variant="soft" color="gray" onClick={() => window.print()}>
        {t('contactAccount.statement.print')}
      </Button>
    </Flex>
  );
}

/**
 * A customer's or supplier's account on their page: balance, their invoices or bills, and a
 * statement over a period. A contact of type both is read as a customer or as a supplier.
 */
export function ContactAccount({ organizationId, contact }: { organizationId: string; contact: Contact }) {
  const { t } = useTranslation();
  const [role, setRole] = useState<ContactAccountRole>(contact.contact_type === 'supplier' ? 'supplier' : 'customer');
  const [period, setPeriod] = useState<{ start_date?: string; end_date?: string }>({});
  const statement = useContactStatement(organizationId, contact.id, { role, ...period });
  const data = statement.data;
  return (
    <Flex direction="column" gap="4" asChild>
      <section aria-labelledby="contact-account">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="4" id="contact-account">
            {t('contactAccount.title')}
          </Heading>
          {contact.contact_type === 'both' ? (
            <SegmentedControl.Root value={role} onValueChange={(value) => setRole(value as ContactAccountRole)} aria-label={t('contactAccount.roleLabel')}>
              <SegmentedControl.Item value="customer">{t('contactAccount.asCustomer')}</SegmentedControl.Item>
              <SegmentedControl.Item value="supplier">{t('contactAccount.asSupplier')}</SegmentedControl.Item>
            </SegmentedControl.Root>
          ) : null}
        </Flex>
        {statement.isPending ? <Loading /> : null}
        {statement.isError ? <QueryError error={statement.error} onRetry={() => void statement.refetch()} /> : null}
        {data ? (
          <>
            <BalanceCards statement={data} />
            <Tabs.Root defaultValue="documents">
              <Tabs.List>
                <Tabs.Trigger value="documents">
                  {t(data.role === 'customer' ? 'contactAccount.documents.invoicesTab' : 'contactAccount.documents.billsTab', { number: formatNumber(data.documents.length) })}
                </Tabs.Trigger>
                <Tabs.Trigger value="statement">{t('contactAccount.statement.tab')}</Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="documents">
                <Flex direction="column" gap="3" pt="4">
                  <DocumentsTable statement={data} />
                </Flex>
              </Tabs.Content>
              <Tabs.Content value="statement">
                <Flex direction="column" gap="3" pt="4">
                  <PeriodFields statement={data} onChange={setPeriod} />
                  <Text size="2" color="gray">
                    {t(`contactAccount.statement.explain.${data.role}`)}
                  </Text>
                  <StatementTable statement={data} />
                </Flex>
              </Tabs.Content>
            </Tabs.Root>
          </>
        ) : null}
      </section>
    </Flex>
  );
}
