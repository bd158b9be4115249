import { Badge, Button, Card, DataList, Flex, Heading, Text } from '@radix-ui/themes';
import { POS_TENDERS, type PosTender } from '@daftar/shared/schemas/pos';
import { useTranslation } from 'react-i18next';
import { ColumnsTable } from '../../../components/columns-table';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import type { Session } from '../api/keys';
import { Difference } from './amounts';
import './shift-report.css';

/** The tenders a drawer count covers: cash by hand, card and CliQ from their batch totals. */
export const COUNTED_TENDERS = ['cash', 'card', 'cliq'] as const;
export type CountedTender = (typeof COUNTED_TENDERS)[number];

const isZeroAmount = (value: string) => Number(value) === 0;

export function SessionStatusBadge({ status }: { status: Session['status'] }) {
  const { t } = useTranslation();
  return <Badge color={status === 'open' ? 'green' : 'gray'}>{t(`posSessions.status.${status}`)}</Badge>;
}

/** Figures in a row of a report, lined up at the end. */
function Figure({ children }: { children: string }) {
  return (
    <Text dir="ltr" style={{ unicodeBidi: 'isolate', fontVariantNumeric: 'tabular-nums' }}>
      {children}
    </Text>
  );
}

/**
 * The X report (while the session is open) or the Z report (once it is closed): the session's
 * running totals as the server keeps them, per tender, and what the drawer should hold; the Z
 * report adds what was counted and the difference. Printable on its own (shift-report.css).
 */
