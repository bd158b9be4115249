import { Card, DataList, Flex, Heading, Table, Text } from '@radix-ui/themes';
import type { TaxOption } from '@daftar/shared/schemas/taxes';
import type { ReactNode } from 'react';
import { formatDate, formatMoney } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { DocumentTotals, TableCaption, type DocumentLinesLabels } from '../document-lines-editor';
import { isZeroAmount, storedFigures } from './document-amounts';
import { taxName } from './document-taxes';

export interface ViewLine {
  id: string;
  description: string;
  quantity: string;
  unit_price: string;
  discount?: { type: 'amount'; amount: string | number } | { type: 'percent'; percent: string | number } | null;
  discount_amount: string;
  tax_id: string | null;
  /** Purchases book each line to an account; sales lines have none. */
  account_id?: string;
  tax_category: 'standard' | 'zero_rated' | 'exempt';
  tax_rate: string;
  /** Sales lines: the special sales tax charged (none on purchases). */
  special_tax_id?: string | null;
  special_tax?: string;
  net: string;
  tax: string;
  gross: string;
}

export interface ViewDocument {
  currency: string;
  subtotal: string;
  discount_total: string;
  net_total: string;
  special_tax_total?: string;
  tax_total: string;
  gross_total: string;
  lines: readonly ViewLine[];
}

export interface SettlementRow {
  label: string;
  amount: string;
  strong?: boolean;
}

/** The header facts of a document: label, value pairs. */
export function DocumentFacts({ facts }: { facts: readonly { label: string; value: ReactNode }[] }) {
  return (
    <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
      {facts.map((fact) => (
        <DataList.Item key={fact.label}>
          <DataList.Label minWidth="140px">{fact.label}</DataList.Label>
          <DataList.Value>{fact.value}</DataList.Value>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

interface DocumentLinesViewProps {
  document: ViewDocument;
  taxes: readonly TaxOption[];
  /** The feature's lines texts (the same the editor uses). */
  labels: DocumentLinesLabels;
  /** The card's heading. */
  title: string;
  /** The caption of the settlement table (paid, credited, balance due). */
  settlementCaption: string;
  settlement?: readonly SettlementRow[];
  /** When lines are booked to accounts: the account column's text of a line's account. */
  accountText?: (accountId: string) => string;
}

/** A stored document's lines and totals, read-only, with the tax of each line named. */
export function DocumentLinesView({ document, taxes, labels, title, settlementCaption, settlement, accountText }: DocumentLinesViewProps) {
  const language = currentLanguage();
  const figures = storedFigures(document);
  const money = (amount: string) => formatMoney(amount, document.currency);
  const discountText = (line: ViewLine) => {
    if (isZeroAmount(line.discount_amount)) return '—';
    const amount = money(line.discount_amount);
    return line.discount?.type === 'percent' ? `${amount} (${line.discount.percent}%)` : amount;
  };
  const taxText = (line: ViewLine) => {
    const tax = line.tax_id ? taxes.find((x) => x.id === line.tax_id) : undefined;
    if (tax) return `${taxName(tax, language)} (${line.tax_rate}%)`;
    return labels.taxRow({ category: line.tax_category, rate: line.tax_rate });
  };
  // Columns for special sales tax only when a line carries one.
  const withSpecialTax = document.lines.some((line) => line.special_tax_id || (line.special_tax && !isZeroAmount(line.special_tax)));
  const specialTaxText = (line: ViewLine) => {
    if (!line.special_tax_id) return '—';
    const tax = taxes.find((x) => x.id === line.special_tax_id);
    if (!tax) return labels.specialTax ?? '—';
    return `${taxName(tax, language)} (${tax.special_tax_type === 'fixed' ? money(tax.special_tax_amount ?? '0') : `${tax.rate}%`})`;
  };
  return (
    <Card size="3">
      <Flex direction="column" gap="4">
        <Heading as="h2" size="4">
          {title}
        </Heading>
        <div className="table-scroll">
          <Table.Root size="1" variant="surface">
            <TableCaption>{labels.caption}</TableCaption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>{labels.lineNumber}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{labels.description}</Table.ColumnHeaderCell>
                {accountText ? <Table.ColumnHeaderCell>{labels.account}</Table.ColumnHeaderCell> : null}
                <Table.ColumnHeaderCell justify="end">{labels.quantity}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">{labels.unitPrice}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">{labels.discount}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{labels.tax}</Table.ColumnHeaderCell>
                {withSpecialTax ? <Table.ColumnHeaderCell>{labels.specialTax}</Table.ColumnHeaderCell> : null}
                <Table.ColumnHeaderCell justify="end">{labels.net}</Table.ColumnHeaderCell>
                {withSpecialTax ? <Table.ColumnHeaderCell justify="end">{labels.specialTaxAmount}</Table.ColumnHeaderCell> : null}
                <Table.ColumnHeaderCell justify="end">{labels.taxAmount}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">{labels.lineTotal}</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {document.lines.map((line, index) => (
                <Table.Row key={line.id}>
                  <Table.RowHeaderCell>{index + 1}</Table.RowHeaderCell>
                  <Table.Cell style={{ whiteSpace: 'pre-wrap' }}>{line.description}</Table.Cell>
                  {accountText ? <Table.Cell>{line.account_id ? accountText(line.account_id) : '—'}</Table.Cell> : null}
                  <Table.Cell justify="end">{line.quantity}</Table.Cell>
                  <Table.Cell justify="end">{money(line.unit_price)}</Table.Cell>
                  <Table.Cell justify="end">{discountText(line)}</Table.Cell>
                  <Table.Cell>{taxText(line)}</Table.Cell>
                  {withSpecialTax ? <Table.Cell>{specialTaxText(line)}</Table.Cell> : null}
                  <Table.Cell justify="end">{money(line.net)}</Table.Cell>
                  {withSpecialTax ? <Table.Cell justify="end">{money(line.special_tax ?? '0')}</Table.Cell> : null}
                  <Table.Cell justify="end">{money(line.tax)}</Table.Cell>
                  <Table.Cell justify="end">
                    <Text weight="medium">{money(line.gross)}</Text>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </div>
        <Flex justify="end">
          <Flex direction="column" gap="2">
            <DocumentTotals figures={figures} labels={labels} />
            {settlement && settlement.length > 0 ? (
              <Table.Root size="1" style={{ minWidth: 280 }}>
                <TableCaption>{settlementCaption}</TableCaption>
                <Table.Body>
                  {settlement.map((row) => (
                    <Table.Row key={row.label}>
                      <Table.RowHeaderCell>
                        <Text weight={row.strong ? 'bold' : 'regular'}>{row.label}</Text>
                      </Table.RowHeaderCell>
                      <Table.Cell justify="end">
                        <Text weight={row.strong ? 'bold' : 'regular'}>{money(row.amount)}</Text>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            ) : null}
          </Flex>
        </Flex>
      </Flex>
    </Card>
  );
}

export const dateOrDash = (value: string | null | undefined) => (value ? formatDate(value) : '—');
