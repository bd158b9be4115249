import { Button, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { ColumnsTable } from '../../../components/columns-table';
import { formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { displayName } from '../../../lib/names';
import type { LayawayItem } from '../api/keys';

/** The line's product in the reader's language: the layaway keeps the name it was sold under; the Arabic one comes from the catalogue. */
export const itemName = (item: LayawayItem, arabicNames: ReadonlyMap<string, string | null>) => displayName(item.product_name, arabicNames.get(item.product_id), currentLanguage());

interface ItemsTableProps {
  items: readonly LayawayItem[];
  currency: string;
  arabicNames: ReadonlyMap<string, string | null>;
  /** Given while the layaway is active and the reader may change it. */
  onChangeQuantity?: (item: LayawayItem) => void;
}

/** What is set aside: each line's quantity, what the shelf holds for it, its price before tax and its total with tax. */
export function ItemsTable({ items, currency, arabicNames, onChangeQuantity }: ItemsTableProps) {
  const { t } = useTranslation();
  const money = (amount: string) => formatMoney(amount, currency);
  return (
    <ColumnsTable
      variant="surface"
      size="2"
      scroll
      rowAlign="center"
      caption={t('layaway.page.items')}
      rows={items}
      rowKey={(item) => item.id}
      columns={[
        { header: t('layaway.items.product'), rowHeader: true, cell: (item) => <Text dir="auto">{itemName(item, arabicNames)}</Text> },
        { header: t('layaway.items.sku'), cell: (item) => (item.sku ? <bdi dir="ltr">{item.sku}</bdi> : <Text color="gray">—</Text>) },
        { header: t('layaway.items.quantity'), end: true, cell: (item) => <bdi dir="ltr">{item.quantity}</bdi> },
        { header: t('layaway.items.reserved'), end: true, cell: (item) => <bdi dir="ltr">{item.reserved_quantity}</bdi> },
        { header: t('layaway.items.unitPrice'), end: true, cell: (item) => `${money(item.unit_price)} ${t(item.price_includes_tax ? 'layaway.items.inclTax' : 'layaway.items.exclTax')}` },
        { header: t('layaway.items.tax'), end: true, cell: (item) => money(item.line_tax) },
        { header: t('layaway.items.total'), end: true, cell: (item) => money(item.line_total) },
        ...(onChangeQuantity
          ? [
              {
                header: t('layaway.items.actions'),
                cell: (item: LayawayItem) => (
                  <Button size="1" variant="soft" onClick={() => onChangeQuantity(item)} aria-label={t('layaway.items.change', { name: itemName(item, arabicNames) })}>
                    {t('layaway.items.changeShort')}
                  </Button>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
