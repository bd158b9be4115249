/**
 * A report table printed on A4 with the documents' bilingual canvas (documents/pdf/canvas.ts):
 * a header (organization, title, period, when it was generated, the currency), the highlights as
 * boxes, then each section as a table whose column headers repeat on every page it runs onto, and
 * "page n of m" on every page.
 *
 * Arabic reports are laid out right to left: the header and the labels start at the right edge and
 * the columns are mirrored (the label column on the right, amounts to its left). Amounts stay
 * right-aligned in both directions so their decimal points line up down a column.
 */
import { A4, PdfCanvas, type TextStyle } from '../../documents/pdf/canvas.js';
import { isolateLtr } from '../../documents/pdf/bidi.js';
import {
  currencyName,
  displayCell,
  furniture,
  generatedAtText,
  isNumericKind,
  labelColumnIndex,
  type ReportTable,
  type ReportTableColumn,
  type ReportTableRow,
} from './format.js';

export interface PdfOptions {
  /** The organization's zone, for the "generated" time. */
  timeZone: string;
}

type Section = ReportTable['sections'][number];

const MARGIN = 40;
const WIDTH = A4.width - 2 * MARGIN;
const RIGHT = MARGIN + WIDTH;
const FOOTER_TOP = A4.height - 30;
const BOTTOM = FOOTER_TOP - 14;
const CELL_PAD = 4;
const INDENT = 10;
const MUTED = '#6b7280';
const ACCENT = '#1e3a8a';
const SHADE = '#f3f4f6';
const BORDER = '#d1d5db';
const HAIRLINE = '#e5e7eb';

const BODY_SIZE = 8.5;
const HEADER_SIZE = 7.5;
/** The smallest type a table is shrunk to when its columns do not fit at the normal size. */
const SMALLEST_SIZE = 5.5;
/** No text box is narrower: the canvas breaks a word letter by letter, one letter must fit. */
const MIN_BOX = 24;
const box = (width: number) => Math.max(width, MIN_BOX);

interface PlacedColumn {
  column: ReportTableColumn;
  x: number;
  width: number;
  numeric: boolean;
}

/** A row's indent, at most a third of its column (a narrow column keeps room for the text). */
const indentOf = (row: ReportTableRow, column: PlacedColumn) => Math.min(row.indent * INDENT, (column.width - 2 * CELL_PAD) / 3);

class ReportLayout {
  private y = MARGIN;
  /** The table type of the section being printed (smaller for a section with many columns). */
  private body: TextStyle = { size: BODY_SIZE };
  private bold: TextStyle = { size: BODY_SIZE, bold: true };
  private headerStyle: TextStyle = { size: HEADER_SIZE, bold: true, color: '#374151' };
  private readonly rtl: boolean;
  private readonly lang: 'en' | 'ar';

  constructor(
    private readonly c: PdfCanvas,
    private readonly t: ReportTable,
    private readonly options: PdfOptions,
  ) {
    this.lang = t.language;
    this.rtl = t.language === 'ar';
  }

  private say(label: { en: string; ar: string }) {
    return label[this.lang];
  }

  /** The start edge of the report's direction. */
  private get start(): 'left' | 'right' {
    return this.rtl ? 'right' : 'left';
  }

  render(): void {
    this.header();
    this.highlights();
    this.t.sections.forEach((section) => this.section(section));
    this.notes();
    this.c.eachPage((index, count) => this.footer(index, count));
  }

  private ensure(height: number): boolean {
    if (this.y + height <= BOTTOM) return false;
    this.c.addPage();
    this.y = MARGIN;
    return true;
  }

  private header(): void {
    const direction = this.rtl ? 'rtl' : 'ltr';
    const organization: TextStyle = { size: 10, bold: true, color: MUTED };
    this.y += this.c.paragraph(this.t.organization_name, MARGIN, this.y, { ...organization, width: WIDTH, align: this.start, direction });
    this.y += 2;
    const title: TextStyle = { size: 17, bold: true, color: ACCENT };
    this.y += this.c.paragraph(this.t.title, MARGIN, this.y, { ...title, width: WIDTH, align: this.start, direction });
    this.y += 2;
    this.y += this.c.paragraph(this.t.period_label, MARGIN, this.y, { size: 10, width: WIDTH, align: this.start, direction });
    const generated = `${this.say(furniture.generated)}: ${isolateLtr(generatedAtText(this.t.generated_at, this.options.timeZone))}`;
    const currency = `${this.say(furniture.currency)}: ${currencyName(this.t.currency, this.lang)} (${isolateLtr(this.t.currency)})`;
    const small: TextStyle = { size: 8, color: MUTED };
    this.y += 3;
    this.c.line(generated, MARGIN, this.y, { ...small, width: WIDTH, align: this.start, direction });
    this.c.line(currency, MARGIN, this.y, { ...small, width: WIDTH, align: this.rtl ? 'left' : 'right', direction });
    this.y += this.c.lineHeight(small) + 4;
    this.c.rule(MARGIN, this.y, RIGHT, this.y, ACCENT, 1.2);
    this.y += 12;
  }

