/**
 * Jordan general sales tax (GST): the rate set, its JoFotara tax categories and the two-month return
 * periods (JORDAN.md §1.3 "Tax category codes", §2.1, §2.2; ARCHITECTURE §7).
 *
 * JoFotara uses its own meanings for the UN/ECE 5305 codes: S = any positive rate, Z = EXEMPT,
 * O = ZERO-RATED (ISTD guide v1.4 p.41 and Odoo's `_get_tax_category_code`). One community kit's
 * notes swap Z and O; the guide wins.
 */
import { compareRatios, formatDecimal, parseDecimal, ratioOf, type DecimalInput } from './money.js';
import type { TaxCategory } from './tax.js';

export type JoFotaraTaxCategory = 'S' | 'Z' | 'O';

export interface JordanGstRate {
  /** Stable code for the organization's tax record created by `POST taxes/jordan-gst/setup`. */
  code: string;
  /** Percent, canonical text. */
  rate: string;
  category: TaxCategory;
  jofotara_category: JoFotaraTaxCategory;
  name_en: string;
  name_ar: string;
}

export const JORDAN_STANDARD_GST_RATE = '16';

/**
 * A positive rate. Names do not repeat the rate: every screen shows a tax's rate beside its name
 * ("General sales tax (standard rate) (16%)"), so a name with the rate read "… 16% (standard) (16%)".
 */
function positiveRate(rate: string, kind_en: string, kind_ar: string): JordanGstRate {
  return {
    code: `JO_GST_${rate}`,
    rate,
    category: 'standard',
    jofotara_category: 'S',
    name_en: `General sales tax (${kind_en})`,
    name_ar: `ضريبة المبيعات العامة (${kind_ar})`,
  };
}

const reducedRate = (rate: string) => positiveRate(rate, 'reduced rate', 'نسبة مخفضة');

/**
 * 16% standard, the reduced rates JoFotara accepts (1, 2, 3, 4, 5, 7, 8, 10), zero-rated and exempt.
 * Reduced rates are set by decision and change over time (JORDAN.md §5), so the set is the one the
 * e-invoicing validator takes, not a claim about which goods carry which rate.
 */
export const JORDAN_GST_RATES: readonly JordanGstRate[] = [
  positiveRate('16', 'standard rate', 'النسبة العامة'),
  reducedRate('10'),
  reducedRate('8'),
  reducedRate('7'),
  reducedRate('5'),
  reducedRate('4'),
  reducedRate('3'),
  reducedRate('2'),
  reducedRate('1'),
  {
    code: 'JO_GST_ZERO_RATED',
    rate: '0',
    category: 'zero_rated',
    jofotara_category: 'O',
    name_en: 'General sales tax (zero-rated)',
    name_ar: 'ضريبة المبيعات العامة (خاضع بنسبة الصفر)',
  },
  {
    code: 'JO_GST_EXEMPT',
    rate: '0',
    category: 'exempt',
    jofotara_category: 'Z',
    name_en: 'Exempt from general sales tax',
    name_ar: 'معفى من ضريبة المبيعات العامة',
  },
];

/**
 * The rates `POST taxes/jordan-gst/setup` creates as an organization's taxes: all but exempt. A line
 * without a tax is exempt (JoFotara category Z; documents/lines.ts, e-invoicing/mapping.ts, the GST
 * return), and every tax picker offers that as "No tax (exempt)", so an exempt tax would be a
 * second, competing choice meaning the same (issue 12). Organizations set up before keep theirs.
 */
export const JORDAN_GST_SETUP_RATES: readonly JordanGstRate[] = JORDAN_GST_RATES.filter((rate) => rate.category !== 'exempt');

/** Names for the special sales tax, which has no fixed rate set (per good, fixed or percent). */
export const JORDAN_SPECIAL_SALES_TAX = {
  name_en: 'Special sales tax',
  name_ar: 'ضريبة المبيعات الخاصة',
  /** JoFotara writes it as a TaxSubtotal with category S, no Percent, scheme OTH (JORDAN.md §1.3). */
  jofotara_category: 'S',
  jofotara_tax_scheme: 'OTH',
} as const;

