import { Card, Flex, Grid, Heading, Link as RadixLink, Table } from '@radix-ui/themes';
import { BILL_STATUSES } from '@daftar/shared/schemas/bills';
import { INVOICE_STATUSES } from '@daftar/shared/schemas/invoices';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TableCaption } from '../../../components/document-lines-editor';
import { formatNumber } from '../../../lib/format';
import type { AccountingDashboard } from '../api/get-accounting-dashboard';

function CountsTable({ caption, statuses, counts, linkTo }: { caption: string; statuses: readonly string[]; counts: Partial<Record<string, number>>; linkTo: (status: string) => string }) {
  const { t } = useTranslation();
  return (
    <Table.Root size="1" variant="surface">
      <TableCaption>{caption}</TableCaption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>{caption}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">{t('accountingDashboard.documents.count')}</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {statuses.map((status) => (
          <Table.Row key={status}>
            <Table.RowHeaderCell>
              <RadixLink asChild>
                <Link to={linkTo(status)}>{t(`accountingDashboard.documents.statuses.${status}`)}</Link>
              </RadixLink>
            </Table.RowHeaderCell>
            <Table.Cell justify="end">{formatNumber(counts[status] ?? 0)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** How many sales invoices and purchase bills are in each state; each state opens its list. */
export function DocumentCountsCard({ dashboard }: { dashboard: AccountingDashboard }) {
  const { t } = useTranslation();
  const title = t('accountingDashboard.documents.title');
  return (
    <Card size="3" asChild>
      <section aria-label={title}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            {title}
          </Heading>
          <Grid columns={{ initial: '1', sm: '2' }} gap="3">
            <CountsTable
              caption={t('accountingDashboard.documents.invoices')}
              statuses={INVOICE_STATUSES}
              counts={dashboard.invoice_counts}
              linkTo={(status) => `/sales/invoices?status=${status}`}
            />
            <CountsTable caption={t('accountingDashboard.documents.bills')} statuses={BILL_STATUSES} counts={dashboard.bill_counts} linkTo={(status) => `/purchases/bills?status=${status}`} />
          </Grid>
        </Flex>
      </section>
    </Card>
  );
}
