import { Flex, Link as RadixLink, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TableCaption } from '../../../components/document-lines-editor';
import { formatDate, formatMoney } from '../../../lib/format';
import type { StockMovement } from '../api/keys';
import { JournalEntryLink, MovementDocument, MovementTypeBadge, Quantity } from './labels';

interface MovementsTableProps {
  movements: readonly StockMovement[];
  currency: string;
  caption: string;
  locationName: (id: string) => string;
  /** The product column, when the table lists more than one product's movements. */
  productName?: (id: string) => string;
}

export function MovementsTable({ movements, currency, caption, locationName, productName }: MovementsTableProps) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll">
      <Table.Root variant="surface" size="1">
        <TableCaption>{caption}</TableCaption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('inventory.columns.date')}</Table.ColumnHeaderCell>
            {productName ? <Table.ColumnHeaderCell>{t('inventory.columns.product')}</Table.ColumnHeaderCell> : null}
            <Table.ColumnHeaderCell>{t('inventory.columns.type')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('inventory.columns.location')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('inventory.columns.quantity')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('inventory.columns.unitCost')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('inventory.columns.value')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('inventory.columns.document')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('inventory.columns.entry')}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {movements.map((m) => (
            <Table.Row key={m.id} align="center">
              <Table.Cell>
                <Text size="2" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(m.date)}
                </Text>
              </Table.Cell>
              {productName ? (
                <Table.RowHeaderCell>
                  <RadixLink asChild size="2">
                    <Link to={`/products/${encodeURIComponent(m.product_id)}`}>{productName(m.product_id)}</Link>
                  </RadixLink>
                </Table.RowHeaderCell>
              ) : null}
              <Table.Cell>
                <Flex direction="column" gap="1" align="start">
                  <MovementTypeBadge type={m.movement_type} />
                  {/* A count's reason is always the same correction: only an adjustment says why, and a
                      count kept against an older movement (functions/src/inventory/stock.ts). */}
                  {m.reason && (m.movement_type === 'adjustment' || m.reason === 'count_kept') ? (
                    <Text size="1" color="gray">
                      {t(`inventory.reasons.${m.reason}`, { defaultValue: m.reason })}
                    </Text>
                  ) : null}
                </Flex>
              </Table.Cell>
              <Table.Cell>
                <Text size="2">{locationName(m.location_id)}</Text>
              </Table.Cell>
              <Table.Cell justify="end">
                <Quantity value={m.quantity} signed />
              </Table.Cell>
              <Table.Cell justify="end">{m.unit_cost ? formatMoney(m.unit_cost, currency) : <Text color="gray">—</Text>}</Table.Cell>
              <Table.Cell justify="end">{formatMoney(m.value, currency)}</Table.Cell>
              <Table.Cell>
                <MovementDocument movement={m} />
              </Table.Cell>
              <Table.Cell>
                <JournalEntryLink entryId={m.journal_entry_id} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
