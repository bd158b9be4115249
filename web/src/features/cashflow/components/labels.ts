import { CASH_FLOW_CATEGORIES, CASH_FLOW_CATEGORY_KEYS, isCashSubtype, type CashFlowCategory } from '@daftar/shared/cashflow/classify';
import { narrate } from '@daftar/shared/narrative';
import type { TFunction } from 'i18next';
import { locale } from '../../../lib/format';
import { currentLanguage, type Language } from '../../../lib/i18n';
import type { CashFlowLine } from '../api/keys';

export { CASH_FLOW_CATEGORIES, CASH_FLOW_CATEGORY_KEYS, type CashFlowCategory };

/** A category in the reader's language (every key of CASH_FLOW_CATEGORIES has a text in en and ar). */
export const categoryLabel = (t: TFunction, category: string) => t(`cashFlow.categories.${category}`, { defaultValue: category });

/** Categories as select options, in the order the server lists them, optionally without transfers. */
export const categoryOptions = (t: TFunction, { withTransfers = true } = {}) =>
  CASH_FLOW_CATEGORY_KEYS.filter((c) => withTransfers || c !== 'transfers').map((value) => ({ value, label: categoryLabel(t, value) }));

/** Where a line came from, with the journal's names for its documents. */
export const sourceLabel = (t: TFunction, sourceType: string) => t(`journal.sources.${sourceType}`, { defaultValue: sourceType });

/**
 * What a line was, in the reader's language. A manual entry: the owner's own words. A posted one:
 * the narrative its posting wrote, rendered with the shared catalogue as the journal renders it
 * ("دفعة مقبوضة من …"); a journal entry's typed memo as typed. A posting written before narratives
 * keeps its stored English for an English reader, and any other reader gets its source and
 * document number in their language ("دفعة PAY-000003").
 */
export function describeLine(t: TFunction, line: CashFlowLine, language: Language = currentLanguage()): string {
  if (line.is_manual_entry) return line.description || categoryLabel(t, line.cash_flow_category);
  const narrated = narrate(line.description_narrative, language);
  if (narrated) return narrated;
  if (line.description && (line.source_type === 'manual' || language === 'en')) return line.description;
  const source = sourceLabel(t, line.source_type);
  if (!line.entry_name) return source;
  // A Latin document number keeps its own direction inside an Arabic sentence (first-strong isolate).
  const number = language === 'ar' ? `\u2068${line.entry_name}\u2069` : line.entry_name;
  return t('cashFlow.transactions.postedAs', { source, number });
}

/**
 * A ratio the server gives with four decimals ("0.1234") as a percentage. Bias keeps its sign so
 * the reader sees which way the forecasts leaned (+ too high, − too low).
 */
export function formatRatio(ratio: string, { signed = false } = {}) {
  return new Intl.NumberFormat(locale(currentLanguage()), { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: signed ? 'exceptZero' : 'auto' }).format(Number(ratio));
}

/** Short day label for a chart axis ("21 Nov"), a calendar day without any time-zone shift. */
export function dayLabel(date: string) {
  return new Intl.DateTimeFormat(locale(currentLanguage()), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** Month label for a monthly point ("Nov 26"). */
export function monthLabel(date: string) {
  return new Intl.DateTimeFormat(locale(currentLanguage()), { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** Heights only: the texts beside the charts are formatted from the exact decimal strings. */
export const height = (amount: string | null | undefined) => (amount == null ? null : Number(amount));

/** The accounts whose movements are cash: cash on hand, bank, and receipts in transit (as the server counts them). */
export const isCashAccount = (account: { subtype: string; is_active: boolean }) => isCashSubtype(account.subtype) && account.is_active;
