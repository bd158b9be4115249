/**
 * Re-costing after a back-dated movement (functions/src/inventory/recost.ts): what is still owed
 * — a period over its date cannot close meanwhile — and what the last re-costings changed.
 */
import { Callout, Flex, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { ColumnsTable } from '../../../components/columns-table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import type { Recosting } from '../api/get-recosting';
import type { Location } from '../api/keys';
import { useLocationName } from './labels';

/** Shown while a re-costing is owed: which products, from which date, and whether it keeps failing. */
export function RecostingOwed({ recosting }: { recosting: Recosting }) {
  const { t } = useTranslation();
  if (!recosting.pending.length) return null;
  const targets = recosting.pending.flatMap((r) => r.targets);
  const from = targets.map((target) => target.from).sort()[0]!;
  const failing = recosting.pending.find((r) => r.failures > 0);
  return (
    <Callout.Root color={failing ? 'red' : 'amber'} role="status" data-testid="recosting-owed">
      <Callout.Text>
        {t('inventory.recosting.owed', { count: new Set(targets.map((target) => target.product_id)).size, date: formatDate(from) })}
        {failing ? ` ${t('inventory.recosting.failing', { count: failing.failures })}` : ''}
      </Callout.Text>
    </Callout.Root>
  );
}

/** The last re-costing of each product and location, newest first (nothing when there was none). */
export function RecostingDone({ recosting, currency, productName, locations }: { recosting: Recosting; currency: string; productName: (id: string) => string; locations: readonly Location[] | undefined }) {
  const { t } = useTranslation();
  const locationName = useLocationName(locations);
  if (!recosting.done.length) return null;
  return (
    <Flex direction="column" gap="2">
      <Heading as="h3" size="3">
        {t('inventory.recosting.doneTitle')}
      </Heading>
      <ColumnsTable
        caption={t('inventory.recosting.doneTitle')}
        rows={recosting.done}
        rowKey={(row) => `${row.product_id}|${row.location_id}`}
        columns={[
          {
            header: t('inventory.columns.product'),
            rowHeader: true,
            cell: (row) => (
              <RadixLink asChild size="2">
                <Link to={`/products/${encodeURIComponent(row.product_id)}`}>{productName(row.product_id)}</Link>
              </RadixLink>
            ),
          },
          { header: t('inventory.location'), cell: (row) => locationName(row.location_id) },
          { header: t('inventory.recosting.from'), cell: (row) => formatDate(row.from) },
          { header: t('inventory.recosting.doneAt'), cell: (row) => formatDateTime(row.done_at) },
          { header: t('inventory.recosting.cogs'), end: true, cell: (row) => formatMoney(row.cost_of_goods_sold, currency) },
          { header: t('inventory.recosting.adjustments'), end: true, cell: (row) => formatMoney(row.inventory_adjustments, currency) },
          {
            header: t('inventory.recosting.entry'),
            cell: (row) =>
              row.journal_entry_id ? (
                <RadixLink asChild size="2">
                  <Link to={`/accounting/journal/${encodeURIComponent(row.journal_entry_id)}`}>{t('inventory.openEntry')}</Link>
                </RadixLink>
              ) : (
                <Text size="2" color="gray">{t('inventory.recosting.nothingToPost')}</Text>
              ),
          },
        ]}
      />
    </Flex>
  );
}
