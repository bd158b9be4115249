import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, formatNumber, locale } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import type { Promotion } from '../api/keys';

/** How a promotion combines with the others, as the form offers it: exclusive wins over stackable (the engine's order). */
export type Combining = 'best' | 'stackable' | 'exclusive';

export const combiningOf = (promotion: Pick<Promotion, 'exclusive' | 'stackable'>): Combining =>
  promotion.exclusive ? 'exclusive' : promotion.stackable ? 'stackable' : 'best';

/** The currency as the reader's language writes it beside an amount ("JOD", "د.أ."), for a field's label. */
export function currencyText(currency: string): string {
  try {
    const part = new Intl.NumberFormat(locale(currentLanguage()), { style: 'currency', currency }).formatToParts(0).find((p) => p.type === 'currency');
    return part ? part.value.replace(/[\u200e\u200f]/g, '') : currency;
  } catch {
    return currency;
  }
}

/** Items joined as the reader's language joins them ("Monday and Friday", "الاثنين والجمعة"). */
export function joinList(items: readonly string[]): string {
  try {
    return new Intl.ListFormat(locale(currentLanguage()), { type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}

/** Names for the ids a reason or a rule mentions, when the screen knows them. */
export interface KnownNames {
  product?: (id: string) => string | undefined;
  customer?: (id: string) => string | undefined;
  location?: (id: string) => string | undefined;
  promotion?: (id: string) => string | undefined;
}

/** The texts every promotion screen writes: rewards, days, and the engine's reasons. */
export function usePromotionTexts(currency: string) {
  const { t } = useTranslation();
  const money = (amount: string) => formatMoney(amount, currency);
  const day = (weekday: string | number) => t(`promotions.weekdays.${Number(weekday)}`, { defaultValue: String(weekday) });
  const days = (list: readonly (string | number)[]) => joinList([...list].map(Number).sort((a, b) => a - b).map(day));

  const reward = (value: Promotion['reward'], productName?: (id: string) => string | undefined): string => {
    switch (value.type) {
      case 'percent':
        return t('promotions.rewardText.percent', { percent: value.percent });
      case 'fixed_amount':
        return t('promotions.rewardText.fixedAmount', { amount: money(value.amount) });
      case 'free_item':
        return t('promotions.rewardText.freeItem', { quantity: value.quantity, product: productName?.(value.product_id) ?? t('promotions.unknownProduct') });
      case 'buy_x_get_y':
        return value.percent === undefined || Number(value.percent) === 100
          ? t('promotions.rewardText.buyGetFree', { buy: value.buy_quantity, get: value.get_quantity })
          : t('promotions.rewardText.buyGetPercent', { buy: value.buy_quantity, get: value.get_quantity, percent: value.percent });
      case 'tiered':
        return joinList(
          value.tiers.map((tier) =>
            'min_subtotal' in tier
              ? t('promotions.rewardText.tierSubtotal', { amount: money(tier.min_subtotal), percent: tier.percent })
              : t('promotions.rewardText.tierQuantity', { quantity: tier.min_quantity, percent: tier.percent }),
          ),
        );
      default:
        return '';
    }
  };

  const combining = (value: Combining) => t(`promotions.combining.${value}`);

  /**
   * The engine's reason in the reader's language, from its key and params (the server's English
   * `reason` only for a key this screen does not know yet).
   */
  const reason = (key: string, params: Readonly<Record<string, string>>, fallback: string, names: KnownNames = {}): string => {
    const short = key.startsWith('promotion.why.') ? key.slice('promotion.why.'.length) : key;
    const p = params;
    switch (short) {
      case 'applied':
        return t('promotions.why.applied', { discount: money(p.discount ?? '0') });
      case 'capped':
        return t('promotions.why.capped', { discount: money(p.discount ?? '0'), requested: money(p.requested ?? '0') });
      case 'not_active':
        return t('promotions.why.not_active', { status: p.status ? t(`promotions.status.${p.status}`, { defaultValue: p.status }) : '' });
      case 'usage_limit_reached':
      case 'customer_limit_reached':
        return t(`promotions.why.${short}`, { limit: formatNumber(Number(p.limit ?? 0)), used: formatNumber(Number(p.used ?? 0)) });
      case 'before_start':
        return t('promotions.why.before_start', { starts_at: p.starts_at ? formatDateTime(p.starts_at) : '' });
      case 'expired':
        return t('promotions.why.expired', { ends_at: p.ends_at ? formatDateTime(p.ends_at) : '' });
      case 'wrong_day':
        return t('promotions.why.wrong_day', { weekday: day(p.weekday ?? ''), days: days((p.days ?? '').split(',').filter(Boolean)) });
      case 'outside_hours': {
        const values = { time: p.time ?? '', from: p.time_from ?? '', to: p.time_to ?? '' };
        if (p.time_from && p.time_to) return t('promotions.why.outside_hours', values);
        return p.time_from ? t('promotions.why.outside_hours_from', values) : t('promotions.why.outside_hours_to', values);
      }
      case 'customer_not_included': {
        const name = p.customer_id ? (names.customer?.(p.customer_id) ?? null) : null;
        if (!p.customer_id) return t('promotions.why.customer_not_included');
        return name ? t('promotions.why.customer_not_included_named', { customer: name }) : t('promotions.why.customer_not_included_this');
      }
      case 'location_not_included': {
        const name = p.location_id ? (names.location?.(p.location_id) ?? null) : null;
        if (!p.location_id) return t('promotions.why.location_not_included');
        return name ? t('promotions.why.location_not_included_named', { location: name }) : t('promotions.why.location_not_included_this');
      }
      case 'no_qualifying_lines':
      case 'customer_required':
      case 'nothing_to_discount':
        return t(`promotions.why.${short}`);
      case 'min_quantity':
        return t('promotions.why.min_quantity', { required: p.required ?? '', actual: p.actual ?? '' });
      case 'min_subtotal':
        return t('promotions.why.min_subtotal', { required: money(p.required ?? '0'), actual: money(p.actual ?? '0') });
      case 'item_not_in_cart': {
        const name = p.product_id ? names.product?.(p.product_id) : undefined;
        return name ? t('promotions.why.item_not_in_cart_named', { product: name }) : t('promotions.why.item_not_in_cart');
      }
      case 'excluded_by':
      case 'cannot_combine':
      case 'better_promotion': {
        const name = p.promotion_id ? names.promotion?.(p.promotion_id) : undefined;
        return name ? t(`promotions.why.${short}_named`, { promotion: name }) : t(`promotions.why.${short}`);
      }
      default:
        return fallback;
    }
  };

  return { money, day, days, reward, combining, reason };
}
