/**
 * The printed form of a commercial document (tax invoice, credit note): A4, every label in English
 * on the left and Arabic on the right, values between them, so a reader of either language reads
 * label → value in their own direction. Lines run onto further pages with their header repeated;
 * every page carries the document number, "page n of m" and, for a draft, a DRAFT / مسودة mark.
 */
import { A4, PdfCanvas, type TextStyle } from './canvas.js';
import { isolateLtr } from './bidi.js';

export interface Bilingual {
  en: string;
  ar: string;
}

export interface PrintedFact {
  label: Bilingual;
  value: string;
}

export interface PrintedParty {
  heading: Bilingual;
  /** Names as the organization wrote them (Arabic, Latin or both). */
  names: string[];
  facts: PrintedFact[];
  /** Address lines, phone, e-mail. */
  details: string[];
}

export interface PrintedLine {
  description: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  net: string;
  taxRate: string;
  tax: string;
  gross: string;
}

export interface PrintedTaxRow {
  label: Bilingual;
  taxable: string;
  tax: string;
}

export interface PrintedTotal {
  label: Bilingual;
  value: string;
  strong?: boolean;
}

export interface PrintedDocument {
  title: Bilingual;
  /** Number shown in the footer of each page. */
  reference: string;
  draft: boolean;
  facts: PrintedFact[];
  seller: PrintedParty;
  buyer: PrintedParty;
  currency: { code: string; en: string; ar: string };
  lines: PrintedLine[];
  taxRows: PrintedTaxRow[];
  totals: PrintedTotal[];
  remarks: { label: Bilingual; text: string }[];
  /** JoFotara's QR payload, printed when present. */
  qr?: string;
  metadata: { title: string; author: string; subject: string };
}

const MARGIN = 40;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const RIGHT = MARGIN + CONTENT_WIDTH;
const FOOTER_TOP = A4.height - 32;
const BOTTOM = FOOTER_TOP - 12;
const MUTED = '#6b7280';
const ACCENT = '#1e3a8a';
const SHADE = '#f3f4f6';
const BORDER = '#d1d5db';

const label: TextStyle = { size: 7.5, color: MUTED };
const value: TextStyle = { size: 9.5 };

interface Column {
  key: keyof PrintedLine | 'index';
  heading: Bilingual;
  width: number;
  numeric: boolean;
}

const COLUMNS: Column[] = [
  { key: 'index', heading: { en: '#', ar: '' }, width: 18, numeric: false },
  { key: 'description', heading: { en: 'Description', ar: 'الوصف' }, width: 149, numeric: false },
  { key: 'quantity', heading: { en: 'Qty', ar: 'الكمية' }, width: 40, numeric: true },
  { key: 'unitPrice', heading: { en: 'Unit price', ar: 'سعر الوحدة' }, width: 56, numeric: true },
  { key: 'discount', heading: { en: 'Discount', ar: 'الخصم' }, width: 48, numeric: true },
  { key: 'net', heading: { en: 'Net', ar: 'الصافي' }, width: 60, numeric: true },
  { key: 'taxRate', heading: { en: 'Tax %', ar: 'النسبة' }, width: 38, numeric: true },
  { key: 'tax', heading: { en: 'Tax', ar: 'الضريبة' }, width: 50, numeric: true },
  { key: 'gross', heading: { en: 'Total', ar: 'الإجمالي' }, width: 56, numeric: true },
];
const CELL_PAD = 3;

class Layout {
  private y = MARGIN;

  constructor(
    private readonly c: PdfCanvas,
    private readonly d: PrintedDocument,
  ) {}

  render(): void {
    this.header();
    this.facts();
    this.parties();
    this.linesTable();
    this.summary();
    this.remarks();
    this.c.eachPage((index, count) => this.pageFurniture(index, count));
  }

  private newPage(): void {
    this.c.addPage();
    this.y = MARGIN;
  }

  /** Moves to a new page when `height` does not fit on this one. */
  private ensure(height: number): boolean {
    if (this.y + height <= BOTTOM) return false;
    this.newPage();
    return true;
  }

