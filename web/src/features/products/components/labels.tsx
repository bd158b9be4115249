import { Badge } from '@radix-ui/themes';
import type { StockStatus, UnitOfMeasure } from '@daftar/shared/schemas/products';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';

const STOCK_COLORS = { in_stock: 'green', low: 'amber', out: 'red', not_tracked: 'gray' } as const;

export function StockBadge({ status }: { status: StockStatus }) {
  const { t } = useTranslation();
  return <Badge color={STOCK_COLORS[status]}>{t(`products.stockStatuses.${status}`)}</Badge>;
}

/**
 * A quantity as the server keeps it (a decimal string, at most three decimals) in the reader's
 * digits, with its unit's short name: "12 pcs", "0.75 kg". A Number is exact enough here: stock is
 * counted in thousandths and stays far below 2^53.
 */
export function formatQuantity(quantity: string, unit: UnitOfMeasure, t: (key: string, options?: Record<string, unknown>) => string, language?: Language) {
  const value = Number(quantity);
  const shown = Number.isFinite(value) ? formatNumber(value, language) : quantity;
  return t('products.quantityWithUnit', { quantity: shown, unit: t(`products.unitsShort.${unit}`) });
}
