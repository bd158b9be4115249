/** How every report writes amounts and dates in its language. */
import { formatAmount } from '../ledger/present.js';
import { tr, type ReportLanguage } from './definition.js';

/** An amount in minor units as the decimal text of the responses ("11.166"). */
export const moneyText = (minor: number, currency: string) => formatAmount(minor, currency);

const dateFormats = {
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
  // Western digits and the Levantine month names Jordan uses (كانون الثاني …), as Jordanian statements print them.
  ar: new Intl.DateTimeFormat('ar-JO-u-nu-latn', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
};

/** "30 Nov 2026" / "30 تشرين الثاني 2026". */
export const dateText = (language: ReportLanguage, date: string) => dateFormats[language === 'ar' ? 'ar' : 'en'].format(new Date(`${date}T00:00:00Z`));

export const asOfLabel = (language: ReportLanguage, date: string) => tr(language, `As of ${dateText(language, date)}`, `كما في ${dateText(language, date)}`);

export const periodLabel = (language: ReportLanguage, from: string, to: string) => `${dateText(language, from)} – ${dateText(language, to)}`;
