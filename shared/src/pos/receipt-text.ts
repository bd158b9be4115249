/**
 * A till receipt in words, in Arabic and English together (issue 15, "receipts by e-mail"): the
 * labels, the plain text and the HTML of one receipt. Pure, so the server's e-mail
 * (functions/src/pos/receipt-consumer.ts) and the register's printout read the same.
 *
 * Both languages are always on the receipt — a Jordanian shop's customers read either — and the
 * customer's language comes first. Figures are given already formatted (decimal strings in major
 * units, as the API writes money): this module lays them out, it never computes them, so the
 * receipt shows exactly what posted.
 *
 * Numbers, dates and receipt numbers inside Arabic text are wrapped in a left-to-right isolate
 * (U+2066 … U+2069), or "1.250" after an Arabic word could be drawn reversed; the mailer turns the
 * isolates into marks in plain text, and the HTML here uses `dir="ltr"` spans.
 */

export type ReceiptLanguage = 'en' | 'ar';

export const RECEIPT_LABELS = {
  en: {
    receipt: 'Receipt',
    returnReceipt: 'Return receipt',
    number: 'Receipt no.',
    date: 'Date',
    customer: 'Customer',
    item: 'Item',
    returned: 'Returned',
    exchange: 'Taken in exchange',
    subtotal: 'Subtotal',
    discount: 'Discount',
    promotion: (name: string) => `  of which promotion: ${name}`,
    pointsRedeemed: (points: number) => `  of which ${points} loyalty points`,
    pointsEarned: 'Loyalty points earned',
    pointsTakenBack: 'Loyalty points taken back',
    pointsRestored: 'Loyalty points given back',
    pointsBalance: 'Loyalty points balance',
    taxAt: (rate: string) => `Tax ${rate}%`,
    exempt: 'Exempt',
    total: 'Total',
    refundTotal: 'Refund',
    paid: 'Paid',
    refunded: 'Refunded',
    change: 'Change',
    einvoice: (number: string) => `JoFotara e-invoice ${number}: its QR code is attached`,
    einvoicePending: (number: string) => `E-invoice ${number} pending`,
    thanks: 'Thank you for your visit.',
    tenders: { cash: 'Cash', card: 'Card', cliq: 'CliQ', store_credit: 'Store credit', on_account: 'On account', gift_card: 'Gift card' },
    subject: (number: string, shop: string) => `Your receipt ${number} from ${shop}`,
  },
  ar: {
    receipt: 'إيصال',
    returnReceipt: 'إيصال إرجاع',
    number: 'رقم الإيصال',
    date: 'التاريخ',
    customer: 'العميل',
    item: 'الصنف',
    returned: 'المرتجع',
    exchange: 'المأخوذ بدلًا منه',
    subtotal: 'المجموع الفرعي',
    discount: 'الخصم',
    promotion: (name: string) => `  منه عرض: ${name}`,
    pointsRedeemed: (points: number) => `  منه ${points} نقطة ولاء`,
    pointsEarned: 'نقاط الولاء المكتسبة',
    pointsTakenBack: 'نقاط الولاء المستردّة',
    pointsRestored: 'نقاط الولاء المُعادة',
    pointsBalance: 'رصيد نقاط الولاء',
    taxAt: (rate: string) => `الضريبة ${isolate(`${rate}%`)}`,
    exempt: 'معفى',
    total: 'الإجمالي',
    refundTotal: 'المبلغ المسترد',
    paid: 'المدفوع',
    refunded: 'المسترد',
    change: 'الباقي',
    einvoice: (number: string) => `الفاتورة الإلكترونية ${isolate(number)} (جوفوترة): رمز الاستجابة السريعة مرفق`,
    einvoicePending: (number: string) => `الفاتورة الإلكترونية ${isolate(number)} قيد الإرسال`,
    thanks: 'شكرًا لزيارتكم.',
    tenders: { cash: 'نقدًا', card: 'بطاقة', cliq: 'كليك', store_credit: 'رصيد المتجر', on_account: 'على الحساب', gift_card: 'بطاقة هدايا' },
    subject: (number: string, shop: string) => `إيصالك ${isolate(number)} من ${shop}`,
  },
} as const;

export type ReceiptTender = keyof (typeof RECEIPT_LABELS)['en']['tenders'];