  private highlights(): void {
    const items = this.t.highlights;
    if (!items.length) return;
    const perRow = Math.min(4, items.length);
    const gap = 8;
    const boxWidth = (WIDTH - gap * (perRow - 1)) / perRow;
    const labelStyle: TextStyle = { size: 7.5, color: MUTED };
    const valueStyle: TextStyle = { size: 12, bold: true };
    for (let i = 0; i < items.length; i += perRow) {
      const row = items.slice(i, i + perRow);
      const labelHeight = Math.max(...row.map((h) => this.c.heightOf(h.label, { ...labelStyle, width: boxWidth - 12, maxLines: 2 })));
      const height = labelHeight + this.c.lineHeight(valueStyle) + 14;
      this.ensure(height);
      row.forEach((highlight, j) => {
        const slot = this.rtl ? perRow - 1 - j : j;
        const x = MARGIN + slot * (boxWidth + gap);
        this.c.rect(x, this.y, boxWidth, height, SHADE);
        this.c.paragraph(highlight.label, x + 6, this.y + 5, { ...labelStyle, width: boxWidth - 12, maxLines: 2, align: this.start, direction: this.rtl ? 'rtl' : 'ltr' });
        const value = displayCell(highlight.value, highlight.kind) + (highlight.kind === 'money' ? ` ${this.t.currency}` : '');
        this.c.line(value, x + 6, this.y + 7 + labelHeight, { ...valueStyle, width: boxWidth - 12, align: this.start, direction: 'ltr' });
      });
      this.y += height + gap;
    }
    this.y += 6;
  }

  private tableType(size: number): void {
    this.body = { size };
    this.bold = { size, bold: true };
    this.headerStyle = { size: (size * HEADER_SIZE) / BODY_SIZE, bold: true, color: '#374151' };
  }

  /**
   * Column widths: amounts get the width of their widest value (their headers wrap if longer) and
   * at least that of a nine-digit amount, so that sections with small and large figures line their
   * amounts up under each other; the label column takes the rest and wraps. When even the
   * narrowest columns do not fit the page, the section is printed in smaller type.
   */
  private placeColumns(section: Section, labelColumn: number): PlacedColumn[] {
    this.tableType(BODY_SIZE);
    const { body, bold, headerStyle } = this;
    const moneyWidth = this.c.widthOf('-000,000,000.000', bold);
    const columns = section.columns;
    const valueWidth = (column: ReportTableColumn) =>
      Math.max(0, ...section.rows.map((row) => this.c.widthOf(displayCell(row.cells[column.key], column.kind), row.style === 'normal' ? body : bold)));
    const headerWidth = (column: ReportTableColumn) => Math.max(...column.label.split(/\s+/).map((w) => this.c.widthOf(w, headerStyle)), 0);
    const fullHeaderWidth = (column: ReportTableColumn) => this.c.widthOf(column.label, headerStyle);
    const minimumWith = (moneyFloor: number) =>
      columns.map((column) =>
        isNumericKind(column.kind) || column.kind === 'date'
          ? Math.max(valueWidth(column), headerWidth(column), column.kind === 'money' ? moneyFloor : 36) + 2 * CELL_PAD
          : Math.min(Math.max(headerWidth(column), 40), 90) + 2 * CELL_PAD,
      );
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    let minimum = minimumWith(moneyWidth);
    // Lining amounts up across sections is dropped before the type is made smaller.
    if (sum(minimum) > WIDTH) minimum = minimumWith(0);
    const natural = columns.map((column, i) =>
      isNumericKind(column.kind) || column.kind === 'date'
        ? Math.max(minimum[i]!, Math.min(fullHeaderWidth(column), 110) + 2 * CELL_PAD)
        : Math.max(minimum[i]!, Math.min(Math.max(valueWidth(column) + INDENT * 2, fullHeaderWidth(column)), 260) + 2 * CELL_PAD),
    );
    const widths = [...natural];
    const total = widths.reduce((a, b) => a + b, 0);
    if (total <= WIDTH) {
      // The extra space goes to the label column (account names), where long texts would wrap.
      widths[labelColumn] = widths[labelColumn]! + WIDTH - total;
    } else {
      const shrinkable = widths.map((w, i) => w - minimum[i]!);
      const room = shrinkable.reduce((a, b) => a + b, 0);
      const over = total - WIDTH;
      if (room >= over) widths.forEach((w, i) => (widths[i] = w - (over * shrinkable[i]!) / room));
      else {
        // Text widths scale with the type size: at size × scale every minimum fits in width × scale.
        const scale = WIDTH / minimum.reduce((a, b) => a + b, 0);
        minimum.forEach((w, i) => (widths[i] = w * scale));
        this.tableType(Math.max(SMALLEST_SIZE, BODY_SIZE * scale));
      }
    }
    const placed: PlacedColumn[] = [];
    let cursor = this.rtl ? RIGHT : MARGIN;
    columns.forEach((column, i) => {
      const width = widths[i]!;
      const x = this.rtl ? cursor - width : cursor;
      cursor = this.rtl ? cursor - width : cursor + width;
      placed.push({ column, x, width, numeric: isNumericKind(column.kind) });
    });
    return placed;
  }

