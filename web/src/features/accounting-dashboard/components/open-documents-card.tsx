import { Card, DataList, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { ACCOUNTING_AGING_BUCKETS } from '@daftar/shared/schemas/accountingDashboard';
import { useTranslation } from 'react-i18next';
import { TableCaption } from '../../../components/document-lines-editor';
import { formatMoney, formatNumber } from '../../../lib/format';
import type { AccountingDashboard } from '../api/get-accounting-dashboard';
import { isZeroAmount } from './money';

type OpenDocuments = AccountingDashboard['receivables'];

const BUCKET_KEYS = { '0-30': 'upTo30', '31-60': 'from31To60', '61-90': 'from61To90', '90+': 'over90' } as const satisfies Record<(typeof ACCOUNTING_AGING_BUCKETS)[number], string>;

/** What customers owe (or what is owed to suppliers): outstanding, overdue, and by age since issue. */
export function OpenDocumentsCard({ title, documents, currency }: { title: string; documents: OpenDocuments; currency: string }) {
  const { t } = useTranslation();
  return (
    <Card size="3" asChild>
      <section aria-label={title}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            {title}
          </Heading>
          <DataList.Root>
            <DataList.Item>
              <DataList.Label>{t('accountingDashboard.open.outstanding')}</DataList.Label>
              <DataList.Value>
                <Text weight="bold">{formatMoney(documents.outstanding, currency)}</Text>
                <Text color="gray" size="2">
                  &nbsp;· {t('accountingDashboard.open.documents', { number: formatNumber(documents.outstanding_count) })}
                </Text>
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{t('accountingDashboard.open.overdue')}</DataList.Label>
              <DataList.Value>
                <Text weight="bold" color={isZeroAmount(documents.overdue_amount) ? undefined : 'red'}>
                  {formatMoney(documents.overdue_amount, currency)}
                </Text>
                <Text color="gray" size="2">
                  &nbsp;· {t('accountingDashboard.open.documents', { number: formatNumber(documents.overdue_count) })}
                </Text>
              </DataList.Value>
            </DataList.Item>
          </DataList.Root>
          <Table.Root size="1" variant="surface">
            <TableCaption>{t('accountingDashboard.open.agingCaption', { title })}</TableCaption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>{t('accountingDashboard.open.age')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">{t('accountingDashboard.open.count')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">{t('accountingDashboard.open.amount')}</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {documents.aging.map((bucket) => (
                <Table.Row key={bucket.bucket}>
                  <Table.RowHeaderCell>{t(`accountingDashboard.open.buckets.${BUCKET_KEYS[bucket.bucket]}`)}</Table.RowHeaderCell>
                  <Table.Cell justify="end">{formatNumber(bucket.count)}</Table.Cell>
                  <Table.Cell justify="end">{formatMoney(bucket.amount, currency)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Flex>
      </section>
    </Card>
  );
}