/** A left-to-right isolate around a run (a number, a date) that sits inside right-to-left text. */
export const isolate = (value: string) => `\u2066${value}\u2069`;

export interface ReceiptViewLine {
  name: string;
  name_ar: string | null;
  quantity: string;
  unit_price: string;
  /** What the line came to, tax included, after its discount. */
  gross: string;
  /** The line's discount; "0.000" (or any zero) prints nothing. */
  discount: string;
}

export interface ReceiptView {
  kind: 'sale' | 'return';
  shop: { name: string; name_ar: string | null; tax_number: string | null };
  header: string | null;
  footer: string | null;
  number: string;
  /** Date and time as the shop's clock read them (see `receiptDateTime`). */
  occurred_at: string;
  customer_name: string | null;
  currency: string;
  /** Sold lines (a sale) or returned lines (a return). */
  lines: ReceiptViewLine[];
  /** A return's exchange: what the customer took instead. */
  new_lines: ReceiptViewLine[];
  subtotal: string;
  discount: string;
  /** The promotions the sale earned (part of `discount`), each printed with its name: the reason it was given. */
  promotions?: { name: string; name_ar: string | null; discount: string }[];
  /**
   * Loyalty points on the ticket (the transaction's `loyalty` block): redeemed points are part of
   * `discount` (their value); earned, taken back and given back are counts, with the balance after.
   */
  loyalty?: { points_redeemed: number; redeemed_value: string; points_earned: number; points_taken_back: number; points_restored: number; balance_after: number } | null;
  /** Tax per rate, in the order printed. */
  taxes: { rate: string; exempt: boolean; net: string; tax: string }[];
  total: string;
  payments: { tender: ReceiptTender; amount: string }[];
  refunds: { tender: ReceiptTender; amount: string }[];
  change: string;
  /**
   * The receipt's JoFotara documents (a sale's invoice; a return's credit note and an exchange's
   * invoice), each with its QR payload once the portal accepted it, null while pending. Empty when
   * the receipt has none (e-invoicing off, a return without a receipt).
   */
  einvoices: { number: string; qr: string | null }[];
}

const isZero = (amount: string) => !/[1-9]/.test(amount);

/**
 * Date and time of `iso` in `timeZone`, "2026-11-26 10:15" (digits and order the same in either
 * language, as Jordanian receipts print them).
 */