  private sectionTitle(title: string, continued: boolean): void {
    const style: TextStyle = { size: 11, bold: true, color: ACCENT };
    const text = continued ? `${title} ${this.say(furniture.continued)}` : title;
    this.y += this.c.paragraph(text, MARGIN, this.y, { ...style, width: WIDTH, align: this.start, direction: this.rtl ? 'rtl' : 'ltr' }) + 4;
  }

  private headerHeight(columns: PlacedColumn[]): number {
    const lines = Math.max(...columns.map((p) => this.c.wrap(p.column.label, { ...this.headerStyle, width: box(p.width - 2 * CELL_PAD) }).length));
    return lines * this.c.lineHeight(this.headerStyle) + 8;
  }

  private columnHeaders(columns: PlacedColumn[]): void {
    const height = this.headerHeight(columns);
    this.c.rect(MARGIN, this.y, WIDTH, height, SHADE);
    for (const p of columns) {
      const align = p.numeric ? 'right' : p.column.kind === 'date' ? 'center' : this.start;
      this.c.paragraph(p.column.label, p.x + CELL_PAD, this.y + 4, { ...this.headerStyle, width: box(p.width - 2 * CELL_PAD), align, direction: this.rtl ? 'rtl' : 'ltr' });
    }
    this.y += height;
    this.c.rule(MARGIN, this.y, RIGHT, this.y, BORDER, 0.6);
    this.y += 2;
  }

  private rowHeight(row: ReportTableRow, columns: PlacedColumn[], labelColumn: number): number {
    const style = row.style === 'normal' ? this.body : this.bold;
    const lh = this.c.lineHeight(style);
    let lines = 1;
    columns.forEach((p, i) => {
      if (p.numeric || p.column.kind === 'date') return;
      const indent = i === labelColumn ? indentOf(row, p) : 0;
      lines = Math.max(lines, this.c.wrap(displayCell(row.cells[p.column.key], p.column.kind), { ...style, width: box(p.width - 2 * CELL_PAD - indent) }).length);
    });
    return lines * lh + 6;
  }