export function jordanGstRateByCode(code: string): JordanGstRate | undefined {
  return JORDAN_GST_RATES.find((rate) => rate.code === code);
}

/** The Jordan rate entry for a (rate, category) pair, or undefined when Jordan has no such rate. */
export function findJordanGstRate(rate: DecimalInput, category: TaxCategory): JordanGstRate | undefined {
  let canonical: string;
  try {
    canonical = formatDecimal(parseDecimal(rate));
  } catch {
    return undefined;
  }
  return JORDAN_GST_RATES.find((entry) => entry.rate === canonical && entry.category === category);
}

/**
 * The JoFotara TaxCategory code for a line: S for a positive rate, O for zero-rated, Z for exempt.
 * Throws when the rate and category disagree, rather than send a code the portal would misreport.
 */
export function jofotaraTaxCategory(category: TaxCategory, rate: DecimalInput): JoFotaraTaxCategory {
  const positive = compareRatios(ratioOf(rate), ratioOf('0')) > 0;
  if (category === 'standard') {
    if (!positive) throw new RangeError('A standard-rated line needs a positive rate');
    return 'S';
  }
  if (positive) throw new RangeError(`A ${category} line has a 0% rate`);
  return category === 'exempt' ? 'Z' : 'O';
}

export interface GstPeriod {
  /** First day, YYYY-MM-DD. */
  start: string;
  /** Last day, YYYY-MM-DD. */
  end: string;
  /** "January–February 2025". */
  label: string;
  /** "كانون الثاني–شباط 2025" (Levantine month names, as used in Jordan). */
  label_ar: string;
}

const MONTHS_EN = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;
const MONTHS_AR = [
  'كانون الثاني', 'شباط', 'آذار', 'نيسان', 'أيار', 'حزيران',
  'تموز', 'آب', 'أيلول', 'تشرين الأول', 'تشرين الثاني', 'كانون الأول',
] as const;

/**
 * Business dates are Jordan's calendar dates: an instant is read on the Amman clock. Built on first
 * use: constructing a DateTimeFormat loads ICU time-zone data (~10 ms), which every Lambda importing
 * this module would otherwise pay at cold start though few ever format a Date here.
 */
let ammanDate: Intl.DateTimeFormat | undefined;
const ammanDateFormat = () => (ammanDate ??= new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Amman',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
}));

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function calendarDate(date: string | Date): { year: number; month: number } {
  let text: string;
  if (date instanceof Date) {
    if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date');
    text = ammanDateFormat().format(date);
  } else {
    text = date;
  }
  const match = ISO_DATE.exec(text);
  if (!match) throw new RangeError(`Date must be YYYY-MM-DD, got "${text}"`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    throw new RangeError(`Not a calendar date: "${text}"`);
  }
  return { year, month };
}

/**
 * The two-month GST return period holding `date` (JORDAN.md §2.2: GST is filed every two months,
 * January–February, March–April, … November–December). A `Date` is placed on the Amman calendar, so
 * a sale at 23:30 on 28 February UTC belongs to March–April.
 */
export function gstPeriodFor(date: string | Date): GstPeriod {
  const { year, month } = calendarDate(date);
  const firstMonth = month % 2 === 1 ? month : month - 1; // 1, 3, 5, 7, 9, 11
  const lastMonth = firstMonth + 1;
  const lastDay = new Date(Date.UTC(year, lastMonth, 0)).getUTCDate();
  const first = firstMonth - 1;
  const last = lastMonth - 1;
  return {
    start: `${pad(year, 4)}-${pad(firstMonth)}-01`,
    end: `${pad(year, 4)}-${pad(lastMonth)}-${pad(lastDay)}`,
    label: `${MONTHS_EN[first]}–${MONTHS_EN[last]} ${year}`,
    label_ar: `${MONTHS_AR[first]}–${MONTHS_AR[last]} ${year}`,
  };
}
