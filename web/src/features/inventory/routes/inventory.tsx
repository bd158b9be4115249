import { Button, Card, DropdownMenu, Flex, Grid, Heading, Link as RadixLink, Tabs, Text } from '@radix-ui/themes';
import { MOVEMENT_TYPES, type MovementType } from '@daftar/shared/schemas/inventory';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useListParams } from '../../../components/documents/document-list';
import { today } from '../../../components/documents/dates';
import { ColumnsTable, type TableColumn } from '../../../components/columns-table';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { SelectInput, TextInput } from '../../../components/fields';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { useOrganizationRole } from '../../../lib/authorization';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { localName } from '../../../lib/names';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useProducts, type Product } from '../../products/api/get-products';
import { StockBadge } from '../../products/components/labels';
import { useInventoryValue } from '../api/get-inventory-value';
import { useLocations } from '../api/get-locations';
import { useLowStock } from '../api/get-low-stock';
import { useStockMovements } from '../api/get-stock-movements';
import { useStockReport } from '../api/get-stock-report';
import { useValuationReport } from '../api/get-valuation-report';
import { useRecosting } from '../api/get-recosting';
import { RecostingDone, RecostingOwed } from '../components/recosting';
import type { Location } from '../api/keys';
import { MovementsTable } from '../components/movements-table';
import { Quantity, useLocationName } from '../components/labels';
import { STOCK_ACTIONS, StockDialog, type StockAction } from '../components/stock-dialogs';

export const MOVEMENTS_PAGE_SIZE = 25;
const TABS = ['stock', 'low', 'movements', 'valuation'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = { stock: 'stock', low: 'lowStock', movements: 'movements', valuation: 'valuation' };

const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);
const isMovementType = (value: string | null): value is MovementType => MOVEMENT_TYPES.includes(value as MovementType);
const isDay = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

const none = <Text color="gray">—</Text>;

/** The catalogue's tracked products by id, for the names the stock report does not carry. */
function useProductNames(organizationId: string) {
  const language = currentLanguage();
  // The catalogue's largest page: a shop's tracked items fit in one read.
  const products = useProducts(organizationId, { skip: 0, limit: 1000, is_tracked_inventory: true, include_inactive: true }, !!organizationId);
  const byId = useMemo(() => new Map((products.data?.data ?? []).map((p) => [p.id, p])), [products.data]);
  return {
    product: (id: string): Product | undefined => byId.get(id),
    name: (id: string) => {
      const p = byId.get(id);
      return p ? localName(p, language) : id;
    },
  };
}

function ProductLink({ id, name }: { id: string; name: string }) {
  return (
    <RadixLink asChild size="2" weight="medium">
      <Link to={`/products/${encodeURIComponent(id)}`}>{name}</Link>
    </RadixLink>
  );
}

/**
 * A tab's table, a row a product (at a location, on the stock tab): its SKU and its name linked to
 * its page come first, then the tab's own columns.
 */
function ProductRowsTable<R extends { product_id: string }>({
  caption,
  rows,
  rowKey = (row) => row.product_id,
  sku,
  name,
  columns,
}: {
  caption: string;
  rows: readonly R[];
  rowKey?: (row: R) => string;
  sku: (row: R) => string;
  name: (row: R) => string;
  columns: readonly (TableColumn<R> | false)[];
}) {
  const { t } = useTranslation();
  const product: TableColumn<R>[] = [
    {
      header: t('inventory.columns.sku'),
      cell: (row) => (
        <Text size="2" dir="ltr">
          {sku(row)}
        </Text>
      ),
    },
    { header: t('inventory.columns.product'), rowHeader: true, cell: (row) => <ProductLink id={row.product_id} name={name(row)} /> },
  ];
  return <ColumnsTable variant="surface" scroll rowAlign="center" caption={caption} rows={rows} rowKey={rowKey} columns={[...product, ...columns]} />;
}

interface TabProps {
  organizationId: string;
  currency: string;
  locations: readonly Location[] | undefined;
}