export function ShiftReport({ session, currency }: { session: Session; currency: string }) {
  const { t } = useTranslation();
  const report = session.report;
  const closed = session.status === 'closed';
  const money = (value: string) => formatMoney(value, currency);
  // Every tender that moved money, and cash always (the float is in the drawer whatever happened).
  const tenders = POS_TENDERS.filter((tender) => {
    const figures = report.tenders[tender];
    return tender === 'cash' || (figures && (figures.count > 0 || !isZeroAmount(figures.sales) || !isZeroAmount(figures.refunds)));
  });
  const tenderRows = tenders.map((tender) => ({ tender, ...(report.tenders[tender] ?? { sales: '0', refunds: '0', net: '0', count: 0 }) }));
  const countRows = COUNTED_TENDERS.filter((tender) => tender === 'cash' || !isZeroAmount(report.expected[tender]) || report.counted?.[tender] != null).map((tender) => ({
    tender,
    expected: report.expected[tender],
    counted: report.counted?.[tender] ?? null,
    difference: report.difference?.[tender] ?? null,
  }));
  const title = closed ? t('posSessions.report.zTitle') : t('posSessions.report.xTitle');
  const facts: { label: string; value: string }[] = [
    { label: t('posSessions.report.salesCount'), value: formatNumber(report.sales_count) },
    { label: t('posSessions.report.returnsCount'), value: formatNumber(report.returns_count) },
    { label: t('posSessions.report.itemsSold'), value: formatNumber(Number(report.items_sold)) },
    { label: t('posSessions.report.netSales'), value: money(report.net_sales) },
    { label: t('posSessions.report.tax'), value: money(report.tax) },
    { label: t('posSessions.report.discounts'), value: money(report.discounts) },
    { label: t('posSessions.report.grossSales'), value: money(report.gross_sales) },
    { label: t('posSessions.report.refunds'), value: money(report.refunds) },
  ];

  return (
    <Card className="pos-report" size="3" asChild>
      <section aria-label={title}>
        <Flex direction="column" gap="4">
          <Flex justify="between" align="start" gap="3" wrap="wrap">
            <Flex direction="column" gap="1">
              <Heading as="h2" size="4">
                {title}
              </Heading>
              <Text size="2" color="gray">
                {closed ? t('posSessions.report.zIntro') : t('posSessions.report.xIntro')}
              </Text>
            </Flex>
            <Button className="pos-report-no-print" variant="soft" onClick={() => window.print()}>
              {t('posSessions.report.print')}
            </Button>
          </Flex>

          <DataList.Root size="2">
            <DataList.Item>
              <DataList.Label>{t('posSessions.columns.terminal')}</DataList.Label>
              <DataList.Value>{session.terminal_name}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{t('posSessions.columns.cashier')}</DataList.Label>
              <DataList.Value>{session.cashier_name ?? t('posSessions.unknownCashier')}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{t('posSessions.columns.opened')}</DataList.Label>
              <DataList.Value>{formatDateTime(session.opened_at)}</DataList.Value>
            </DataList.Item>
            {session.closed_at ? (
              <DataList.Item>
                <DataList.Label>{t('posSessions.columns.closed')}</DataList.Label>
                <DataList.Value>{formatDateTime(session.closed_at)}</DataList.Value>
              </DataList.Item>
            ) : null}
            <DataList.Item>
              <DataList.Label>{t('posSessions.report.openingFloat')}</DataList.Label>
              <DataList.Value>
                <Figure>{money(session.opening_float)}</Figure>
              </DataList.Value>
            </DataList.Item>
          </DataList.Root>

          <Flex direction="column" gap="2">
            <Heading as="h3" size="3">
              {t('posSessions.report.summary')}
            </Heading>
            <DataList.Root size="2" data-testid="report-summary">
              {facts.map((fact) => (
                <DataList.Item key={fact.label}>
                  <DataList.Label>{fact.label}</DataList.Label>
                  <DataList.Value>
                    <Figure>{fact.value}</Figure>
                  </DataList.Value>
                </DataList.Item>
              ))}
            </DataList.Root>
          </Flex>

          <Flex direction="column" gap="2">
            <Heading as="h3" size="3">
              {t('posSessions.report.byTender')}
            </Heading>
            <ColumnsTable
              size="1"
              caption={t('posSessions.report.byTender')}
              rows={tenderRows}
              rowKey={(row) => row.tender}
              columns={[
                { header: t('posSessions.report.tender'), rowHeader: true, cell: (row) => t(`posSessions.tenders.${row.tender as PosTender}`) },
                { header: t('posSessions.report.count'), end: true, cell: (row) => <Figure>{formatNumber(row.count)}</Figure> },
                { header: t('posSessions.report.tenderSales'), end: true, cell: (row) => <Figure>{money(row.sales)}</Figure> },
                { header: t('posSessions.report.tenderRefunds'), end: true, cell: (row) => <Figure>{money(row.refunds)}</Figure> },
                { header: t('posSessions.report.tenderNet'), end: true, cell: (row) => <Figure>{money(row.net)}</Figure> },
              ]}
            />
          </Flex>

          <Flex direction="column" gap="2">
            <Heading as="h3" size="3">
              {closed ? t('posSessions.report.countedTitle') : t('posSessions.report.expectedTitle')}
            </Heading>
            <Text size="1" color="gray">
              {t('posSessions.report.expectedCashHint')}
            </Text>
            <ColumnsTable
              size="1"
              caption={closed ? t('posSessions.report.countedTitle') : t('posSessions.report.expectedTitle')}
              rows={countRows}
              rowKey={(row) => row.tender}
              columns={[
                { header: t('posSessions.report.tender'), rowHeader: true, cell: (row) => t(`posSessions.tenders.${row.tender}`) },
                { header: t('posSessions.report.expected'), end: true, cell: (row) => <Figure>{money(row.expected)}</Figure> },
                closed && { header: t('posSessions.report.counted'), end: true, cell: (row) => (row.counted === null ? '—' : <Figure>{money(row.counted)}</Figure>) },
                closed && {
                  header: t('posSessions.report.difference'),
                  end: true,
                  cell: (row) => (row.difference === null ? '—' : <Difference value={row.difference} currency={currency} />),
                },
              ]}
            />
          </Flex>
        </Flex>
      </section>
    </Card>
  );
}
