/**
 * Promotions at the till (issue 16): how the register words what the engine decided, and how it
 * recognises the server's refusal of a sale whose promotions changed meanwhile.
 *
 * The engine (shared/src/promotions/engine.ts) says why with a key and parameters, money as decimal
 * text in the cart's currency ("0.725"); the words are this feature's (`pos.promotion.why.*` in both
 * languages), and money is shown as the screens show money. A promotion named in a reason (the one
 * that applies instead) is named as the cashier knows it, in the screen's language.
 */
import type { PromotionReasonKey } from '@daftar/shared/promotions/engine';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

export interface PromotionNames {
  name: string;
  name_ar: string | null;
}

/** A promotion's name in the screen's language (the Arabic one when there is one). */
export const promotionName = (names: PromotionNames | undefined, fallback: string, language = currentLanguage()) =>
  (language === 'ar' ? names?.name_ar || names?.name : names?.name) ?? fallback;

/** The parameters that are amounts of money, per reason (quantities and counts are left as they are). */
const MONEY_PARAMS: Partial<Record<PromotionReasonKey, readonly string[]>> = {
  'promotion.why.applied': ['discount'],
  'promotion.why.capped': ['discount', 'requested'],
  'promotion.why.min_subtotal': ['required', 'actual'],
};

/** Why a promotion applies (or does not), in the cashier's language. */
export function promotionReason(
  t: TFunction,
  reason: { reason_key: string; reason_params: Record<string, string> },
  currency: string,
  names: ReadonlyMap<string, PromotionNames> = new Map(),
): string {
  const params: Record<string, string> = { ...reason.reason_params };
  for (const key of MONEY_PARAMS[reason.reason_key as PromotionReasonKey] ?? []) {
    if (params[key] !== undefined) params[key] = formatMoney(params[key]!, currency);
  }
  if (params.promotion_id) params.promotion = promotionName(names.get(params.promotion_id), params.promotion_id);
  return t(`pos.${reason.reason_key}`, { ...params, defaultValue: '' }) || t('pos.promotion.why.unknown');
}

/**
 * The server's 409 for an online sale whose promotions no longer give what the register applied
 * (functions/src/pos/sales.ts `checkPromotions`): the register reads them again and applies them anew.
 * Told apart from the other 409 of a sale — "still in progress" from the idempotency guard, which
 * is only a wait — by its wording.
 */
export function promotionsChanged(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && /^The promotions changed\b/.test(error.detail ?? '');
}

/**
 * The promotions a 409 names as no longer applying: the server lists each claimed promotion it
 * skipped as "Name: reason" inside the parentheses of its detail. Matched against the promotions
 * the sale claimed, by name; unnamed ones (the wording changed) are simply not found.
 */
export function refusedPromotionIds(error: unknown, claimed: readonly string[], names: ReadonlyMap<string, PromotionNames>): string[] {
  if (!promotionsChanged(error)) return [];
  const detail = (error as ApiError).detail ?? '';
  const open = detail.indexOf('(');
  const close = detail.lastIndexOf(')');
  if (open < 0 || close < open) return [];
  const listed = detail.slice(open + 1, close).split('; ');
  return claimed.filter((id) => {
    const name = names.get(id)?.name;
    return !!name && listed.some((entry) => entry.startsWith(`${name}: `));
  });
}