function LocationFilter({ locations, value, onChange }: { locations: readonly Location[] | undefined; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <SelectInput
      label={t('inventory.location')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={[{ value: '', label: t('inventory.allLocations') }, ...(locations ?? []).map((l) => ({ value: l.id, label: localName(l, language) }))]}
    />
  );
}

function StockTab({ organizationId, currency, locations, canChange }: TabProps & { canChange: boolean }) {
  const { t } = useTranslation();
  const { params, update } = useListParams();
  const locationId = params.get('location') || undefined;
  const report = useStockReport(organizationId, locationId);
  const names = useProductNames(organizationId);
  const locationName = useLocationName(locations);
  const [dialog, setDialog] = useState<{ action: StockAction; productId: string; locationId: string } | null>(null);
  const rows = (report.data?.data ?? []).filter((l) => Number(l.on_hand) !== 0 || Number(l.reserved) !== 0);
  rows.sort((a, b) => names.name(a.product_id).localeCompare(names.name(b.product_id)) || a.location_id.localeCompare(b.location_id));

  return (
    <Flex direction="column" gap="3">
      <Grid columns={{ initial: '1', sm: '3' }} gap="3">
        <LocationFilter locations={locations} value={locationId ?? ''} onChange={(value) => update({ location: value })} />
      </Grid>
      {report.isPending ? <Loading /> : null}
      {report.isError ? <QueryError error={report.error} onRetry={() => void report.refetch()} /> : null}
      {report.data && rows.length === 0 ? <EmptyState>{t('inventory.stockEmpty')}</EmptyState> : null}
      {rows.length > 0 ? (
        <ProductRowsTable
          caption={t('inventory.tabs.stock')}
          rows={rows}
          rowKey={(l) => `${l.product_id}|${l.location_id}`}
          sku={(l) => names.product(l.product_id)?.sku ?? ''}
          name={(l) => names.name(l.product_id)}
          columns={[
            { header: t('inventory.columns.location'), cell: (l) => locationName(l.location_id) },
            { header: t('inventory.columns.onHand'), end: true, cell: (l) => <Quantity value={l.on_hand} /> },
            { header: t('inventory.columns.available'), end: true, cell: (l) => <Quantity value={l.available} /> },
            { header: t('inventory.columns.unitCost'), end: true, cell: (l) => (l.unit_cost ? formatMoney(l.unit_cost, currency) : none) },
            { header: t('inventory.columns.value'), end: true, cell: (l) => formatMoney(l.value, currency) },
            canChange && {
              header: t('inventory.columns.actions'),
              cell: (l) => (
                <DropdownMenu.Root>
                  <DropdownMenu.Trigger>
                    <Button size="1" variant="soft" aria-label={t('inventory.rowActions', { name: names.name(l.product_id), location: locationName(l.location_id) })}>
                      {t('inventory.columns.actions')}
                      <DropdownMenu.TriggerIcon />
                    </Button>
                  </DropdownMenu.Trigger>
                  <DropdownMenu.Content>
                    {STOCK_ACTIONS.filter((action) => action !== 'transfer' || (locations?.length ?? 0) > 1).map((action) => (
                      <DropdownMenu.Item key={action} onSelect={() => setDialog({ action, productId: l.product_id, locationId: l.location_id })}>
                        {t(`inventory.actions.${action}`)}
                      </DropdownMenu.Item>
                    ))}
                  </DropdownMenu.Content>
                </DropdownMenu.Root>
              ),
            },
          ]}
        />
      ) : null}
      {dialog && locations ? (
        <StockDialog
          action={dialog.action}
          organizationId={organizationId}
          product={{ id: dialog.productId, name: names.name(dialog.productId) }}
          locations={locations}
          currency={currency}
          locationId={dialog.locationId}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Flex>
  );
}

function LowStockTab({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const low = useLowStock(organizationId);
  return (
    <Flex direction="column" gap="3">
      {low.isPending ? <Loading /> : null}
      {low.isError ? <QueryError error={low.error} onRetry={() => void low.refetch()} /> : null}
      {low.data && low.data.data.length === 0 ? <EmptyState>{t('inventory.lowStockEmpty')}</EmptyState> : null}
      {low.data && low.data.data.length > 0 ? (
        <ProductRowsTable
          caption={t('inventory.tabs.lowStock')}
          rows={low.data.data}
          sku={(row) => row.sku}
          name={(row) => localName(row, language)}
          columns={[
            { header: t('inventory.columns.onHand'), end: true, cell: (row) => <Quantity value={row.on_hand} /> },
            { header: t('inventory.columns.reorderPoint'), end: true, cell: (row) => (row.reorder_point ? <Quantity value={row.reorder_point} /> : none) },
            { header: t('inventory.columns.status'), cell: (row) => <StockBadge status={row.stock_status} /> },
          ]}
        />
      ) : null}
    </Flex>
  );
}

function MovementsTab({ organizationId, currency, locations }: TabProps) {
  const { t } = useTranslation();
  const { params, update, skip } = useListParams();
  const typeParam = params.get('mtype');
  const filters = {
    movement_type: isMovementType(typeParam) ? typeParam : undefined,
    location_id: params.get('mlocation') || undefined,
    date_from: isDay(params.get('from')),
    date_to: isDay(params.get('to')),
  };
  const filtered = Object.values(filters).some((v) => v !== undefined);
  const movements = useStockMovements(organizationId, { ...filters, skip, limit: MOVEMENTS_PAGE_SIZE });
  const names = useProductNames(organizationId);
  const locationName = useLocationName(locations);
  return (
    <Flex direction="column" gap="3">
      <Grid columns={{ initial: '1', xs: '2', md: '4' }} gap="3" align="end">
        <SelectInput
          label={t('inventory.filters.type')}
          value={filters.movement_type ?? ''}
          onChange={(e) => update({ mtype: e.target.value, skip: null })}
          options={[{ value: '', label: t('inventory.filters.anyType') }, ...MOVEMENT_TYPES.map((type) => ({ value: type, label: t(`inventory.movementTypes.${type}`) }))]}
        />
        <LocationFilter locations={locations} value={filters.location_id ?? ''} onChange={(value) => update({ mlocation: value, skip: null })} />
        <TextInput label={t('inventory.filters.from')} type="date" value={filters.date_from ?? ''} onChange={(e) => update({ from: e.target.value, skip: null })} />
        <TextInput label={t('inventory.filters.to')} type="date" value={filters.date_to ?? ''} onChange={(e) => update({ to: e.target.value, skip: null })} />
      </Grid>
      {filtered ? (
        <Flex>
          <Button variant="ghost" size="1" onClick={() => update({ mtype: null, mlocation: null, from: null, to: null, skip: null })}>
            {t('inventory.filters.clear')}
          </Button>
        </Flex>
      ) : null}
      {movements.isPending ? <Loading /> : null}
      {movements.isError ? <QueryError error={movements.error} onRetry={() => void movements.refetch()} /> : null}
      {movements.data && movements.data.data.length === 0 ? <EmptyState>{t('inventory.movementsEmpty')}</EmptyState> : null}
      {movements.data && movements.data.data.length > 0 ? (
        <MovementsTable movements={movements.data.data} currency={currency} caption={t('inventory.tabs.movements')} locationName={locationName} productName={names.name} />
      ) : null}
      {movements.data ? <Pagination skip={skip} limit={MOVEMENTS_PAGE_SIZE} count={movements.data.count} onChange={(next) => update({ skip: next ? String(next) : null })} /> : null}
    </Flex>
  );
}

function ValuationTab({ organizationId, currency, locations }: TabProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { params, update } = useListParams();
  const asOf = isDay(params.get('as_of')) ?? today();
  const locationId = params.get('vlocation') || undefined;
  const report = useValuationReport(organizationId, { as_of: asOf, location_id: locationId });
  const recosting = useRecosting(organizationId);
  const names = useProductNames(organizationId);
  const shownCurrency = report.data?.currency ?? currency;
  return (
    <Flex direction="column" gap="3">
      <Grid columns={{ initial: '1', sm: '3' }} gap="3" align="end">
        <TextInput label={t('inventory.filters.asOf')} type="date" value={asOf} max={today()} onChange={(e) => update({ as_of: e.target.value })} />
        <LocationFilter locations={locations} value={locationId ?? ''} onChange={(value) => update({ vlocation: value })} />
      </Grid>
      {report.isPending ? <Loading /> : null}
      {report.isError ? <QueryError error={report.error} onRetry={() => void report.refetch()} /> : null}
      {report.data ? (
        <Card>
          <Flex justify="between" align="center" gap="3" wrap="wrap">
            <Text size="2" color="gray">
              {t('inventory.valuationTotal', { date: formatDate(report.data.as_of) })}
            </Text>
            <Text size="5" weight="bold" data-testid="valuation-total">
              {formatMoney(report.data.total_value, shownCurrency)}
            </Text>
          </Flex>
        </Card>
      ) : null}
      {report.data && report.data.rows.length === 0 ? <EmptyState>{t('inventory.valuationEmpty')}</EmptyState> : null}
      {report.data && report.data.rows.length > 0 ? (
        <ProductRowsTable
          caption={t('inventory.tabs.valuation')}
          rows={report.data.rows}
          sku={(row) => row.sku}
          name={(row) => localName(row, language)}
          columns={[
            { header: t('inventory.columns.quantity'), end: true, cell: (row) => <Quantity value={row.quantity} /> },
            { header: t('inventory.columns.unitCost'), end: true, cell: (row) => (row.unit_cost ? formatMoney(row.unit_cost, shownCurrency) : none) },
            { header: t('inventory.columns.value'), end: true, cell: (row) => formatMoney(row.value, shownCurrency) },
          ]}
        />
      ) : null}
      {recosting.data ? <RecostingDone recosting={recosting.data} currency={shownCurrency} productName={names.name} locations={locations} /> : null}
    </Flex>
  );
}

/** Issue 14's stock screen: levels, what runs low, every movement and the valuation on a day. */
export function InventoryRoute() {
  const { t } = useTranslation();
  const { organization, organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const { params, update } = useListParams();
  const org = organizationId ?? '';
  const locations = useLocations(org, !!organizationId);
  const value = useInventoryValue(org, !!organizationId);
  const recosting = useRecosting(org, !!organizationId);
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'stock';

  if (!organizationId) return <Loading />;
  const currency = organization?.base_currency ?? 'JOD';
  const common = { organizationId, currency, locations: locations.data?.data };
  return (
    <Flex direction="column" gap="4">
      <PageHeader title={t('inventory.title')} description={t('inventory.intro')} />
      <Card>
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Flex direction="column" gap="1">
            <Heading as="h2" size="2" color="gray" weight="medium">
              {t('inventory.totalValue')}
            </Heading>
            {value.data ? (
              <Text size="1" color="gray">
                {t('inventory.totalValueProducts', { count: value.data.products, formatted: formatNumber(value.data.products) })}
              </Text>
            ) : null}
          </Flex>
          {value.isError ? <QueryError error={value.error} onRetry={() => void value.refetch()} /> : null}
          <Text size="6" weight="bold" data-testid="inventory-value">
            {value.data ? formatMoney(value.data.total_value, value.data.currency) : '…'}
          </Text>
        </Flex>
      </Card>
      {recosting.data ? <RecostingOwed recosting={recosting.data} /> : null}
      <Tabs.Root value={tab} onValueChange={(next) => update({ tab: next === 'stock' ? null : next, skip: null })}>
        <Tabs.List aria-label={t('inventory.tabs.label')}>
          {TABS.map((value) => (
            <Tabs.Trigger key={value} value={value}>
              {t(`inventory.tabs.${TAB_LABELS[value]}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="stock">
          <Flex direction="column" pt="4">
            <StockTab {...common} canChange={role.isMember} />
          </Flex>
        </Tabs.Content>
        <Tabs.Content value="low">
          <Flex direction="column" pt="4">
            <LowStockTab organizationId={organizationId} />
          </Flex>
        </Tabs.Content>
        <Tabs.Content value="movements">
          <Flex direction="column" pt="4">
            <MovementsTab {...common} />
          </Flex>
        </Tabs.Content>
        <Tabs.Content value="valuation">
          <Flex direction="column" pt="4">
            <ValuationTab {...common} />
          </Flex>
        </Tabs.Content>
      </Tabs.Root>
    </Flex>
  );
}