  private header(): void {
    const title: TextStyle = { size: 18, bold: true, color: ACCENT };
    this.c.line(this.d.title.en, MARGIN, this.y, { ...title, width: CONTENT_WIDTH, align: 'left' });
    this.c.line(this.d.title.ar, MARGIN, this.y, { ...title, width: CONTENT_WIDTH, align: 'right' });
    if (this.d.draft) {
      this.c.line('DRAFT — مسودة', MARGIN, this.y + 5, { size: 11, bold: true, color: '#b91c1c', width: CONTENT_WIDTH, align: 'center', direction: 'ltr' });
    }
    this.y += this.c.lineHeight(title) + 2;
    this.c.rule(MARGIN, this.y, RIGHT, this.y, ACCENT, 1.2);
    this.y += 8;
  }

  /** One row: English label at the left edge, the value centred, the Arabic label at the right edge. */
  private factRow(fact: PrintedFact, x: number, width: number, labelWidth: number): number {
    const valueWidth = width - 2 * labelWidth;
    const valueStyle = { ...value, width: valueWidth - 8, align: 'center' as const };
    const height = Math.max(this.c.heightOf(fact.value, valueStyle), this.c.lineHeight(value));
    const labelTop = this.y + (this.c.lineHeight(value) - this.c.lineHeight(label)) / 2;
    this.c.line(fact.label.en, x, labelTop, { ...label, width: labelWidth, align: 'left' });
    this.c.paragraph(fact.value, x + labelWidth + 4, this.y, valueStyle);
    this.c.line(fact.label.ar, x + width - labelWidth, labelTop, { ...label, width: labelWidth, align: 'right' });
    return height;
  }

  private facts(): void {
    const half = (CONTENT_WIDTH - 16) / 2;
    const columns = [this.d.facts.slice(0, Math.ceil(this.d.facts.length / 2)), this.d.facts.slice(Math.ceil(this.d.facts.length / 2))];
    const top = this.y;
    let bottom = top;
    columns.forEach((facts, i) => {
      this.y = top;
      const x = MARGIN + i * (half + 16);
      for (const fact of facts) {
        const h = this.factRow(fact, x, half, 78);
        this.y += h + 3;
        this.c.rule(x, this.y - 1.5, x + half, this.y - 1.5, '#e5e7eb');
      }
      bottom = Math.max(bottom, this.y);
    });
    this.y = bottom + 10;
  }

  private partyHeight(party: PrintedParty, width: number): number {
    const inner = width - 12;
    let h = this.c.lineHeight({ size: 9, bold: true }) + 8;
    for (const name of party.names) h += this.c.heightOf(name, { size: 10.5, bold: true, width: inner });
    h += party.facts.length * (this.c.lineHeight(value) + 2);
    for (const detail of party.details) h += this.c.heightOf(detail, { size: 8.5, width: inner });
    return h + 8;
  }

  private party(party: PrintedParty, x: number, width: number, height: number): void {
    const top = this.y;
    const heading: TextStyle = { size: 9, bold: true, color: ACCENT };
    const headingHeight = this.c.lineHeight(heading) + 4;
    this.c.rect(x, top, width, headingHeight, SHADE);
    this.c.frame(x, top, width, height, BORDER);
    this.c.line(party.heading.en, x + 6, top + 2, { ...heading, width: width - 12, align: 'left' });
    this.c.line(party.heading.ar, x + 6, top + 2, { ...heading, width: width - 12, align: 'right' });
    this.y = top + headingHeight + 4;
    const inner = width - 12;
    for (const name of party.names) this.y += this.c.paragraph(name, x + 6, this.y, { size: 10.5, bold: true, width: inner, align: 'start' });
    for (const fact of party.facts) this.y += this.factRow(fact, x + 6, inner, 62) + 2;
    for (const detail of party.details) this.y += this.c.paragraph(detail, x + 6, this.y, { size: 8.5, width: inner, align: 'start' });
    this.y = top;
  }

  private parties(): void {
    const width = (CONTENT_WIDTH - 16) / 2;
    const height = Math.max(this.partyHeight(this.d.seller, width), this.partyHeight(this.d.buyer, width));
    this.ensure(height);
    this.party(this.d.seller, MARGIN, width, height);
    this.party(this.d.buyer, MARGIN + width + 16, width, height);
    this.y += height + 12;
  }

