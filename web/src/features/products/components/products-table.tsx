import { Flex, Link as RadixLink, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { TableCaption } from '../../../components/document-lines-editor';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { localName, otherName } from '../../../lib/names';
import type { Product } from '../api/get-products';
import { formatQuantity, StockBadge } from './labels';
import { ProductThumbnail } from './product-image';

interface ProductsTableProps {
  products: readonly Product[];
  currency: string;
  /** A category's name in the reader's language; undefined while the categories load or when it is unknown. */
  categoryName: (categoryId: string) => string | undefined;
}

export function ProductsTable({ products, currency, categoryName }: ProductsTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <div className="table-scroll">
      <Table.Root variant="surface">
        <TableCaption>{t('products.title')}</TableCaption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell width="56px">
              <VisuallyHidden>{t('products.columns.image')}</VisuallyHidden>
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('products.columns.sku')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('products.columns.name')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('products.columns.category')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('products.columns.price')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('products.columns.onHand')}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {products.map((product) => {
            const name = localName(product, language);
            const other = otherName(product, language);
            return (
              <Table.Row key={product.id} align="center">
                <Table.Cell>
                  <ProductThumbnail url={product.image_url} size={40} />
                </Table.Cell>
                <Table.Cell>
                  <Text size="2" dir="ltr">
                    {product.sku}
                  </Text>
                </Table.Cell>
                <Table.RowHeaderCell>
                  <Flex direction="column">
                    <RadixLink asChild weight="medium">
                      <Link to={`/products/${encodeURIComponent(product.id)}`}>{name}</Link>
                    </RadixLink>
                    {other ? (
                      // Inline inside a block of the page's direction: it starts where the name starts.
                      <span>
                        <Text size="1" color="gray" lang={other.lang} dir={other.lang === 'ar' ? 'rtl' : 'ltr'}>
                          {other.text}
                        </Text>
                      </span>
                    ) : null}
                    {!product.is_active ? (
                      <Text size="1" color="gray">
                        {t('products.inactive')}
                      </Text>
                    ) : null}
                  </Flex>
                </Table.RowHeaderCell>
                <Table.Cell>{product.category_id ? (categoryName(product.category_id) ?? '…') : <Text color="gray">—</Text>}</Table.Cell>
                <Table.Cell justify="end">
                  <Text>{formatMoney(product.sale_price, currency)}</Text>
                </Table.Cell>
                <Table.Cell>
                  <Flex gap="2" align="center" wrap="wrap">
                    {product.is_tracked_inventory ? <Text>{formatQuantity(product.quantity_on_hand, product.unit_of_measure, t)}</Text> : null}
                    <StockBadge status={product.stock_status} />
                  </Flex>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