export function receiptDateTime(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** The languages in the order the receipt shows them: the customer's first. */
const order = (primary: ReceiptLanguage): ReceiptLanguage[] => (primary === 'ar' ? ['ar', 'en'] : ['en', 'ar']);

const lineName = (line: ReceiptViewLine, lang: ReceiptLanguage) => (lang === 'ar' && line.name_ar ? line.name_ar : line.name);

/** Both languages' subject, the customer's first. */
export function receiptSubject(view: ReceiptView, primary: ReceiptLanguage): string {
  const shop = (lang: ReceiptLanguage) => (lang === 'ar' && view.shop.name_ar ? view.shop.name_ar : view.shop.name);
  return order(primary).map((lang) => RECEIPT_LABELS[lang].subject(view.number, shop(lang))).join(' — ');
}

/** One figure row: the label in both languages and the amount. */
interface Row { en: string; ar: string; amount: string; strong?: boolean }

function figureRows(view: ReceiptView): Row[] {
  const en = RECEIPT_LABELS.en;
  const ar = RECEIPT_LABELS.ar;
  const money = (amount: string) => `${amount} ${view.currency}`;
  const rows: Row[] = [{ en: en.subtotal, ar: ar.subtotal, amount: money(view.subtotal) }];
  if (!isZero(view.discount)) rows.push({ en: en.discount, ar: ar.discount, amount: money(`-${view.discount}`) });
  for (const p of view.promotions ?? []) rows.push({ en: en.promotion(p.name), ar: ar.promotion(p.name_ar ?? p.name), amount: money(`-${p.discount}`) });
  const points = view.loyalty;
  if (points?.points_redeemed) rows.push({ en: en.pointsRedeemed(points.points_redeemed), ar: ar.pointsRedeemed(points.points_redeemed), amount: money(`-${points.redeemed_value}`) });
  for (const t of view.taxes) {
    rows.push(t.exempt ? { en: en.exempt, ar: ar.exempt, amount: money(t.tax) } : { en: en.taxAt(t.rate), ar: ar.taxAt(t.rate), amount: money(t.tax) });
  }
  rows.push(view.kind === 'return' ? { en: en.refundTotal, ar: ar.refundTotal, amount: money(view.total), strong: true } : { en: en.total, ar: ar.total, amount: money(view.total), strong: true });
  for (const p of view.payments) rows.push({ en: `${en.paid}: ${en.tenders[p.tender]}`, ar: `${ar.paid}: ${ar.tenders[p.tender]}`, amount: money(p.amount) });
  for (const r of view.refunds) rows.push({ en: `${en.refunded}: ${en.tenders[r.tender]}`, ar: `${ar.refunded}: ${ar.tenders[r.tender]}`, amount: money(r.amount) });
  if (!isZero(view.change)) rows.push({ en: en.change, ar: ar.change, amount: money(view.change) });
  // Points are counts, not money: printed after the money, with the balance the customer now holds.
  if (points && (points.points_earned || points.points_redeemed || points.points_taken_back || points.points_restored)) {
    if (points.points_earned) rows.push({ en: en.pointsEarned, ar: ar.pointsEarned, amount: String(points.points_earned) });
    if (points.points_taken_back) rows.push({ en: en.pointsTakenBack, ar: ar.pointsTakenBack, amount: String(-points.points_taken_back) });
    if (points.points_restored) rows.push({ en: en.pointsRestored, ar: ar.pointsRestored, amount: String(points.points_restored) });
    rows.push({ en: en.pointsBalance, ar: ar.pointsBalance, amount: String(points.balance_after) });
  }
  return rows;
}

function shopLines(view: ReceiptView, lang: ReceiptLanguage): string[] {
  const name = lang === 'ar' && view.shop.name_ar ? view.shop.name_ar : view.shop.name;
  return [name];
}

/**
 * The receipt as plain text: the shop, then per language the heading, number, date and lines, then
 * the figures with both labels, then the e-invoice line.
 */
export function receiptText(view: ReceiptView, primary: ReceiptLanguage): string {
  const out: string[] = [];
  const langs = order(primary);
  out.push(...shopLines(view, langs[0]!));
  if (view.shop.name_ar && view.shop.name_ar !== view.shop.name) out.push(...shopLines(view, langs[1]!));
  if (view.shop.tax_number) out.push(`TIN / الرقم الضريبي: ${isolate(view.shop.tax_number)}`);
  if (view.header) out.push(view.header);
  out.push('');
  for (const lang of langs) {
    const l = RECEIPT_LABELS[lang];
    const num = lang === 'ar' ? isolate(view.number) : view.number;
    const when = lang === 'ar' ? isolate(view.occurred_at) : view.occurred_at;
    out.push(`${view.kind === 'return' ? l.returnReceipt : l.receipt} — ${l.number}: ${num}`);
    out.push(`${l.date}: ${when}`);
    if (view.customer_name) out.push(`${l.customer}: ${view.customer_name}`);
  }
  const lineBlock = (title: Row | null, lines: ReceiptViewLine[]) => {
    if (!lines.length) return;
    out.push('');
    if (title) out.push(`${title.en} / ${title.ar}`);
    for (const line of lines) {
      const names = [line.name, line.name_ar].filter((n, i, all): n is string => !!n && all.indexOf(n) === i).join(' / ');
      out.push(names);
      out.push(`  ${line.quantity} × ${line.unit_price} = ${line.gross}${isZero(line.discount) ? '' : ` (-${line.discount})`}`);
    }
  };
  const en = RECEIPT_LABELS.en;
  const ar = RECEIPT_LABELS.ar;
  lineBlock(view.kind === 'return' ? { en: en.returned, ar: ar.returned, amount: '' } : null, view.lines);
  lineBlock({ en: en.exchange, ar: ar.exchange, amount: '' }, view.new_lines);
  out.push('');
  for (const row of figureRows(view)) out.push(`${row.en} / ${row.ar}: ${isolate(row.amount)}`);
  out.push('');
  for (const e of view.einvoices) {
    out.push(e.qr ? en.einvoice(e.number) : en.einvoicePending(e.number));
    out.push(e.qr ? ar.einvoice(e.number) : ar.einvoicePending(e.number));
  }
  if (view.footer) out.push('', view.footer);
  out.push('', `${RECEIPT_LABELS[langs[0]!].thanks} ${RECEIPT_LABELS[langs[1]!].thanks}`);
  return out.join('\n');
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** Escaped text whose isolates become `dir="ltr"` spans (mail clients draw bare isolates as boxes). */
const html = (s: string) => escapeHtml(s).replace(/\u2066([^\u2066-\u2069]*)\u2069/g, '<span dir="ltr">$1</span>').replace(/[\u202A-\u202E\u2066-\u2069]/g, '');
const ltrSpan = (s: string) => `<span dir="ltr">${escapeHtml(s)}</span>`;

/**
 * The receipt as an HTML message: one table, English labels on the left, Arabic on the right, the
 * figures between them, so neither language is a translation printed under the other.
 */
export function receiptHtml(view: ReceiptView, primary: ReceiptLanguage): string {
  const en = RECEIPT_LABELS.en;
  const ar = RECEIPT_LABELS.ar;
  const cell = 'padding:2px 6px;vertical-align:top';
  const row = (left: string, middle: string, right: string, strong = false) => {
    const w = strong ? 'font-weight:bold;' : '';
    return `<tr><td style="${cell};${w}text-align:left" dir="ltr">${left}</td><td style="${cell};${w}text-align:center">${middle}</td><td style="${cell};${w}text-align:right" dir="rtl">${right}</td></tr>`;
  };
  const rows: string[] = [];
  rows.push(row(html(view.shop.name), '', html(view.shop.name_ar ?? view.shop.name), true));
  if (view.shop.tax_number) rows.push(row('TIN', ltrSpan(view.shop.tax_number), 'الرقم الضريبي'));
  if (view.header) rows.push(`<tr><td colspan="3" style="${cell};text-align:center">${html(view.header)}</td></tr>`);
  rows.push(row(html(view.kind === 'return' ? en.returnReceipt : en.receipt), '', html(view.kind === 'return' ? ar.returnReceipt : ar.receipt), true));
  rows.push(row(html(en.number), ltrSpan(view.number), html(ar.number)));
  rows.push(row(html(en.date), ltrSpan(view.occurred_at), html(ar.date)));
  if (view.customer_name) rows.push(row(html(en.customer), html(view.customer_name), html(ar.customer)));
  const lineRows = (lines: ReceiptViewLine[], title: { en: string; ar: string } | null) => {
    if (!lines.length) return;
    rows.push(`<tr><td colspan="3"><hr></td></tr>`);
    if (title) rows.push(row(html(title.en), '', html(title.ar), true));
    for (const line of lines) {
      const figures = `${line.quantity} × ${line.unit_price} = ${line.gross}${isZero(line.discount) ? '' : ` (-${line.discount})`}`;
      rows.push(row(html(lineName(line, 'en')), ltrSpan(figures), html(lineName(line, 'ar'))));
    }
  };
  lineRows(view.lines, view.kind === 'return' ? { en: en.returned, ar: ar.returned } : null);
  lineRows(view.new_lines, { en: en.exchange, ar: ar.exchange });
  rows.push(`<tr><td colspan="3"><hr></td></tr>`);
  for (const r of figureRows(view)) rows.push(row(html(r.en), ltrSpan(r.amount), html(r.ar), r.strong));
  rows.push(`<tr><td colspan="3"><hr></td></tr>`);
  for (const e of view.einvoices) {
    rows.push(e.qr ? row(html(en.einvoice(e.number)), '', html(ar.einvoice(e.number))) : row(html(en.einvoicePending(e.number)), '', html(ar.einvoicePending(e.number))));
  }
  if (view.footer) rows.push(`<tr><td colspan="3" style="${cell};text-align:center">${html(view.footer)}</td></tr>`);
  rows.push(row(html(en.thanks), '', html(ar.thanks)));
  const lang = primary;
  return `<!doctype html><html lang="${lang}"><body style="font-family:Arial,Tahoma,sans-serif;max-width:600px;margin:auto"><table style="width:100%;border-collapse:collapse">${rows.join('')}</table></body></html>`;
}