  private tableHeader(): void {
    const style: TextStyle = { size: 7, bold: true, color: '#374151' };
    const lh = this.c.lineHeight(style);
    const height = 2 * lh + 6;
    this.c.rect(MARGIN, this.y, CONTENT_WIDTH, height, SHADE);
    let x = MARGIN;
    for (const column of COLUMNS) {
      const align = column.numeric ? 'right' : column.key === 'index' ? 'center' : 'left';
      this.c.line(column.heading.en, x + CELL_PAD, this.y + 3, { ...style, width: column.width - 2 * CELL_PAD, align });
      this.c.line(column.heading.ar, x + CELL_PAD, this.y + 3 + lh, { ...style, width: column.width - 2 * CELL_PAD, align: column.numeric ? 'right' : column.key === 'index' ? 'center' : 'right' });
      x += column.width;
    }
    this.y += height + 2;
  }

  private linesTable(): void {
    const currencyNote = `Amounts in ${this.d.currency.code} — ${this.d.currency.en}`;
    const currencyNoteAr = `العملة: ${this.d.currency.ar} — ${isolateLtr(this.d.currency.code)}`;
    this.ensure(80);
    this.c.line(currencyNote, MARGIN, this.y, { ...label, width: CONTENT_WIDTH, align: 'left' });
    this.c.line(currencyNoteAr, MARGIN, this.y, { ...label, width: CONTENT_WIDTH, align: 'right' });
    this.y += this.c.lineHeight(label) + 2;
    this.tableHeader();
    const body: TextStyle = { size: 8.5 };
    const lh = this.c.lineHeight(body);
    this.d.lines.forEach((line, index) => {
      const descriptionStyle = { ...body, width: COLUMNS[1]!.width - 2 * CELL_PAD, align: 'start' as const };
      const height = this.c.heightOf(line.description, descriptionStyle) + 5;
      if (this.ensure(height)) this.tableHeader();
      let x = MARGIN;
      for (const column of COLUMNS) {
        const text = column.key === 'index' ? String(index + 1) : line[column.key];
        const style = { ...body, width: column.width - 2 * CELL_PAD };
        if (column.key === 'description') this.c.paragraph(text, x + CELL_PAD, this.y + 2, descriptionStyle);
        else this.c.line(text, x + CELL_PAD, this.y + 2, { ...style, align: column.numeric ? 'right' : 'center', direction: 'ltr' });
        x += column.width;
      }
      this.y += Math.max(height, lh + 5);
      this.c.rule(MARGIN, this.y, RIGHT, this.y, '#e5e7eb');
    });
    this.y += 12;
  }

  private taxSummary(x: number, width: number, top: number): number {
    let y = top;
    const heading: TextStyle = { size: 8.5, bold: true, color: ACCENT };
    const headLh = this.c.lineHeight(heading);
    this.c.rect(x, y, width, headLh + 4, SHADE);
    this.c.line('Tax summary', x + 4, y + 2, { ...heading, width: width - 8, align: 'left' });
    this.c.line('ملخص الضريبة', x + 4, y + 2, { ...heading, width: width - 8, align: 'right' });
    y += headLh + 6;
    const small: TextStyle = { size: 7, color: MUTED };
    const labelWidth = width * 0.42;
    const amountWidth = (width - labelWidth) / 2;
    this.c.line('Taxable · الخاضع', x + labelWidth, y, { ...small, width: amountWidth - 4, align: 'right', direction: 'ltr' });
    this.c.line('Tax · الضريبة', x + labelWidth + amountWidth, y, { ...small, width: amountWidth - 4, align: 'right', direction: 'ltr' });
    y += this.c.lineHeight(small) + 2;
    const row: TextStyle = { size: 8.5 };
    const lh = this.c.lineHeight(row);
    for (const r of this.d.taxRows) {
      this.c.line(r.label.en, x + 4, y, { ...row, width: labelWidth - 4, align: 'left' });
      this.c.line(r.label.ar, x + 4, y + lh, { ...row, width: labelWidth - 4, align: 'right', color: MUTED });
      this.c.line(r.taxable, x + labelWidth, y + lh / 2, { ...row, width: amountWidth - 4, align: 'right', direction: 'ltr' });
      this.c.line(r.tax, x + labelWidth + amountWidth, y + lh / 2, { ...row, width: amountWidth - 4, align: 'right', direction: 'ltr' });
      y += 2 * lh + 3;
      this.c.rule(x, y - 1.5, x + width, y - 1.5, '#e5e7eb');
    }
    return y - top;
  }