  private row(row: ReportTableRow, columns: PlacedColumn[], height: number, labelColumn: number): void {
    const style = row.style === 'normal' ? this.body : this.bold;
    if (row.style === 'total') this.c.rect(MARGIN, this.y, WIDTH, height, SHADE);
    if (row.style === 'subtotal' || row.style === 'total') this.c.rule(MARGIN, this.y, RIGHT, this.y, '#374151', 0.7);
    columns.forEach((p, i) => {
      const text = displayCell(row.cells[p.column.key], p.column.kind);
      if (!text) return;
      const indent = i === labelColumn ? indentOf(row, p) : 0;
      const inner = box(p.width - 2 * CELL_PAD - indent);
      if (p.numeric || p.column.kind === 'date') {
        this.c.line(text, p.x + CELL_PAD, this.y + 3, { ...style, width: p.width - 2 * CELL_PAD, align: p.numeric ? 'right' : 'center', direction: 'ltr' });
      } else {
        const x = this.rtl ? p.x + CELL_PAD : p.x + CELL_PAD + indent;
        // A name keeps its own direction (a Latin account name in an Arabic report reads left to
        // right) while the column stays aligned to the report's start edge.
        this.c.paragraph(text, x, this.y + 3, { ...style, width: inner, align: this.start, direction: 'auto' });
      }
    });
    this.y += height;
    if (row.style === 'total') {
      this.c.rule(MARGIN, this.y, RIGHT, this.y, '#374151', 0.7);
      this.c.rule(MARGIN, this.y + 1.6, RIGHT, this.y + 1.6, '#374151', 0.7);
      this.y += 2;
    } else if (row.style === 'normal') {
      this.c.rule(MARGIN, this.y, RIGHT, this.y, HAIRLINE);
    }
  }

  private section(section: Section): void {
    const labelColumn = labelColumnIndex(section);
    const columns = this.placeColumns(section, labelColumn);
    const titleHeight = section.title ? this.c.heightOf(section.title, { size: 11, bold: true, width: WIDTH }) + 4 : 0;
    const firstRow = section.rows[0] ? this.rowHeight(section.rows[0], columns, labelColumn) : 20;
    // A title and its column headers never stand alone at the foot of a page.
    this.ensure(titleHeight + this.headerHeight(columns) + firstRow + 2);
    if (section.title) this.sectionTitle(section.title, false);
    this.columnHeaders(columns);
    if (!section.rows.length) {
      const empty = section.empty_text ?? '—';
      this.y += this.c.paragraph(empty, MARGIN + CELL_PAD, this.y + 3, { size: 8.5, color: MUTED, width: WIDTH - 2 * CELL_PAD, align: this.start, direction: this.rtl ? 'rtl' : 'ltr' }) + 6;
    }
    for (const row of section.rows) {
      const height = this.rowHeight(row, columns, labelColumn);
      if (this.ensure(height + 2)) {
        if (section.title) this.sectionTitle(section.title, true);
        this.columnHeaders(columns);
      }
      this.row(row, columns, height, labelColumn);
    }
    this.y += 16;
  }

  private notes(): void {
    if (!this.t.notes.length) return;
    const heading: TextStyle = { size: 9, bold: true, color: ACCENT };
    const style = { size: 8.5, color: '#374151', width: WIDTH, align: this.start, direction: this.rtl ? ('rtl' as const) : ('ltr' as const) };
    this.ensure(this.c.lineHeight(heading) + this.c.lineHeight(style) + 4);
    this.c.line(this.say(furniture.notes), MARGIN, this.y, { ...heading, width: WIDTH, align: this.start, direction: style.direction });
    this.y += this.c.lineHeight(heading) + 3;
    for (const note of this.t.notes) {
      for (const line of this.c.wrap(note, style)) {
        this.ensure(this.c.lineHeight(style));
        this.y += this.c.paragraph(line, MARGIN, this.y, style);
      }
      this.y += 4;
    }
  }

  private footer(index: number, count: number): void {
    this.c.rule(MARGIN, FOOTER_TOP - 4, RIGHT, FOOTER_TOP - 4, BORDER);
    const style: TextStyle = { size: 7.5, color: MUTED };
    const direction = this.rtl ? 'rtl' : 'ltr';
    const third = WIDTH * 0.6;
    this.c.paragraph(`${this.t.organization_name} · ${this.t.title}`, this.rtl ? RIGHT - third : MARGIN, FOOTER_TOP, { ...style, width: third, align: this.start, direction, maxLines: 1 });
    const page = furniture.page[this.lang](index + 1, count);
    this.c.line(page, this.rtl ? MARGIN : RIGHT - WIDTH * 0.3, FOOTER_TOP, { ...style, width: WIDTH * 0.3, align: this.rtl ? 'left' : 'right', direction });
  }
}

/** The PDF bytes of a report table. */
export async function reportPdf(table: ReportTable, options: PdfOptions): Promise<Buffer> {
  const canvas = new PdfCanvas({
    title: `${table.title} — ${table.organization_name}`,
    author: table.organization_name,
    subject: table.period_label,
    lang: table.language === 'ar' ? 'ar-JO' : 'en-JO',
  });
  new ReportLayout(canvas, table, options).render();
  return canvas.finish();
}
