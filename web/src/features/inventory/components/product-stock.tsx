import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { ColumnsTable, type ColumnsTableProps } from '../../../components/columns-table';
import { DocumentFacts } from '../../../components/documents/document-view';
import { Pagination } from '../../../components/pagination';
import { useOrganizationRole } from '../../../lib/authorization';
import { currencyDigits, formatDate, formatMoney } from '../../../lib/format';
import { useLocations } from '../api/get-locations';
import { useProductMovements } from '../api/get-product-movements';
import { useStockReport } from '../api/get-stock-report';
import { MovementsTable } from './movements-table';
import { Quantity, useLocationName } from './labels';
import { StockActions } from './stock-dialogs';

const MOVEMENTS_PAGE = 10;

/** A money string ("1.040") in minor units (1040 fils): sums stay exact. */
const minor = (amount: string, digits: number) => Math.round(Number(amount) * 10 ** digits);

/**
 * The average cost of one unit over every location: total value ÷ total on hand, in the currency's
 * minor units, rounded as the server rounds a level's own unit cost.
 */
export function averageUnitCost(levels: readonly { on_hand: string; value: string }[], currency: string): string | null {
  const digits = currencyDigits(currency);
  const onHand = levels.reduce((sum, l) => sum + Math.round(Number(l.on_hand) * 1000), 0);
  if (onHand <= 0) return null;
  const value = levels.reduce((sum, l) => sum + minor(l.value, digits), 0);
  return (Math.round((value * 1000) / onHand) / 10 ** digits).toFixed(digits);
}

/** One of the stock card's tables, or the line that says it has no rows. */
function StockTable<R>({ empty, ...table }: { empty: string } & ColumnsTableProps<R>) {
  if (table.rows.length === 0) {
    return (
      <Text size="2" color="gray">
        {empty}
      </Text>
    );
  }
  return <ColumnsTable variant="surface" size="1" scroll {...table} />;
}

interface ProductStockProps {
  organizationId: string;
  product: { id: string; name: string };
  currency: string;
}

/**
 * A tracked product's stock on its page: what each location holds and what it is worth, the cost
 * layers the next sale takes from, its movements, and the four ways to change it.
 */
export function ProductStock({ organizationId, product, currency }: ProductStockProps) {
  const { t } = useTranslation();
  const role = useOrganizationRole(organizationId);
  const locations = useLocations(organizationId);
  const report = useStockReport(organizationId);
  const [skip, setSkip] = useState(0);
  const movements = useProductMovements(organizationId, product.id, { skip, limit: MOVEMENTS_PAGE });
  const locationName = useLocationName(locations.data?.data);
  const levels = report.data?.data.filter((l) => l.product_id === product.id) ?? [];
  const held = levels.filter((l) => Number(l.on_hand) !== 0 || Number(l.reserved) !== 0);
  const average = averageUnitCost(levels, currency);
  const total = levels.reduce((sum, l) => sum + minor(l.value, currencyDigits(currency)), 0) / 10 ** currencyDigits(currency);
  const layers = held.flatMap((l) => l.layers.map((layer, index) => ({ ...layer, location_id: l.location_id, key: `${l.location_id}-${index}` })));

  return (
    <>
      <Card size="2">
        <Flex justify="between" align="start" gap="3" wrap="wrap" mb="3">
          <Heading as="h2" size="3">
            {t('inventory.product.title')}
          </Heading>
          {role.isMember && locations.data ? (
            <StockActions organizationId={organizationId} product={product} locations={locations.data.data} currency={currency} size="1" />
          ) : null}
        </Flex>
        {report.isPending ? <Loading /> : null}
        {report.isError ? <QueryError error={report.error} onRetry={() => void report.refetch()} /> : null}
        {report.data ? (
          <Flex direction="column" gap="4">
            <DocumentFacts
              facts={[
                { label: t('inventory.product.averageCost'), value: average ? formatMoney(average, currency) : <Text color="gray">—</Text> },
                { label: t('inventory.product.value'), value: <Text weight="medium">{formatMoney(total.toFixed(currencyDigits(currency)), currency)}</Text> },
              ]}
            />
            <StockTable
              empty={t('inventory.product.noStock')}
              caption={t('inventory.product.title')}
              rows={held}
              rowKey={(l) => l.location_id}
              columns={[
                { header: t('inventory.columns.location'), rowHeader: true, cell: (l) => locationName(l.location_id) },
                { header: t('inventory.columns.onHand'), end: true, cell: (l) => <Quantity value={l.on_hand} /> },
                { header: t('inventory.columns.reserved'), end: true, cell: (l) => <Quantity value={l.reserved} /> },
                { header: t('inventory.columns.available'), end: true, cell: (l) => <Quantity value={l.available} /> },
                { header: t('inventory.columns.unitCost'), end: true, cell: (l) => (l.unit_cost ? formatMoney(l.unit_cost, currency) : <Text color="gray">—</Text>) },
                { header: t('inventory.columns.value'), end: true, cell: (l) => formatMoney(l.value, currency) },
              ]}
            />
            <Flex direction="column" gap="2">
              <Heading as="h3" size="2">
                {t('inventory.product.layers')}
              </Heading>
              <StockTable
                empty={t('inventory.product.noLayers')}
                caption={t('inventory.product.layers')}
                rows={layers}
                rowKey={(layer) => layer.key}
                columns={[
                  { header: t('inventory.columns.received'), cell: (layer) => formatDate(layer.received_on) },
                  { header: t('inventory.columns.location'), cell: (layer) => locationName(layer.location_id) },
                  { header: t('inventory.columns.quantity'), end: true, cell: (layer) => <Quantity value={layer.quantity} /> },
                  { header: t('inventory.columns.unitCost'), end: true, cell: (layer) => formatMoney(averageUnitCost([{ on_hand: layer.quantity, value: layer.value }], currency) ?? '0', currency) },
                  { header: t('inventory.columns.value'), end: true, cell: (layer) => formatMoney(layer.value, currency) },
                ]}
              />
            </Flex>
          </Flex>
        ) : null}
      </Card>
      <Card size="2">
        <Heading as="h2" size="3" mb="3">
          {t('inventory.product.movements')}
        </Heading>
        {movements.isPending ? <Loading /> : null}
        {movements.isError ? <QueryError error={movements.error} onRetry={() => void movements.refetch()} /> : null}
        {movements.data && movements.data.data.length === 0 ? <EmptyState>{t('inventory.product.noMovements')}</EmptyState> : null}
        {movements.data && movements.data.data.length > 0 ? (
          <MovementsTable movements={movements.data.data} currency={currency} caption={t('inventory.product.movements')} locationName={locationName} />
        ) : null}
        {movements.data ? <Pagination skip={skip} limit={MOVEMENTS_PAGE} count={movements.data.count} onChange={setSkip} /> : null}
      </Card>
    </>
  );
}