  private totals(x: number, width: number, top: number): number {
    let y = top;
    for (const total of this.d.totals) {
      const style: TextStyle = total.strong ? { size: 10, bold: true } : { size: 9 };
      const lh = this.c.lineHeight(style);
      if (total.strong) this.c.rect(x, y - 1, width, lh + 4, SHADE);
      const labelWidth = width * 0.36;
      this.c.line(total.label.en, x + 4, y + 1, { ...style, width: labelWidth, align: 'left', color: total.strong ? ACCENT : MUTED });
      this.c.line(total.value, x + labelWidth, y + 1, { ...style, width: width - 2 * labelWidth, align: 'center', direction: 'ltr' });
      this.c.line(total.label.ar, x + width - labelWidth - 4, y + 1, { ...style, width: labelWidth, align: 'right', color: total.strong ? ACCENT : MUTED });
      y += lh + 5;
    }
    return y - top;
  }

  private summary(): void {
    const left = (CONTENT_WIDTH - 16) * 0.45;
    const right = CONTENT_WIDTH - 16 - left;
    const qrSize = this.d.qr ? 96 : 0;
    const needed = Math.max(40 + this.d.taxRows.length * 26 + (qrSize ? qrSize + 10 : 0), this.d.totals.length * 20);
    this.ensure(needed);
    const top = this.y;
    const taxHeight = this.taxSummary(MARGIN, left, top);
    if (this.d.qr) this.c.qr(this.d.qr, MARGIN, top + taxHeight + 10, qrSize);
    const totalsHeight = this.totals(MARGIN + left + 16, right, top);
    this.y = top + Math.max(taxHeight + (qrSize ? qrSize + 10 : 0), totalsHeight) + 14;
  }

  private remarks(): void {
    for (const remark of this.d.remarks) {
      const style = { size: 9, width: CONTENT_WIDTH, align: 'start' as const };
      const heading: TextStyle = { size: 8.5, bold: true, color: ACCENT };
      this.ensure(this.c.lineHeight(heading) + Math.min(this.c.heightOf(remark.text, style), 200) + 8);
      this.c.line(remark.label.en, MARGIN, this.y, { ...heading, width: CONTENT_WIDTH, align: 'left' });
      this.c.line(remark.label.ar, MARGIN, this.y, { ...heading, width: CONTENT_WIDTH, align: 'right' });
      this.y += this.c.lineHeight(heading) + 2;
      for (const line of this.c.wrap(remark.text, style)) {
        this.ensure(this.c.lineHeight(style));
        this.y += this.c.paragraph(line, MARGIN, this.y, style);
      }
      this.y += 8;
    }
  }

  private pageFurniture(index: number, count: number): void {
    if (this.d.draft) {
      const doc = this.c.doc;
      doc.save();
      doc.rotate(-35, { origin: [A4.width / 2, A4.height / 2] });
      doc.fillOpacity(0.07);
      this.c.line('DRAFT  مسودة', 0, A4.height / 2 - 50, { size: 84, bold: true, color: '#b91c1c', width: A4.width, align: 'center', direction: 'ltr' });
      doc.restore();
    }
    this.c.rule(MARGIN, FOOTER_TOP - 4, RIGHT, FOOTER_TOP - 4, BORDER);
    const footer: TextStyle = { size: 7.5, color: MUTED };
    this.c.line(this.d.reference, MARGIN, FOOTER_TOP, { ...footer, width: CONTENT_WIDTH / 3, align: 'left', direction: 'ltr' });
    this.c.line(`Page ${index + 1} of ${count}`, MARGIN + CONTENT_WIDTH / 3, FOOTER_TOP, { ...footer, width: CONTENT_WIDTH / 3, align: 'center' });
    this.c.line(`صفحة ${index + 1} من ${count}`, RIGHT - CONTENT_WIDTH / 3, FOOTER_TOP, { ...footer, width: CONTENT_WIDTH / 3, align: 'right' });
  }
}

/** The PDF bytes of a printed document. */
export async function renderDocumentPdf(printed: PrintedDocument): Promise<Buffer> {
  const canvas = new PdfCanvas(printed.metadata);
  new Layout(canvas, printed).render();
  return canvas.finish();
}
