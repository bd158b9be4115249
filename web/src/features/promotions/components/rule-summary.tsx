import { DataList, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { localName } from '../../../lib/names';
import type { Location } from '../../inventory/api/keys';
import { useItemCategories } from '../api/get-categories';
import { useCustomersById } from '../api/get-customers-by-id';
import { useProductsById } from '../api/get-products-by-id';
import type { PromotionRule } from '../api/keys';
import { productLabel } from './pickers';
import { joinList, usePromotionTexts } from './texts';

interface RuleSummaryProps {
  organizationId: string;
  rule: PromotionRule;
  currency: string;
  locations: readonly Location[];
}

/** A rule's conditions in words, one a row; a rule without any holds for every item. */
export function RuleSummary({ organizationId, rule, currency, locations }: RuleSummaryProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const texts = usePromotionTexts(currency);
  const products = useProductsById(organizationId, rule.product_ids ?? []);
  const customers = useCustomersById(organizationId, rule.customer_ids ?? []);
  const categories = useItemCategories(organizationId, !!rule.category_ids?.length);
  const names = (ids: readonly string[] | undefined, name: (id: string) => string | undefined, unknown: string) => joinList((ids ?? []).map((id) => name(id) ?? unknown));

  const rows: { label: string; value: string }[] = [];
  if (rule.product_ids?.length) {
    rows.push({ label: t('promotions.conditions.products'), value: names(rule.product_ids, (id) => (products.get(id) ? productLabel(products.get(id)!) : undefined), t('promotions.unknownProduct')) });
  }
  if (rule.category_ids?.length) {
    const all = categories.data ?? [];
    rows.push({
      label: t('promotions.conditions.categories'),
      value: names(rule.category_ids, (id) => {
        const found = all.find((c) => c.id === id);
        return found ? localName(found, language) : undefined;
      }, t('promotions.unknownCategory')),
    });
  }
  if (rule.min_quantity !== undefined) rows.push({ label: t('promotions.conditions.min_quantity'), value: t('promotions.summaryText.atLeastItems', { quantity: rule.min_quantity }) });
  if (rule.min_subtotal !== undefined) rows.push({ label: t('promotions.conditions.min_subtotal'), value: t('promotions.summaryText.atLeast', { amount: formatMoney(rule.min_subtotal, currency) }) });
  if (rule.customer_ids?.length) {
    rows.push({
      label: t('promotions.conditions.customers'),
      value: names(rule.customer_ids, (id) => (customers.get(id) ? localName(customers.get(id)!, language) : undefined), t('promotions.unknownCustomer')),
    });
  }
  if (rule.location_ids?.length) {
    rows.push({
      label: t('promotions.conditions.locations'),
      value: names(rule.location_ids, (id) => {
        const found = locations.find((l) => l.id === id);
        return found ? localName(found, language) : undefined;
      }, t('promotions.unknownLocation')),
    });
  }
  if (rule.starts_at || rule.ends_at) {
    const from = rule.starts_at ? formatDateTime(rule.starts_at) : '';
    const to = rule.ends_at ? formatDateTime(rule.ends_at) : '';
    rows.push({
      label: t('promotions.conditions.period'),
      value: from && to ? t('promotions.summaryText.between', { from, to }) : from ? t('promotions.summaryText.from', { from }) : t('promotions.summaryText.until', { to }),
    });
  }
  if (rule.days_of_week?.length) rows.push({ label: t('promotions.conditions.days'), value: texts.days(rule.days_of_week) });
  if (rule.time_from || rule.time_to) {
    rows.push({ label: t('promotions.conditions.hours'), value: t('promotions.summaryText.hours', { from: rule.time_from ?? '00:00', to: rule.time_to ?? '24:00' }) });
  }

  if (rows.length === 0) {
    return (
      <Text size="2" color="gray">
        {t('promotions.rules.everyItem')}
      </Text>
    );
  }
  return (
    <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }} size="2">
      {rows.map((row) => (
        <DataList.Item key={row.label}>
          <DataList.Label minWidth="160px">{row.label}</DataList.Label>
          <DataList.Value>{row.value}</DataList.Value>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
